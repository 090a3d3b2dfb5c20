import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { AddItemPage } from './pages/AddItemPage';
import { ItemEditPage } from './pages/ItemEditPage';
import { OutsideUpdatesPage } from './pages/OutsideUpdatesPage';
import { expectAccessible } from './support/axe';
import { DEMO, E2E_PORT, screenshotPath } from './support/env';
import { importSites } from './support/outsideUpdatesApi';

/**
 * Auto-accept rules (issue 13, beyond the spec), in zone 2 (Bay Area) with store 9 only: the
 * store's local changes (the demo's drift) arrive with no rule and stay on the list; a rule made in
 * the editor shows in a dry run what it would decide; the same store file imported again is then
 * decided by the rule on arrival, and the item's history names the rule. The rule is deleted at
 * the end, so the other journeys see no rule.
 */
const ZONE_2 = { id: 2, label: '2 - Bay Area' };
const RULE = 'E2E store 9 reject';

test.describe.configure({ timeout: 240_000 });

interface Listed {
  root: Array<{ Idcode: string; PackSize: number; isNew: boolean; Description: string | null }>;
  included: Array<{ Idcode: string; PackSize: number; SiteNo: number }>;
}

/** Zone 2's roots whose every origin is store 9. */
async function fromStore9(page: Page) {
  const res = await page.request.get(`/outsideupdates/${DEMO.userName}/${ZONE_2.id}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as Listed;
  const key = (r: { Idcode: string; PackSize: number }) => `${r.Idcode}@${r.PackSize}`;
  const origins = new Map<string, number[]>();
  for (const i of body.included) origins.set(key(i), [...(origins.get(key(i)) ?? []), i.SiteNo]);
  return body.root.filter((r) => {
    const o = origins.get(key(r)) ?? [];
    return o.length > 0 && o.every((n) => n === 9);
  });
}

/** Store 9's newest item file copied under a later name: the store sends the same changes again. */
function resendStore9File() {
  const dir = fileURLToPath(new URL(`../.data-test/e2e-${E2E_PORT}/sites/009/from-site/`, import.meta.url));
  const files = fs
    .readdirSync(dir)
    .filter((n) => /^ITT009\d{14}\.xml$/.test(n))
    .sort();
  const last = files.at(-1);
  if (!last) throw new Error('store 9 has exported no item file');
  const stamp = new Date(Date.now() + 60_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const name = `ITT009${stamp}.xml`;
  expect(name > last).toBe(true);
  fs.copyFileSync(dir + last, dir + name);
}

/** The editor at the two screen sizes the product is checked at. */
async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: screenshotPath(`${name}-${width}`) });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

async function deleteRuleByApi(page: Page) {
  const res = await page.request.get(`/outsideupdates/${DEMO.userName}/${ZONE_2.id}/rules`);
  const rules = ((await res.json()).RootResults ?? []) as Array<{ RuleID: number; Name: string }>;
  for (const r of rules.filter((x) => x.Name === RULE)) {
    await page.request.delete(`/outsideupdates/${DEMO.userName}/${ZONE_2.id}/rules/${r.RuleID}`);
  }
}

test.afterEach(async ({ page }) => {
  // Whatever happened, the other journeys must find no rule.
  await deleteRuleByApi(page);
});

test('a rule made in the editor: its dry run, then it decides store 9 changes on arrival and the history names it', async ({
  page,
}) => {
  // 1. Store 9's local changes arrive while zone 2 has no rule: they stay on the list.
  await importSites(page.request, '9');
  const waiting = await fromStore9(page);
  expect(waiting.length).toBeGreaterThan(0);
  const existing = waiting.find((r) => !r.isNew);
  if (!existing) throw new Error('store 9 sent no change of an item the zone has');

  // 2. The editor, from the criteria panel: a rule that rejects what store 9 alone sends.
  const ou = new OutsideUpdatesPage(page);
  await ou.open(ZONE_2.label);
  await ou.openCriteria();
  await page.getByRole('button', { name: 'Auto-accept rules' }).click();
  const dialog = page.getByRole('dialog', { name: 'Auto-accept rules: Bay Area' });
  await expect(dialog.getByText('This zone has no rules: nothing is decided automatically.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  const form = dialog.getByRole('form', { name: 'Add rule' });
  await form.getByRole('textbox', { name: 'Name' }).fill(RULE);
  await form.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Reject' });
  await form.getByRole('textbox', { name: 'From store' }).fill('9');
  await shoot(page, 'outside-updates-rules-form');
  await expectAccessible(page, 'auto-accept rules editor with its form', '[role="dialog"]');
  await form.getByRole('button', { name: 'Save rule' }).click();
  await expect(form).toHaveCount(0);
  const rules = dialog.getByRole('table', { name: 'Auto-accept rules' });
  await expect(rules.getByRole('row').filter({ hasText: RULE })).toContainText('Rejectfrom store 9');
  await expect(dialog.getByRole('switch', { name: `Enabled: ${RULE}` })).toBeChecked();

  // 3. Dry run: what the rule would decide on today's list, nothing written.
  await dialog.getByRole('button', { name: 'Dry run' }).click();
  const dry = dialog.getByRole('table', { name: "Dry run on today's list" });
  await expect(dry).toBeVisible();
  for (const r of waiting) {
    await expect(dry.getByRole('row').filter({ hasText: r.Idcode })).toContainText(`${RULE}Reject`);
  }
  await shoot(page, 'outside-updates-rules-dryrun');
  await expectAccessible(page, 'auto-accept rules editor with a dry run', '[role="dialog"]');
  expect((await fromStore9(page)).length).toBe(waiting.length);

  // The dry run's decisions set on today's list as if chosen by hand; nothing written until Apply.
  await dialog.getByRole('button', { name: `Set these actions on the list (${waiting.length})` }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    ou.toast(`${waiting.length} action(s) set from the rules. Review them, then Apply Changes.`),
  ).toBeVisible();
  const key = `${existing.Idcode}@${existing.PackSize}`;
  await ou.scrollToRow(key);
  await expect(ou.cell(key, 'Action')).toHaveText('Reject');
  // Undone here, so that the rule decides them on arrival below.
  await ou.button('Undo Changes').click();
  await ou.dialog('Confirm Reset').getByRole('button', { name: 'Yes' }).click();
  await expect(ou.cell(key, 'Action')).toHaveText('No Action');
  expect((await fromStore9(page)).length).toBe(waiting.length);

  // 4. The store sends the same changes again: on arrival the rule decides them (Reject).
  resendStore9File();
  await importSites(page.request, '9');
  await expect.poll(async () => (await fromStore9(page)).length).toBe(0);

  // 5. The item's history at store 9 names the rule.
  const add = new AddItemPage(page);
  await add.goto(ZONE_2.label);
  await add.lookUp(existing.Idcode, String(existing.PackSize));
  await add.dialog('Item exists in the zone').getByRole('button', { name: 'Edit' }).click();
  const edit = new ItemEditPage(page);
  await edit.expectOpen();
  await edit.history.click();
  await edit.toggleExpandAll.click();
  const ruleRows = edit.historyRows().filter({ hasText: `Auto-accept rule: ${RULE}` });
  await expect(ruleRows.first()).toBeVisible();
  await expect(edit.historyCell(ruleRows.first(), 'Source')).toHaveText(
    `Outside Update (Reject, Auto-accept rule: ${RULE})`,
  );
  await expect(edit.historyCell(ruleRows.first(), 'ChangedBy')).toHaveText(DEMO.userName);

  // 6. The rule is deleted in the editor.
  await ou.open(ZONE_2.label);
  await ou.openCriteria();
  await page.getByRole('button', { name: 'Auto-accept rules' }).click();
  await dialog.getByRole('button', { name: `Delete rule ${RULE}` }).click();
  await expect(dialog.getByText(`Delete the rule ${RULE}?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog.getByText('This zone has no rules: nothing is decided automatically.')).toBeVisible();
});
