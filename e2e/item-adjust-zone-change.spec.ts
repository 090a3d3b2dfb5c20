import { expect, test } from '@playwright/test';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { searchApi } from './support/itemAdjustApi';

const ZONE_2 = { id: 2, label: '2 - Bay Area' };
const ZONE_3 = { id: 3, label: '3 - Sierra Foothills' };
const ITEM_ID = '0125880010';

test('another zone starts with nothing selected, though its items carry the keys of the old zone’s selection', async ({
  page,
}) => {
  // The demo's zones carry the same items: these come back, with the same keys, in zone 2.
  const inZone3 = (await searchApi(page.request, ZONE_3.id, { ApplyInventoryID: true, InventoryID: ITEM_ID }))
    .Items;
  const inZone2 = (await searchApi(page.request, ZONE_2.id, { ApplyInventoryID: true, InventoryID: ITEM_ID }))
    .Items;
  expect(inZone3.length).toBeGreaterThan(1);
  const keys = inZone3.map((i) => i.idplu);
  expect(inZone2.map((i) => i.idplu)).toEqual(keys);

  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_3.label);
  await ia.search('Item ID', ITEM_ID);
  for (const k of keys) await ia.select(k);
  await expect(page.getByText(`${keys.length} selected`)).toBeVisible();

  await ia.pickZone(ZONE_2.label);
  await ia.search('Item ID', ITEM_ID);
  for (const k of keys) await expect(ia.selectBox(k)).not.toBeChecked();
  await expect(page.getByText('0 selected')).toBeVisible();
  await expect(ia.batch('Set Price')).toBeDisabled();

  // One box checked in zone 2 is one item selected, not one more than the old zone left.
  await ia.select(keys[0]);
  await expect(page.getByText('1 selected')).toBeVisible();
  await expect(ia.batch('Set Price')).toBeEnabled();
});
