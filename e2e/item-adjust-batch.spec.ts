import { expect, test } from '@playwright/test';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { screenshotPath } from './support/env';
import { cents, dollars, itemApi, searchApi } from './support/itemAdjustApi';

/** Zone 3 (Sierra Foothills): items no other journey changes. */
const ZONE_3 = { id: 3, label: '3 - Sierra Foothills' };

test('Set Price: add amount with last-digit-9 rounding, through Preview, the PDF and OK', async ({
  page,
}) => {
  const { Items } = await searchApi(page.request, ZONE_3.id, {
    ApplyInventoryID: true,
    InventoryID: '0125880010',
  });
  expect(Items).toHaveLength(3);
  // By hand: every demo price ends in 9; +0.13 ends in 2, and last digit 9 lifts it to 9 in the
  // same dime: old + 0.20 in all.
  const expected = Items.map((i) => {
    expect(i.UnitList).toMatch(/9$/);
    return { key: i.idplu, old: dollars(cents(i.UnitList)), next: dollars(cents(i.UnitList) + 20) };
  });

  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_3.label);
  await ia.search('Item ID', '0125880010');
  await expect(ia.batch('Set Price')).toBeDisabled();
  for (const e of expected) await ia.select(e.key);

  await ia.batch('Set Price').click();
  const dialog = ia.dialog('Set Price');
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Preview' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Set Amount' }).fill('9.99');
  await dialog.getByRole('textbox', { name: 'Add Amount' }).fill('0.13');
  // Choosing one price option clears the others.
  await expect(dialog.getByRole('textbox', { name: 'Set Amount' })).toHaveValue('');
  await expect(dialog.getByRole('radio', { name: 'Add Amount' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Last digit 9' }).check();
  await dialog.getByRole('button', { name: 'Preview' }).click();

  const preview = dialog.getByRole('region', { name: 'Central Price' });
  await expect(preview.getByRole('heading', { name: 'Central Price' })).toBeVisible();
  await expect(preview).toContainText('Set Price preview, zone 3 - Sierra Foothills: 3 item(s)');
  for (const e of expected) {
    const row = preview.locator(`[role="row"]`).filter({ hasText: e.key.split('@')[0] });
    await expect(row.locator('[col-id="OldUnitList"]')).toHaveText(e.old);
    await expect(row.locator('[col-id="NewUnitList"]')).toHaveText(e.next);
  }
  await page.screenshot({ path: screenshotPath('item-adjust-preview') });

  await preview.getByRole('button', { name: 'Export to PDF' }).click();
  const viewer = page.getByRole('dialog').filter({ has: page.getByTestId('pdf-total') });
  await expect(page.getByTestId('pdf-total')).toHaveText('of 1');
  await expect(viewer.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await page.screenshot({ path: screenshotPath('item-adjust-pdf') });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pdf-total')).toHaveCount(0);
  await expect(preview).toBeVisible();

  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(ia.toast('Success : 3 item(s) saved.')).toBeVisible();
  for (const e of expected) await expect(ia.cell(e.key, 'UnitList')).toHaveText(e.next);
  // The rows stay selected: the next batch (Set Cost, Coverage...) follows at once.
  for (const e of expected) await expect(ia.selectBox(e.key)).toBeChecked();
  await expect(ia.batch('Set Cost')).toBeEnabled();
  const after = await searchApi(page.request, ZONE_3.id, {
    ApplyInventoryID: true,
    InventoryID: '0125880010',
  });
  expect(after.Items.map((i) => dollars(cents(i.UnitList)))).toEqual(expected.map((e) => e.next));
});

test('Set Department with "Keep subdepartments?": each item keeps its sub under the new department', async ({
  page,
}) => {
  const { Items } = await searchApi(page.request, ZONE_3.id, {
    ApplyInventoryID: true,
    InventoryID: '0125880011',
  });
  expect(Items.length).toBeGreaterThan(1);
  for (const i of Items) expect(i.DeptSub).toBe('7.02');
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_3.label);
  await ia.search('Item ID', '0125880011');
  for (const i of Items) await ia.select(i.idplu);

  await ia.batch('Set Department').click();
  const dialog = ia.dialog('Set Department');
  const keep = dialog.getByRole('checkbox', { name: 'Keep subdepartments?' });
  await expect(keep).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Search' }).fill('groc');
  await dialog.getByRole('radio', { name: '5.01 Grocery / Dry Grocery' }).check();
  await expect(keep).toBeDisabled();
  await dialog.getByRole('radio', { name: '5.00 Grocery' }).check();
  await expect(keep).toBeEnabled();
  await keep.check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByRole('region', { name: 'Department' });
  await expect(preview.locator('[col-id="NewDeptSub"]').filter({ hasText: '5.02' })).toHaveCount(
    Items.length,
  );
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(ia.toast(`Success : ${Items.length} item(s) saved.`)).toBeVisible();
  for (const i of Items) await expect(ia.cell(i.idplu, 'DeptSub')).toHaveText('5.02');
  for (const i of Items) expect((await itemApi(page.request, ZONE_3.id, i.ID)).DeptSub).toBe('5.02');
});

test('a refused batch marks the selected rows in error (bold) and unselects them', async ({ page }) => {
  const expense = await itemApi(page.request, ZONE_3.id, '01263700106');
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_3.label);
  await ia.search('Item ID', '012637001');
  await ia.select(expense.idplu);
  // Every selected row is type X: Set Price is disabled.
  await expect(ia.batch('Set Price')).toBeDisabled();
  await ia.batch('Set Cost').click();
  const dialog = ia.dialog('Set Cost');
  await dialog.getByRole('textbox', { name: 'Unit Cost' }).fill('-1');
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Unit Cost' }).fill('12.5');
  // The item changes under us: the batch's UpdateKey is stale, so nothing is saved.
  const edit = await page.request.post('/adjust/demo/submitChange', {
    data: {
      ZoneSetupID: ZONE_3.id,
      Item: { ID: expense.ID, PackSize: 1, Description: 'Supply Register Paper Box' },
    },
  });
  expect(edit.ok()).toBe(true);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(ia.toast(/^This item was changed by someone else since you loaded it\./)).toBeVisible();
  await expect(ia.row(expense.idplu)).toHaveClass(/ia-row-error/);
  await expect(ia.row(expense.idplu)).toHaveCSS('font-weight', '700');
  await expect(ia.cell(expense.idplu, 'ag-Grid-SelectionColumn').getByRole('checkbox')).not.toBeChecked();
});

