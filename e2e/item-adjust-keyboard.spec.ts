import { expect, test } from '@playwright/test';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { expectAccessible } from './support/axe';
import { screenshotPath } from './support/env';
import { cents, dollars, itemApi, searchApi } from './support/itemAdjustApi';
import { focusGridCell, hasFocus, leaveGridBackwards, pressUntilFocused } from './support/keyboard';

/**
 * Item Adjustment's whole journey from the keyboard alone (issue 25): no click, hover or mouse
 * call; the focus moves with Tab, Shift+Tab, the skip link and the grid's arrow keys. Zone 3's
 * items 0125880013x (four, type I), which no other journey uses.
 */
const ZONE_3 = { id: 3, label: '3 - Sierra Foothills' };
const PREFIX = '0125880013';

test('keyboard only: search, Shift+Arrow range, Set Price with preview, Set Cost, Coverage, F2 + Enter, Ctrl+Z, History', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { Items } = await searchApi(page.request, ZONE_3.id, { ApplyInventoryID: true, InventoryID: PREFIX });
  expect(Items).toHaveLength(4);
  const keys = Items.map((i) => i.idplu);
  const first = Items[0];
  const ia = new ItemAdjustPage(page);

  await page.goto('/adjust/itemAdjust');
  await ia.shell.expectTitle('Item Adjustment');

  // The skip link is the first stop of Tab; it takes the focus to the screen.
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');

  // Zone, then the Item ID criterion; Enter in the criteria applies them.
  await pressUntilFocused(page, ia.shell.zonePicker, 'Tab');
  await page.keyboard.type('Sierra');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(ia.shell.zonePicker).toHaveValue(ZONE_3.label);
  await pressUntilFocused(page, ia.criterion('Item ID'), 'Tab');
  await page.keyboard.type(PREFIX);
  await page.keyboard.press('Enter');
  await expect(ia.itemCount).toContainText('4');
  for (const k of keys) await expect(ia.cell(k, 'ID')).toBeVisible();
  await expectAccessible(page, 'Item Adjustment, results');

  // A range from the first row with Shift+ArrowDown.
  await focusGridCell(page, ia.grid, ia.cell(first.idplu, 'ID'));
  for (let i = 1; i < keys.length; i++) await page.keyboard.press('Shift+ArrowDown');
  for (const k of keys) await expect(ia.selectBox(k)).toBeChecked();
  await expect(page.getByText('4 selected')).toBeVisible();
  await page.screenshot({ path: screenshotPath('item-adjust-keyboard-range') });

  // Set Price: back to the toolbar (Shift+Tab), the dialog opens on its first field.
  await leaveGridBackwards(page, ia.grid);
  await pressUntilFocused(page, ia.batch('Set Price'), 'Shift+Tab');
  await page.keyboard.press('Enter');
  const price = ia.dialog('Set Price');
  await expect(price).toBeVisible();
  await pressUntilFocused(page, price.getByRole('textbox', { name: 'Add Amount' }), 'Tab', 20);
  await page.keyboard.type('0.10');
  await pressUntilFocused(page, price.getByRole('button', { name: 'Preview' }), 'Tab', 30);
  await page.keyboard.press('Enter');
  const preview = price.getByRole('region', { name: 'Central Price' });
  await expect(preview).toContainText('4 item(s)');
  // After Preview the focus is on OK.
  await expect(price.getByRole('button', { name: 'OK' })).toBeFocused();
  await expectAccessible(page, 'Set Price preview', '[role="dialog"]');
  await page.keyboard.press('Enter');
  await expect(ia.toast('Success : 4 item(s) saved.')).toBeVisible({ timeout: 30_000 });
  for (const i of Items)
    await expect(ia.cell(i.idplu, 'UnitList')).toHaveText(dollars(cents(i.UnitList) + 10));
  for (const k of keys) await expect(ia.selectBox(k)).toBeChecked();

  // Set Cost on the same rows, still selected: its Unit Cost field has the focus.
  await expect(price).toHaveCount(0);
  await pressUntilFocused(page, ia.batch('Set Cost'), 'Tab', 10);
  await page.keyboard.press('Enter');
  const cost = ia.dialog('Set Cost');
  await expect(cost.getByRole('textbox', { name: 'Unit Cost' })).toBeFocused();
  await page.keyboard.type('3.2100');
  await pressUntilFocused(page, cost.getByRole('button', { name: 'OK' }), 'Tab', 20);
  await page.keyboard.press('Enter');
  await expect(ia.toast('Success : 4 item(s) saved.').last()).toBeVisible({ timeout: 30_000 });
  for (const k of keys) await expect(ia.cell(k, 'UnitCost')).toHaveText('$3.2100');

  // Coverage (in the toolbar or its More menu): OK says it is for the next batch.
  await expect(cost).toHaveCount(0);
  const coverageButton = ia.batch('Coverage');
  if ((await coverageButton.count()) > 0) {
    await pressUntilFocused(page, coverageButton, 'Tab', 20);
    await page.keyboard.press('Enter');
  } else {
    await pressUntilFocused(page, ia.batch('More'), 'Tab', 20);
    await page.keyboard.press('Enter');
    await pressUntilFocused(
      page,
      page.getByRole('menu').getByRole('menuitem', { name: 'Coverage', exact: true }),
      'ArrowDown',
      20,
    );
    await page.keyboard.press('Enter');
  }
  const coverage = ia.dialog('Site/Zone Coverage');
  await expect(coverage.getByRole('button', { name: /^Site \d+ - / }).first()).toBeVisible();
  await expectAccessible(page, 'Site/Zone Coverage', '[role="dialog"]');
  await pressUntilFocused(page, coverage.getByRole('button', { name: 'OK' }), 'Tab', 40);
  await page.keyboard.press('Enter');
  await expect(
    ia.toast('Coverage set: it applies to the next batch (Set Price, Set Cost...).'),
  ).toBeVisible();
  await expect(page.getByText(/^Coverage: /)).toBeVisible();

  // F2 edits the focused cell, Enter commits and saves the row.
  const description = ia.cell(first.idplu, 'Description');
  await focusGridCell(page, ia.grid, description);
  await page.keyboard.press('F2');
  const editor = description.locator('input');
  await expect(editor).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('KEYBOARD JOURNEY');
  await page.keyboard.press('Enter');
  await expect(ia.cell(first.idplu, 'saveState')).toHaveText('Saved');
  await expect(ia.toast(`${first.idplu} saved.`)).toBeVisible();
  // Saved is marked (check mark, green left border), not bold: bold is for errors.
  await expect(ia.row(first.idplu)).toHaveClass(/ia-row-saved/);
  await expect(ia.row(first.idplu)).toHaveCSS('font-weight', '400');
  await page.screenshot({ path: screenshotPath('item-adjust-keyboard-saved') });
  await expect
    .poll(async () => (await itemApi(page.request, ZONE_3.id, first.ID)).Description)
    .toBe('KEYBOARD JOURNEY');

  // Ctrl+Z asks first (Yes has the focus); Enter answers it.
  expect(await hasFocus(description)).toBe(true);
  await page.keyboard.press('Control+z');
  const question = ia.dialog('Undo the last grid change?');
  await expect(question).toContainText(
    `Undo the last change of ${first.idplu}? It puts back Description '${first.Description}'.`,
  );
  await expect(question.getByRole('button', { name: 'Yes' })).toBeFocused();
  await expectAccessible(page, 'Undo question', '[role="dialog"]');
  await page.keyboard.press('Enter');
  await expect(ia.toast(`Undone: ${first.idplu} has its previous values again.`)).toBeVisible();
  await expect(description).toHaveText(first.Description);
  await expect
    .poll(async () => (await itemApi(page.request, ZONE_3.id, first.ID)).Description)
    .toBe(first.Description);

  // Enter on the pencil cell opens the edit panel; its link opens Add/Edit Item in a new tab,
  // where History is.
  await focusGridCell(page, ia.grid, ia.cell(first.idplu, 'edit'));
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: `Editing ${first.idplu}` });
  await expect(panel).toBeVisible();
  // The panel takes the focus on its first field; Tab walks it to its link.
  await expect(panel.getByRole('textbox', { name: 'Description' })).toBeFocused();
  await expectAccessible(page, 'Item Adjustment, edit panel');
  const open = panel.getByRole('link', { name: 'Open in Add/Edit Item (opens in a new tab)', exact: true });
  await pressUntilFocused(page, open, 'Tab', 20);
  const [tab] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  const history = tab.getByRole('button', { name: 'History', exact: true });
  await expect(history).toBeVisible({ timeout: 60_000 });
  await pressUntilFocused(tab, history, 'Tab', 120);
  await tab.keyboard.press('Enter');
  await expect(
    tab.getByRole('heading', { name: `History of the item ${first.ID} at its pack size 1` }),
  ).toBeVisible();
  await expectAccessible(tab, 'Add/Edit Item, History');
  await tab.screenshot({ path: screenshotPath('item-adjust-keyboard-history') });
  await tab.close();
});
