import { expect, test } from '@playwright/test';
import { lookUp } from './pages/AddItemApi';
import { AddItemPage } from './pages/AddItemPage';
import { ItemEditPage } from './pages/ItemEditPage';
import { DEMO, screenshotPath } from './support/env';

// A demo item of zone 1 used only by this spec: Crystal Whole Milk Pint.
const ITEM = '01251800103';
const ZONE = 1;

test('an existing item is edited in Add/Edit Item and its history shows the change', async ({ page }) => {
  const before = await lookUp(page.request, ITEM, ZONE);
  const add = new AddItemPage(page);
  await add.goto();
  await add.lookUp(ITEM);
  const exists = add.dialog('Item exists in the zone');
  await expect(exists).toContainText(`${ITEM}@1`);
  await exists.getByRole('button', { name: 'Edit' }).click();

  const edit = new ItemEditPage(page);
  await expect(page).toHaveURL('/adjust/itemAdjEdit');
  await edit.expectOpen();
  await expect(edit.marker).toHaveText('Existing');
  await expect(edit.zone).toHaveText('Zone 1 - Central Valley');
  await expect(edit.id).toHaveValue(ITEM);
  await expect(edit.description).toHaveValue(before.Description);
  await expect(edit.type).toHaveAttribute('readonly', '');

  // Cost, redemption, tax group and purchase are collapsible panels with summary popovers.
  await page.getByRole('button', { name: 'Details of Cost' }).click();
  await expect(page.getByRole('dialog').filter({ hasText: /List \$[\d.,]+, cost/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Tax Group', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Tax Group' })).toBeVisible();

  await edit.description.fill('MILK PINT E2E EDIT');
  await edit.unitList.fill('5.19');
  await edit.unitList.press('Tab');
  await expect(edit.unitList).toHaveValue('$5.19');
  await page.screenshot({ path: screenshotPath('item-edit-form') });
  await edit.save.click();
  await expect(page.getByRole('alert').filter({ hasText: `${ITEM}@1 saved.` })).toBeVisible();
  await expect(page.getByTestId('row-status')).toHaveText('Saved');
  expect(await lookUp(page.request, ITEM, ZONE)).toMatchObject({
    Description: 'MILK PINT E2E EDIT',
    UnitList: '5.19',
  });

  // History: grouped by site, the edit shows at every site of the zone carrying the item.
  await edit.history.click();
  await expect(
    page.getByRole('heading', { name: `History of the item ${ITEM} at its pack size 1` }),
  ).toBeVisible();
  const groups = edit.historyGrid.getByRole('button', { name: /^Site \d+ - / });
  await expect(groups.first()).toBeVisible();
  await expect(edit.historyGrid.getByText('Edit Item')).toHaveCount(0);
  await edit.toggleExpandAll.click();
  const today = new Date();
  const mmddyyyy = `${String(today.getMonth() + 1).padStart(2, '0')}/${String(today.getDate()).padStart(2, '0')}/${today.getFullYear()}`;
  const editRows = edit.historyRows().filter({ hasText: 'Edit Item' });
  await expect(editRows.first()).toBeVisible();
  const first = editRows.first();
  await expect(edit.historyCell(first, 'ChangedBy')).toHaveText(DEMO.userName);
  // Date and time of the change, as MM/DD/YYYY hh:mm AM.
  await expect(edit.historyCell(first, 'Date')).toHaveText(
    new RegExp(`^${mmddyyyy.replaceAll('/', '\\/')} (0[1-9]|1[0-2]):[0-5]\\d [AP]M$`),
  );
  await expect(edit.historyCell(first, 'UnitList')).toHaveText('$5.19');
  await expect(edit.historyCell(first, 'DeptSub')).toHaveText(before.DeptSub ?? '');
  await page.screenshot({ path: screenshotPath('item-edit-history') });
  // Toggle Expand All collapses them again.
  await edit.toggleExpandAll.click();
  await expect(edit.historyGrid.getByText('Edit Item')).toHaveCount(0);

  await edit.back.click();
  await expect(edit.description).toHaveValue('MILK PINT E2E EDIT');
  await edit.cancel.click();
  await expect(page).toHaveURL('/adjust/addItem');
});

test('Add/Edit Item opened directly works in add mode', async ({ page }) => {
  const edit = new ItemEditPage(page);
  await page.goto('/adjust/itemAdjEdit');
  await edit.shell.zonePicker.click();
  await page.getByRole('option', { name: '1 - Central Valley' }).click();
  await edit.expectOpen();
  await expect(edit.marker).toHaveCount(0);
  await expect(edit.description).toBeDisabled();
  await edit.id.fill('e2eeditnew1');
  await edit.packSize.fill('1');
  await edit.search.click();
  await expect(edit.marker).toHaveText('New');
  await expect(edit.description).toBeEnabled();
  await expect(edit.history).toHaveCount(0);
  // A required field left empty keeps Save disabled and says which fields are required.
  await expect(edit.save).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'is required.' })).toBeVisible();
});

test('an item handed over through sessionStorage opens in Add/Edit Item, and Cancel goes back', async ({
  page,
}) => {
  const edit = new ItemEditPage(page);
  await page.goto('/adjust/itemAdjust');
  await edit.shell.zonePicker.click();
  await page.getByRole('option', { name: '1 - Central Valley' }).click();
  // What another screen does to open an item here (see ItemEditPage.tsx).
  await page.evaluate(
    (id) =>
      sessionStorage.setItem(
        'cpb.itemEdit',
        JSON.stringify({ key: { ID: id, PackSize: 1 }, returnTo: '/adjust/itemAdjust' }),
      ),
    ITEM,
  );
  await page.goto('/adjust/itemAdjEdit');
  await edit.expectOpen();
  await expect(edit.id).toHaveValue(ITEM);
  await expect(edit.marker).toHaveText('Existing');
  await expect(edit.history).toBeVisible();
  await edit.cancel.click();
  await expect(page).toHaveURL('/adjust/itemAdjust');
});