test('Set Negotiated Cost: a template fills the form, OK makes a negotiated cost for the items', async ({
  page,
}) => {
  // Zone 1's demo negotiated cost 'Q4 Candy Deal' (Core-Mark, 0.8500) is the template.
  const ZONE_1 = { id: 1, label: '1 - Central Valley' };
  const { Items } = await searchApi(page.request, ZONE_1.id, {
    ApplyItemDescription: true,
    ItemDesc: 'Twix Peanut 3.29',
  });
  expect(Items).toHaveLength(1);
  const item = Items[0];
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_1.label);
  await ia.search('Item ID', item.ID);
  await ia.select(item.idplu);
  await ia.batch('Set Negotiated Cost').click();
  const dialog = ia.dialog('Set Negotiated Cost');
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: /^Q4 Candy Deal \(COREMARK, 0\.8500/ }).click();
  await expect(dialog.getByRole('textbox', { name: 'Label' })).toHaveValue('Q4 Candy Deal');
  await expect(dialog.getByRole('textbox', { name: 'Set Amount' })).toHaveValue('0.8500');
  await dialog.getByRole('textbox', { name: 'Label' }).fill('Q4 Candy Deal (journey)');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(ia.toast('Success : 1 item(s) saved.')).toBeVisible();
  const hdrs = await page.request.get(`/adjust/negcosthdrs/demo/${ZONE_1.id}`);
  const body = (await hdrs.json()) as {
    root: Array<{ NegCostID: number; Label: string; VendorId: string }>;
    included: Array<{ NegCostID: number; ID: string }>;
  };
  const made = body.root.find((h) => h.Label === 'Q4 Candy Deal (journey)');
  expect(made?.VendorId).toBe('COREMARK');
  expect(body.included.filter((i) => i.NegCostID === made?.NegCostID).map((i) => i.ID)).toEqual([item.ID]);
});
