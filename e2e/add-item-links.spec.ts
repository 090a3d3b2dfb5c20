import { expect, test } from '@playwright/test';
import { lookUp } from './pages/AddItemApi';
import { AddItemPage } from './pages/AddItemPage';
import { DEMO, screenshotPath } from './support/env';

// A new item used only by this spec, linked to a demo item (Snickers Peanut Value 10 oz Bag).
const NEW_ID = 'E2ELINK01';
const LINKED = '01239200163';
const ZONE = 1;

test('a new item with item groups, vendors, units of measure and a linked item', async ({ page }) => {
  const add = new AddItemPage(page);
  await add.goto();
  await add.lookUp(NEW_ID);
  await expect(add.header).toHaveText(`New Item: ${NEW_ID}@1`);
  await add.upc.fill('036000291452');
  await add.description.fill('SNACK COMBO E2E');
  await add.chooseDepartment('1.02', /1\.02/);
  await add.unitList.fill('4.99');

  // Item Groups and Vendors.
  await add.openSection('Item Groups and Vendors');
  await add.chooseOption(page.getByRole('combobox', { name: 'Item Groups' }), 'SEASONAL - Seasonal items');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add Vendor' }).click();
  const vendors = page.getByRole('table', { name: 'Vendors' });
  await add.chooseOption(vendors.getByRole('combobox', { name: 'Vendor' }), 'COREMARK - Core-Mark');
  await expect(vendors.getByText('Required.')).toBeVisible();
  await vendors.getByRole('textbox', { name: 'Item #' }).fill('998877');

  // Link Items and UOM.
  await add.openSection('Link Items and UOM');
  await page.getByRole('button', { name: 'Add UOM' }).click();
  const units = page.getByRole('table', { name: 'Units of Measure', exact: true });
  await add.chooseOption(units.getByRole('combobox', { name: 'Unit' }), 'EA - Each');
  await units.getByRole('textbox', { name: 'Qty', exact: true }).fill('1');

  const picker = page.getByRole('combobox', { name: 'Link item' });
  const option = page.getByRole('option', { name: new RegExp(`^${LINKED}@1 `) });
  await picker.fill(LINKED);
  await option.click();
  const links = page.getByRole('table', { name: 'Linked Items', exact: true });
  await expect(links.getByRole('row')).toHaveCount(2);
  await expect(links.getByText('New', { exact: true })).toBeVisible();
  // The same linked item again: every row of it is Duplicate, and the item cannot be saved.
  await picker.fill(LINKED);
  await option.click();
  await expect(links.getByText('Duplicate', { exact: true })).toHaveCount(2);
  await expect(add.save).toBeDisabled();
  await links
    .getByRole('button', { name: `Remove ${LINKED}@1` })
    .last()
    .click();
  await expect(links.getByText('Duplicate', { exact: true })).toHaveCount(0);
  await expect(links.getByText('New', { exact: true })).toBeVisible();

  // A unit the linked item does not have opens the Missing UOM notice.
  await add.chooseOption(links.getByRole('combobox', { name: 'Unit' }), 'CS');
  const notice = add.dialog('Missing UOM');
  await expect(notice).toContainText(`CS for ${LINKED}@1`);
  await notice.getByRole('button', { name: 'Add units' }).click();
  const added = page.getByRole('table', { name: 'Units added for linked items' });
  await expect(added).toContainText(`CS for ${LINKED}@1`);
  await added.getByRole('textbox', { name: 'Qty', exact: true }).fill('12');
  await links.getByRole('textbox', { name: 'Qty', exact: true }).fill('2');
  await page.screenshot({ path: screenshotPath('add-item-links') });

  await add.save.click();
  await add.expectToast(`${NEW_ID}@1 saved.`);
  const saved = await lookUp(page.request, NEW_ID, ZONE);
  expect(saved).toMatchObject({
    ExistingItem: true,
    ItemGroups: ['SEASONAL'],
    Vendors: [expect.objectContaining({ VendorID: 'COREMARK', VendorItem: '998877' })],
    SizeDescs: [expect.objectContaining({ Unit: 'EA', Qty: '1' })],
    Recipes: [expect.objectContaining({ ItemID: LINKED, Unit: 'CS', Qty: '2' })],
    MissingUOMs: [],
  });
  // The unit was added to the linked item.
  const linked = await lookUp(page.request, LINKED, ZONE);
  expect(linked.SizeDescs).toEqual(
    expect.arrayContaining([expect.objectContaining({ Unit: 'CS', Qty: '12' })]),
  );
});

test('a lookup whose links name a unit the linked item lacks opens the Missing UOM notice', async ({
  page,
}) => {
  const ID = 'E2ELINK02';
  // Created through the API with a link to a unit (PK) the linked item does not have.
  const created = await page.request.post(`/updateBatchItem/${DEMO.userName}`, {
    data: {
      ZoneSetupID: ZONE,
      Items: [
        {
          operation: 'Add Item',
          ID,
          PackSize: 1,
          UpcCode: '036000291452',
          Description: 'MISSING UNIT PROBE',
          DeptSub: '1.02',
          UnitList: '1.00',
          Recipes: [{ ItemID: LINKED, ItemPkSz: 1, Unit: 'PK', Qty: '1' }],
        },
      ],
    },
  });
  expect(created.ok()).toBe(true);
  expect((await lookUp(page.request, ID, ZONE)).MissingUOMs).toEqual([
    expect.objectContaining({ Unit: 'PK' }),
  ]);

  const add = new AddItemPage(page);
  await add.goto();
  await add.lookUp(ID);
  const notice = add.dialog('Missing UOM');
  await expect(notice).toContainText(`PK for ${LINKED}@1`);
  await notice.getByRole('button', { name: 'Add units' }).click();
  await add.dialog('Item exists in the zone').getByRole('button', { name: 'Cancel' }).click();
  await expect(add.rowStatus).toHaveText('Modified');
  await add.save.click();
  await add.expectToast(`${ID}@1 saved.`);
  expect((await lookUp(page.request, ID, ZONE)).MissingUOMs).toEqual([]);
  const linked = await lookUp(page.request, LINKED, ZONE);
  expect(linked.SizeDescs).toEqual(expect.arrayContaining([expect.objectContaining({ Unit: 'PK' })]));
});
