import { expect, type Page, test } from '@playwright/test';
import { ShellPage } from './pages/ShellPage';
import { expectAccessible } from './support/axe';
import { DEMO, screenshotPath } from './support/env';

/**
 * The Negotiated Cost Manager on the demo's zone 1 (Central Valley), whose 'Q4 Candy Deal'
 * (Core-Mark, 0.8500, ten candy items) the demo loads: a header cell edited inline and saved with
 * its row, a stale save refused, an item added and removed, a clone made and deleted (after its Yes/No question), and a row
 * left in edit saved before the route changes.
 */
const ZONE_1 = '1 - Central Valley';
const DEAL = 'Q4 Candy Deal';

test.describe.configure({ timeout: 180_000, mode: 'serial' });

interface Header {
  NegCostID: number;
  Label: string;
  Version: number;
  VendorId: string;
  Cost: string;
  CostEffectiveDateTimeDisplay: string;
  CostExpirationDateTimeDisplay: string;
}
interface Item {
  NegCostID: number;
  ID: string;
  PackSize: number;
}

const headersOf = async (page: Page, zone: number): Promise<{ root: Header[]; included: Item[] }> => {
  const res = await page.request.get(`/adjust/negcosthdrs/${DEMO.userName}/${zone}`);
  expect(res.ok()).toBe(true);
  return res.json();
};

async function open(page: Page) {
  const shell = new ShellPage(page);
  await page.goto('/adjust/negCostMgr');
  await shell.expectTitle('Negotiated Cost Manager');
  await shell.zonePicker.click();
  await page.getByRole('option', { name: ZONE_1, exact: true }).click();
  return shell;
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

test('headers are edited inline and saved per row; a stale save is refused', async ({ page }) => {
  const before = await headersOf(page, 1);
  const deal = before.root.find((h) => h.Label === DEAL);
  if (!deal) throw new Error('no Q4 Candy Deal in the demo');
  await open(page);
  const headers = page.getByTestId('negcost-headers');
  const row = headers.locator(`[row-id="${deal.NegCostID}"]`);
  await expect(row.locator('[col-id="Label"]')).toHaveText(DEAL);
  await expect(row.locator('[col-id="Cost"]')).toHaveText(deal.Cost);
  await headers.getByRole('checkbox', { name: `Select ${DEAL}`, exact: true }).check();
  const items = page.getByTestId('negcost-items');
  const dealItems = before.included.filter((i) => i.NegCostID === deal.NegCostID);
  await expect(items.locator(`[row-id="${dealItems[0].ID}|1"]`)).toBeVisible();
  await expect(page.getByRole('heading', { name: `Items of ${DEAL}` })).toBeVisible();
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: screenshotPath(`negotiated-cost-manager-${w}x${h}`) });
  }
  await expectAccessible(page, 'Negotiated Cost Manager');

  // The label and the cost edited in the row; Enter ends the row's edit and saves it.
  await row.locator('[col-id="Label"]').dblclick();
  const label = row.locator('[col-id="Label"] input');
  await label.fill(`${DEAL} (edited)`);
  const cost = row.locator('[col-id="Cost"] input');
  await cost.fill('0.8125');
  const saved = page.waitForResponse((r) => r.url().includes('/updateNegotiatedCostHeaders'));
  await cost.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(row.locator('[col-id="Cost"]')).toHaveText('0.8125');
  const after = (await headersOf(page, 1)).root.find((h) => h.NegCostID === deal.NegCostID);
  expect(after).toMatchObject({ Label: `${DEAL} (edited)`, Cost: '0.8125', Version: deal.Version + 1 });

  // A save from the version read before is refused and changes nothing.
  const stale = await page.request.post(`/negcost/${DEMO.userName}/updateNegotiatedCostHeaders`, {
    data: {
      NegotiatedCostHeader: {
        NegCostID: deal.NegCostID,
        Version: deal.Version,
        VendorId: deal.VendorId,
        Label: 'Stale',
        Cost: deal.Cost,
        CostEffectiveDateTime: deal.CostEffectiveDateTimeDisplay,
        CostExpirationDateTime: deal.CostExpirationDateTimeDisplay,
      },
    },
  });
  expect(stale.status()).toBe(409);

  // Edited again and left by the menu without Enter: the row is saved before the route changes.
  await row.locator('[col-id="Label"]').dblclick();
  await row.locator('[col-id="Label"] input').fill(DEAL);
  await row.locator('[col-id="Cost"] input').fill(deal.Cost);
  await new ShellPage(page).navigate('Reports', 'Negotiated Cost Report');
  await new ShellPage(page).expectTitle('Negotiated Cost Report');
  const restored = (await headersOf(page, 1)).root.find((h) => h.NegCostID === deal.NegCostID);
  expect(restored).toMatchObject({ Label: DEAL, Cost: deal.Cost, Version: deal.Version + 2 });
});

