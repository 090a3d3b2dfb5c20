import { expect, test } from '@playwright/test';
import { lookUp } from './pages/AddItemApi';
import { AddItemPage } from './pages/AddItemPage';
import { screenshotPath } from './support/env';

// Item IDs used only by this spec.
const DISCARDED = 'E2EUNSAVED1';
const SAVED = 'E2EUNSAVED2';
const ZONE = 1;
const TEXT = 'One item has unsaved changes. Apply changes before leaving this page?';

test('leaving or changing zone with unsaved changes asks to save, discard or cancel', async ({ page }) => {
  const add = new AddItemPage(page);
  await add.goto();
  const dialog = add.dialog('Submit Changes?');

  // No changes: leaving does not ask.
  await add.lookUp(DISCARDED);
  await expect(add.header).toHaveText(`New Item: ${DISCARDED}@1`);
  await add.shell.navigate('Adjust', 'Item Adjustment');
  await add.shell.expectTitle('Item Adjustment');
  await expect(dialog).toHaveCount(0);

  // Cancel: stay, with the change kept.
  await add.goto();
  await add.lookUp(DISCARDED);
  await add.description.fill('NOT SAVED');
  await add.shell.navigate('Adjust', 'Item Adjustment');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(TEXT);
  await page.screenshot({ path: screenshotPath('add-item-unsaved') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/adjust/addItem');
  await expect(add.description).toHaveValue('NOT SAVED');

  // Clear with changes asks first ('Confirm Reset').
  await add.clear.click();
  const reset = add.dialog('Confirm Reset');
  await expect(reset).toContainText('Undoing changes cannot be reversed. Undo changes?');
  await reset.getByRole('button', { name: 'No' }).click();
  await expect(add.description).toHaveValue('NOT SAVED');

  // Changing zone asks too; Discard changes the zone and resets the item to ID and pack size.
  await add.selectZone('2 - Bay Area');
  await expect(dialog).toBeVisible();
  await expect(add.shell.zonePicker).toHaveValue('1 - Central Valley');
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(add.shell.zonePicker).toHaveValue('2 - Bay Area');
  await expect(add.id).toHaveValue(DISCARDED);
  await expect(add.description).toHaveValue('');
  await expect(add.description).toBeDisabled();
  await add.selectZone('1 - Central Valley');
  await expect(dialog).toHaveCount(0);

  // Save: the item is saved, then the page is left.
  await add.lookUp(SAVED);
  await add.upc.fill('036000291452');
  await add.description.fill('SAVED BEFORE LEAVING');
  await add.chooseDepartment('1.02', /1\.02/);
  await add.unitList.fill('3.33');
  await add.shell.navigate('Adjust', 'Item Adjustment');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await add.expectToast(`${SAVED}@1 saved.`);
  await add.shell.expectTitle('Item Adjustment');
  expect(await lookUp(page.request, SAVED, ZONE)).toMatchObject({ ExistingItem: true, UnitList: '3.33' });
  expect((await lookUp(page.request, DISCARDED, ZONE)).IsNew).toBe(true);
});
