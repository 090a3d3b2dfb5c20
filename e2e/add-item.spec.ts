import { expect, test } from '@playwright/test';
import { lookUp, searchItemAdjustment } from './pages/AddItemApi';
import { AddItemPage } from './pages/AddItemPage';
import { screenshotPath } from './support/env';

// Item IDs used only by this spec.
const NEW_ID = 'E2EADD01';
const ZONE = 1;

test('a new item is added end to end and Item Adjustment finds it', async ({ page }) => {
  const add = new AddItemPage(page);
  await add.goto();

  // Before the lookup only ID and pack size are enabled.
  await expect(add.packSize).toHaveValue('1');
  await expect(add.upc).toBeDisabled();
  await expect(add.description).toBeDisabled();
  await expect(add.search).toBeDisabled();
  await expect(add.section('Redemptions, Tax groups and Purchases')).toBeDisabled();

  // Identity validation: the ID is required and the pack size at least 1.
  await add.id.focus();
  await add.id.press('Tab');
  await expect(page.getByText('Required.').first()).toBeVisible();
  await add.packSize.fill('0');
  await add.packSize.press('Tab');
  await expect(page.getByText('Enter a minimum of 1.')).toBeVisible();

  // The ID is upper-cased as typed; leaving the pack size runs the lookup.
  await add.id.fill(NEW_ID.toLowerCase());
  await expect(add.id).toHaveValue(NEW_ID);
  await add.packSize.fill('1');
  await add.packSize.press('Tab');
  await add.expectToast('Success: New Item.');
  await expect(add.header).toHaveText(`New Item: ${NEW_ID}@1`);
  await expect(add.rowStatus).toHaveText('New');
  await expect(add.unitCost).toHaveValue('0.0000');
  await expect(add.upc).toBeEnabled();
  await expect(add.save).toBeDisabled();

  // Field rules of spec §5.
  await add.description.fill('A DESCRIPTION LONGER THAN 35 CHARACTERS');
  await add.description.press('Tab');
  await expect(page.getByText('Please enter no more 35 characters')).toBeVisible();
  await add.upc.fill('036000291453');
  await add.upc.press('Tab');
  await expect(page.getByText('Invalid UPC Check Digit')).toBeVisible();
  await add.department.fill('ABC');
  await add.department.press('Tab');
  await expect(page.getByText('The department must be a valid existing department.')).toBeVisible();

  // Fill in the item.
  await add.upc.fill('036000291452');
  await add.description.fill('E2E ENERGY DRINK 16OZ');
  await add.rcptDesc.fill('E2E ENERGY');
  await add.chooseDepartment('Cigar', /Tobacco \/ Cigars/);
  await expect(add.department).toHaveValue('1.02');
  await add.unitList.fill('2.49');
  await add.unitList.press('Tab');
  await expect(add.unitList).toHaveValue('$2.49');
  await add.doNotSendToPos.check();
  await add.openSection('Redemptions, Tax groups and Purchases');
  await add.chooseOption(page.getByRole('combobox', { name: 'Tax Group' }), '2 - State sales tax');
  await expect(add.save).toBeEnabled();
  await page.screenshot({ path: screenshotPath('add-item-new'), fullPage: true });

  await add.save.click();
  await add.expectToast(`${NEW_ID}@1 saved.`);
  // The form returns to its initial state.
  await expect(add.id).toHaveValue('');
  await expect(add.header).toHaveCount(0);
  await expect(add.description).toBeDisabled();

  // Item Adjustment finds it in the zone, at every site of the zone.
  const found = await searchItemAdjustment(page.request, NEW_ID, ZONE);
  expect(found).toHaveLength(1);
  const item = await lookUp(page.request, NEW_ID, ZONE);
  expect(found[0]).toMatchObject({
    Description: 'E2E ENERGY DRINK 16OZ',
    UnitList: '2.49',
    SiteCount: item.ZoneSiteCount,
  });
  expect(item).toMatchObject({
    ExistingItem: true,
    UpcCode: '036000291452',
    DeptSub: '1.02',
    TaxGroupId: 2,
    SendToPos: false,
    ReceiptDescription: 'E2E ENERGY',
  });

  // Looking it up again says it exists, and offers to edit it or to stay.
  await add.lookUp(NEW_ID);
  const exists = add.dialog('Item exists in the zone');
  await expect(exists).toBeVisible();
  await exists.getByRole('button', { name: 'Cancel' }).click();
  await expect(add.header).toHaveText(`Existing Item: ${NEW_ID}@1`);
  await add.expectToast('Success: Existing Item.');
  await expect(add.clone).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Clone ${NEW_ID}@1` })).toBeVisible();

  // A changed pack size resets the item to ID and pack size, ready for another lookup.
  await add.packSize.fill('6');
  await expect(add.header).toHaveCount(0);
  await expect(add.id).toHaveValue(NEW_ID);
  await expect(add.description).toHaveValue('');
  await expect(add.description).toBeDisabled();
  await expect(add.search).toBeEnabled();
});

test('a slash and a UPC-E expand to the UPC-A in the ID', async ({ page }) => {
  const add = new AddItemPage(page);
  await add.goto();
  await add.id.fill('/425261');
  await add.id.press('Tab');
  await expect(add.id).toHaveValue('04210000526');
});

test('a refused save keeps the form dirty and marks the item Error', async ({ page }) => {
  const add = new AddItemPage(page);
  await add.goto();
  await add.lookUp('E2EADD02');
  await expect(add.header).toHaveText('New Item: E2EADD02@1');
  await add.upc.fill('036000291452');
  await add.description.fill('REFUSED BY THE SERVER');
  // A numeric department not in the list passes the page (spec §5) but not the save.
  await add.department.fill('9.99');
  await add.unitList.fill('1.00');
  await add.save.click();
  await add.expectToast(
    "Error : Unable to save item, error=Backend server cannot save this item (DeptSub: Invalid department selected '9.99')",
  );
  await expect(add.rowStatus).toHaveText('Error');
  await expect(add.description).toHaveValue('REFUSED BY THE SERVER');
  await expect(add.save).toBeEnabled();
  // Still dirty: leaving asks first.
  await add.shell.navigate('Adjust', 'Item Adjustment');
  const dialog = add.dialog('Submit Changes?');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await add.shell.expectTitle('Item Adjustment');
  expect((await lookUp(page.request, 'E2EADD02', ZONE)).IsNew).toBe(true);
});