test('items are added and removed; clone makes a new header with the items, Delete removes it', async ({
  page,
}) => {
  const zone1 = await headersOf(page, 1);
  const deal = zone1.root.find((h) => h.Label === DEAL) as Header;
  // An item of zone 1 that is not in the deal: the first of zone 2's energy drinks.
  const energy = (await headersOf(page, 2)).included[0];
  await open(page);
  const items = page.getByTestId('negcost-items');

  // Without a header selected, Add says so.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Need to select Neg. Cost Header')).toBeVisible();

  await page
    .getByTestId('negcost-headers')
    .getByRole('checkbox', { name: `Select ${DEAL}`, exact: true })
    .check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const id = items.locator('[row-id="new"] [col-id="ID"] input');
  await expect(id).toHaveValue('CHANGE ME');
  await id.fill(energy.ID);
  await items.locator('[row-id="new"] [col-id="PackSize"] input').fill('1');
  await items.locator('[row-id="new"] [col-id="PackSize"] input').press('Enter');
  await expect(toast(page, `Item ${energy.ID} added.`)).toBeVisible({ timeout: 20_000 });
  await expect(items.locator(`[row-id="${energy.ID}|1"]`)).toBeVisible();

  // The same item again: the spec's sentence, and the row is taken away.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await items.locator('[row-id="new"] [col-id="ID"] input').fill(energy.ID);
  await items.locator('[row-id="new"] [col-id="PackSize"] input').fill('1');
  await items.locator('[row-id="new"] [col-id="PackSize"] input').press('Enter');
  await expect(
    toast(page, 'this item is already in this list of items associated with this negotiated cost'),
  ).toBeVisible();
  await expect(toast(page, 'Error On Add Item: Unable to add item(s)')).toBeVisible();
  await expect(items.locator('[row-id="new"]')).toHaveCount(0);

  await items.getByRole('checkbox', { name: `Select ${energy.ID} pack 1` }).check();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(toast(page, 'Items(s) deleted successfully')).toBeVisible();
  await expect(items.locator(`[row-id="${energy.ID}|1"]`)).toHaveCount(0);

  // Clone: the source's items under a new label; the end a month after today by default.
  await page.getByRole('button', { name: 'Clone', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Clone Negotiated Cost' });
  await expect(dialog.getByRole('textbox', { name: 'Label' })).toHaveValue(DEAL);
  await expect(dialog.getByRole('textbox', { name: 'Expiration Date' })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await dialog.getByRole('textbox', { name: 'Label' }).fill('Q1 Candy Deal');
  await dialog.getByRole('textbox', { name: 'Cost' }).fill('0.8000');
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: screenshotPath(`negotiated-cost-clone-${w}x${h}`) });
  }
  await expectAccessible(page, 'Negotiated Cost Manager, Clone');
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  const n = zone1.included.filter((i) => i.NegCostID === deal.NegCostID).length;
  await expect(toast(page, `Negotiated cost Q1 Candy Deal created with ${n} item(s).`)).toBeVisible({
    timeout: 30_000,
  });
  const clone = (await headersOf(page, 1)).root.find((h) => h.Label === 'Q1 Candy Deal');
  expect(clone).toMatchObject({ Cost: '0.8000', VendorId: deal.VendorId });
  const headers = page.getByTestId('negcost-headers');
  await expect(headers.locator(`[row-id="${clone?.NegCostID}"]`)).toBeVisible();

  await headers.getByRole('checkbox', { name: 'Select Q1 Candy Deal' }).check();
  // Delete asks first: No keeps the header, Yes deletes it.
  const del = page.getByRole('button', { name: 'Delete', exact: true });
  const confirm = page.getByRole('dialog', { name: 'Delete Negotiated Cost' });
  await del.click();
  await expect(confirm).toContainText("Delete 1 negotiated cost(s): 'Q1 Candy Deal'?");
  await expectAccessible(page, 'Negotiated Cost Manager, Delete confirmation', '[role="dialog"]');
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: screenshotPath(`negotiated-cost-delete-confirm-${w}x${h}`) });
  }
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toHaveCount(0);
  expect((await headersOf(page, 1)).root.some((h) => h.Label === 'Q1 Candy Deal')).toBe(true);
  await del.click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, '1 negotiated cost(s) deleted.')).toBeVisible();
  await expect(headers.locator(`[row-id="${clone?.NegCostID}"]`)).toHaveCount(0);
  expect((await headersOf(page, 1)).root.some((h) => h.Label === 'Q1 Candy Deal')).toBe(false);
});
