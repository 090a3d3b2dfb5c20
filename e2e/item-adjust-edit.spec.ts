import { expect, test } from '@playwright/test';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { ItemEditPage } from './pages/ItemEditPage';
import { screenshotPath } from './support/env';
import { itemApi } from './support/itemAdjustApi';

/** Zone 3 (Sierra Foothills): items no other journey changes. */
const ZONE_3 = { id: 3, label: '3 - Sierra Foothills' };

test('inline edit: a bad department is refused and reverts; Enter saves a good one at once, Tab when the row is left', async ({
  page,
}) => {
  const item = await itemApi(page.request, ZONE_3.id, '01256000103');
  expect(item.DeptSub).toBe('7.01');
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_3.label);
  await ia.search('Item ID', '012560001');
  const dept = ia.cell(item.idplu, 'DeptSub');
  await expect(dept).toHaveText('7.01');

  await ia.editCell(item.idplu, 'DeptSub', '77.77');
  await expect(ia.toast('The department must be a valid existing department.')).toBeVisible();
  await expect(dept).toHaveText('7.01');

  // Enter commits the edit and saves the row at once (issue 25), as one change over the zone's sites.
  await ia.editCell(item.idplu, 'DeptSub', '7.02');
  await expect(dept).toHaveText('7.02');
  await expect(ia.toast(`${item.idplu} saved.`)).toBeVisible();
  await expect(ia.cell(item.idplu, 'saveState')).toHaveText('Saved');
  await expect(ia.row(item.idplu)).toHaveClass(/ia-row-modified/);
  await expect(ia.row(item.idplu)).toHaveClass(/ia-row-saved/);
  // Saved is not bold: bold is for errors (spec part 1 §2.3).
  await expect(ia.row(item.idplu)).toHaveCSS('font-weight', '400');
  await expect.poll(async () => (await itemApi(page.request, ZONE_3.id, item.ID)).DeptSub).toBe('7.02');

  // Tab commits and moves along the row: the row stays Editing until it is left.
  await ia.editCell(item.idplu, 'DeptSub', '7.01', 'Tab');
  await expect(ia.row(item.idplu)).toHaveClass(/ia-row-dirty/);
  await expect(ia.cell(item.idplu, 'saveState')).toHaveText('Editing');
  await page.keyboard.press('Escape');
  expect((await itemApi(page.request, ZONE_3.id, item.ID)).DeptSub).toBe('7.02');
  await page.keyboard.press('ArrowDown');
  await expect(ia.cell(item.idplu, 'saveState')).toHaveText('Saved');
  await expect.poll(async () => (await itemApi(page.request, ZONE_3.id, item.ID)).DeptSub).toBe('7.01');
});

test('an expense item: no list price edit, and only an EX department', async ({ page }) => {
  const item = await itemApi(page.request, ZONE_3.id, '01263700103');
  expect(item.InvType).toBe('X');
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_3.label);
  await ia.search('Item ID', '01263700103');
  await ia.cell(item.idplu, 'UnitList').dblclick();
  await expect(ia.cell(item.idplu, 'UnitList').locator('input')).toHaveCount(0);

  await ia.editCell(item.idplu, 'DeptSub', '7.01');
  await expect(ia.toast('The department must be a valid existing department.')).toBeVisible();
  await expect(ia.cell(item.idplu, 'DeptSub')).toHaveText('90.00');
});

