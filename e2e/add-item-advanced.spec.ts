import { expect, test } from '@playwright/test';
import { lookUp } from './pages/AddItemApi';
import { AddItemPage } from './pages/AddItemPage';
import { screenshotPath } from './support/env';

// Items used only by this spec: two new ones and an existing one (Orbit Spearmint Promo 15 Pc).
const NEW1 = 'E2EGRID01';
const NEW2 = 'E2EGRID02';
const EXISTING = '01244100175';
const ZONE = 1;

// A window wide enough for the spec's 1600 px grid with every column in view.
test.use({ viewport: { width: 1920, height: 1080 } });

test('the advanced grid adds two items and updates one in one save, refusing a duplicate', async ({
  page,
}) => {
  const existing = await lookUp(page.request, EXISTING, ZONE);
  const add = new AddItemPage(page);
  await add.goto();
  await add.advanceInput.check();
  await expect(add.grid).toBeVisible();
  const box = await add.grid.boundingBox();
  expect(box?.height).toBe(650);
  // The spec's 1600 px where the window has room (grids-layout.spec.ts checks narrower windows).
  expect(box?.width).toBe(1600);
  await expect(add.save).toBeDisabled();
  for (const header of [
    'Status',
    'ID/PLU',
    'Pack Size',
    'UPC',
    'UPC Pack Size',
    'Description',
    'Receipt Description',
    'List Price',
    'Action',
    'Inventory Type',
    'Department',
    'POS',
  ]) {
    await expect(add.grid.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }

  // Row 1: a new item.
  await add.editCell(0, 'ID', NEW1.toLowerCase());
  await expect(add.gridCell(0, 'status')).toHaveText('New');
  await expect(add.gridCell(0, 'ID')).toHaveText(NEW1);
  await add.editCell(0, 'UpcCode', '036000291452');
  await add.editCell(0, 'Description', 'GRID ITEM ONE');
  await add.editCell(0, 'UnitList', '1.25');
  await add.editCell(0, 'DeptSub', '1.02');
  await expect(add.gridCell(0, 'UnitList')).toHaveText('$1.25');
  await expect(add.save).toBeEnabled();

  // Row 2: an existing item, modified.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await add.editCell(1, 'ID', EXISTING);
  await expect(add.gridCell(1, 'status')).toHaveText('Existing');
  await expect(add.gridCell(1, 'Description')).toHaveText(existing.Description);
  await add.editCell(1, 'UnitList', '1.59');
  await expect(add.gridCell(1, 'status')).toHaveText('Modified');

  // Row 3: the first item again is refused; then a second new item.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await add.editCell(2, 'ID', NEW1);
  await add.expectToast(`${NEW1}@1 Item already added.`);
  await expect(add.gridCell(2, 'ID')).toHaveText('');
  await expect(add.gridCell(2, 'status')).toHaveText('Initial');
  await add.editCell(2, 'ID', NEW2);
  await expect(add.gridCell(2, 'status')).toHaveText('New');
  await add.editCell(2, 'UpcCode', '036000291452');
  await add.editCell(2, 'Description', 'GRID ITEM TWO');
  await add.editCell(2, 'UnitList', '2.50');
  await add.editCell(2, 'DeptSub', '1.02');

  // The action cell: Min/Max of row 1.
  await add.gridCell(0, 'action').getByRole('button').click();
  await page.getByRole('menuitem', { name: 'Min/Max' }).click();
  const minMax = add.dialog('Set Min/Max Values');
  await expect(minMax.getByRole('textbox', { name: 'ID/PLU' })).toHaveValue(NEW1);
  await expect(minMax.getByRole('textbox', { name: 'PkSz' })).toHaveValue('1');
  await minMax.getByRole('textbox', { name: 'Min On Hand' }).fill('5');
  await minMax.getByRole('textbox', { name: 'Max On Hand' }).fill('2');
  await expect(minMax.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await minMax.getByRole('textbox', { name: 'Max On Hand' }).fill('12');
  await minMax.getByRole('button', { name: 'Apply' }).click();
  await expect(minMax).toHaveCount(0);

  // A blank row and a selected row are deleted by Del; here only the blank one exists.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(add.gridRows()).toHaveCount(4);
  await page.getByRole('button', { name: 'Del', exact: true }).click();
  await expect(add.gridRows()).toHaveCount(3);
  await page.screenshot({ path: screenshotPath('add-item-advanced') });

  await add.save.click();
  await add.expectToast('Success : 3 item(s) saved.');
  for (const i of [0, 1, 2]) await expect(add.gridCell(i, 'status')).toHaveText('Saved');
  await expect(add.save).toBeDisabled();

  expect(await lookUp(page.request, NEW1, ZONE)).toMatchObject({
    ExistingItem: true,
    Description: 'GRID ITEM ONE',
    UnitList: '1.25',
    MinOnHand: 5,
    MaxOnHand: 12,
  });
  expect(await lookUp(page.request, NEW2, ZONE)).toMatchObject({ ExistingItem: true, UnitList: '2.50' });
  expect(await lookUp(page.request, EXISTING, ZONE)).toMatchObject({ UnitList: '1.59' });
});

test('a grid row is cloned; edits to the original carry to the clone, which needs its own ID', async ({
  page,
}) => {
  // Corona Negra 12 oz Bottle, used only by this test.
  const ORIGINAL = '01230800127';
  const CLONE = 'E2EGRIDCL1';
  const add = new AddItemPage(page);
  await add.goto();
  await add.advanceInput.check();
  await add.editCell(0, 'ID', ORIGINAL);
  await expect(add.gridCell(0, 'status')).toHaveText('Existing');
  const cloneButton = page.getByRole('button', { name: 'Clone', exact: true });
  await expect(cloneButton).toBeDisabled();
  await add.gridCell(0, 'ag-Grid-SelectionColumn').getByRole('checkbox').check();
  await cloneButton.click();
  await expect(add.gridRows()).toHaveCount(2);
  await expect(add.gridCell(1, 'status')).toHaveText('Cloning');
  await expect(add.gridCell(1, 'ID')).toHaveText('');
  // The UPC stays with the original; the clone needs its own.
  await expect(add.gridCell(1, 'UpcCode')).toHaveText('');

  // An edit of the original is carried to its clone.
  await add.editCell(0, 'Description', 'CORONA NEGRA E2E');
  await expect(add.gridCell(0, 'status')).toHaveText('Modified');
  await expect(add.gridCell(1, 'Description')).toHaveText('CORONA NEGRA E2E');

  // Saving a clone without its ID is refused on the page, and the row shows Error.
  await add.save.click();
  await add.expectToast("Please Enter Clone's ID/PkSz");
  await expect(add.gridCell(1, 'status')).toHaveText('Error');
  await add.editCell(1, 'ID', CLONE);
  await expect(add.gridCell(1, 'status')).toHaveText('Cloned');
  await add.editCell(1, 'UpcCode', '098765432112');
  await page.waitForTimeout(1000); // the Save button is debounced by 1000 ms
  await add.save.click();
  await add.expectToast('Success : 2 item(s) saved.');
  await expect(add.gridCell(1, 'status')).toHaveText('Saved');
  const clone = await lookUp(page.request, CLONE, ZONE);
  const original = await lookUp(page.request, ORIGINAL, ZONE);
  expect(clone).toMatchObject({
    ExistingItem: true,
    Description: 'CORONA NEGRA E2E',
    UnitList: original.UnitList,
  });
  expect(original.Description).toBe('CORONA NEGRA E2E');

  // Del removes the selected rows.
  await add.gridCell(0, 'ag-Grid-SelectionColumn').getByRole('checkbox').uncheck();
  await add.gridCell(1, 'ag-Grid-SelectionColumn').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Del', exact: true }).click();
  await expect(add.gridRows()).toHaveCount(1);
  await expect(add.gridCell(0, 'ID')).toHaveText(ORIGINAL);
});