test('the edit-item panel: Editing with the item ID, save and cancel', async ({ page }) => {
  // A second tab loads the whole page again.
  test.setTimeout(90_000);
  const item = await itemApi(page.request, ZONE_3.id, '01256000106');
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_3.label);
  await ia.search('Item ID', '012560001');
  await page.getByRole('button', { name: `Edit item ${item.idplu}` }).click();
  const panel = page.getByRole('region', { name: `Editing ${item.idplu}` });
  await expect(panel.getByRole('heading', { name: `Editing ${item.idplu}` })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
    item.Description,
  );
  await expect(panel.getByRole('textbox', { name: 'Unit List' })).toHaveValue(item.UnitList);

  await panel.getByRole('textbox', { name: 'Rcpt Desc' }).fill('x'.repeat(36));
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Please enter no more 35 characters')).toBeVisible();

  await panel.getByRole('textbox', { name: 'Rcpt Desc' }).fill('ADVIL 6 PANEL');
  await page.screenshot({ path: screenshotPath('item-adjust-editing') });
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toHaveCount(0);
  await expect(ia.cell(item.idplu, 'ReceiptDescription')).toHaveText('ADVIL 6 PANEL');
  expect((await itemApi(page.request, ZONE_3.id, item.ID)).ReceiptDescription).toBe('ADVIL 6 PANEL');

  await page.getByRole('button', { name: `Edit item ${item.idplu}` }).click();
  await page
    .getByRole('region', { name: `Editing ${item.idplu}` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByRole('region', { name: `Editing ${item.idplu}` })).toHaveCount(0);

  // The panel hands the item to Add/Edit Item in a new tab, which opens it in the same zone;
  // this tab keeps Item Adjustment as it was (results, open panel).
  await page.getByRole('button', { name: `Edit item ${item.idplu}` }).click();
  const open = page
    .getByRole('region', { name: `Editing ${item.idplu}` })
    .getByRole('link', { name: 'Open in Add/Edit Item (opens in a new tab)', exact: true });
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveText('Open in Add/Edit Item');
  await expect(open).toHaveAttribute('rel', /noopener/);
  const [tab] = await Promise.all([page.waitForEvent('popup'), open.click()]);
  const edit = new ItemEditPage(tab);
  await expect(tab).toHaveURL(/\/adjust\/itemAdjEdit\?/);
  await tab.screenshot({ path: screenshotPath('item-edit-new-tab') });
  await expect(edit.marker).toHaveText('Existing', { timeout: 30_000 });
  await expect(edit.id).toHaveValue(item.ID);
  await expect(edit.zone).toHaveText(`Zone ${ZONE_3.label}`);
  await tab.close();
  await expect(page).toHaveURL('/adjust/itemAdjust');
  await expect(page.getByRole('region', { name: `Editing ${item.idplu}` })).toBeVisible();
  await expect(ia.cell(item.idplu, 'ReceiptDescription')).toHaveText('ADVIL 6 PANEL');
});

test('unsaved edits: leaving or changing zone asks "Submit Changes?"', async ({ page }) => {
  const item = await itemApi(page.request, ZONE_3.id, '01256000109');
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_3.label);
  await ia.search('Item ID', '012560001');
  // Tab commits without saving (Enter would save the row at once).
  await ia.editCell(item.idplu, 'ReceiptDescription', 'ADVIL UNSAVED', 'Tab');

  const ask = ia.dialog('Submit Changes?');
  await ia.shell.navigate('Adjust', 'Add Item');
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('One item has unsaved changes. Apply changes before leaving this page?');
  await page.screenshot({ path: screenshotPath('item-adjust-unsaved') });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await ia.shell.expectTitle('Item Adjustment');

  // Changing zone asks too; Save stores the row in the zone it was edited in.
  await ia.pickZone('1 - Central Valley');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Save' }).click();
  await expect(ask).toHaveCount(0);
  await expect(ia.shell.zonePicker).toHaveValue('1 - Central Valley');
  await expect
    .poll(async () => (await itemApi(page.request, ZONE_3.id, item.ID)).ReceiptDescription)
    .toBe('ADVIL UNSAVED');

  // Discard drops the edit and leaves.
  await ia.pickZone(ZONE_3.label);
  await ia.search('Item ID', '012560001');
  await ia.editCell(item.idplu, 'ReceiptDescription', 'ADVIL DISCARDED', 'Tab');
  await ia.shell.navigate('Adjust', 'Add Item');
  await ask.getByRole('button', { name: 'Discard' }).click();
  await ia.shell.expectTitle('Add Item');
  expect((await itemApi(page.request, ZONE_3.id, item.ID)).ReceiptDescription).toBe('ADVIL UNSAVED');
});
