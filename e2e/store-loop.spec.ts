import { expect, test } from '@playwright/test';
import { DistributeToSitesPage } from './pages/DistributeToSitesPage';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { SiteImportPage } from './pages/SiteImportPage';
import { DEMO, screenshotPath } from './support/env';
import { cents, decimal, dollars, itemApi } from './support/itemAdjustApi';
import { storePrices } from './support/storeFiles';

/**
 * The whole store loop on the demo, through the screens, with the in-app store simulator playing
 * store 4 (Madera, zone 1) on real files: a price changed in Item Adjustment goes to the store with
 * "Distribute modifications only", the store applies and acknowledges it, and a Site Import of the
 * store then finds no difference for that item; the store's own price change (the demo's drift at
 * first start) comes back as an outside update.
 */

const ZONE_1 = [1, 'Central Valley'] as const;
const MADERA = [4, 'Madera - Hwy 99'] as const;
/** Extra Spearmint 15 Pc (zone 1); no other journey reads or changes it. */
const ITEM = '01243400103';

test('a price goes to the store and comes back equal; a store price comes back as an outside update', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // 1. Item Adjustment: +0.10 on one item of zone 1.
  const item = await itemApi(page.request, ZONE_1[0], ITEM);
  const next = decimal(cents(item.UnitList) + 10);
  const ia = new ItemAdjustPage(page);
  await ia.open(`${ZONE_1[0]} - ${ZONE_1[1]}`);
  await ia.search('Item ID', ITEM.slice(0, 10));
  // Typed as a person would, with the dollar sign; Enter saves the row at once.
  await ia.editCell(item.idplu, 'UnitList', dollars(cents(next)));
  await expect(ia.toast(`${item.idplu} saved.`)).toBeVisible();
  await expect.poll(async () => (await itemApi(page.request, ZONE_1[0], ITEM)).UnitList).toBe(next);

  // 2. Distribute to Sites: the preview of store 4 holds the new price; distribute modifications only.
  const dts = new DistributeToSitesPage(page);
  await dts.open();
  await dts.showZone(...ZONE_1);
  await dts.site(...MADERA).check();
  await expect(dts.modsOnly).toBeChecked();
  const previewAnswer = page.waitForResponse((r) => r.url().includes('/hbsreport/dts/preview/'));
  await dts.preview.click();
  const preview: { SiteNo: number; ID: string; UnitList: string }[] = (await (await previewAnswer).json())
    .RootResults;
  expect(preview.filter((r) => r.ID === ITEM)).toMatchObject([{ SiteNo: 4, UnitList: next }]);
  await dts.closePdf(await dts.expectPdf('Distribute to Sites Preview'));
  await dts.distribute.click();
  await expect(dts.status).toContainText('Done: 1 site(s).', { timeout: 90_000 });
  // The store applies the file and acknowledges it (the simulator's pass is every 5 s).
  const sent = dts.lastDistribution(...MADERA, ...ZONE_1);
  await expect(sent).toContainText('Confirmed by the store', { timeout: 60_000 });
  await page.screenshot({ path: screenshotPath('store-loop-distributed'), fullPage: true });
  // Its register now has the new price: its item file says so.
  await expect.poll(() => storePrices(4).get(ITEM), { timeout: 30_000 }).toBe(next);

  // 3. Site Import of store 4 (nothing sent back): the item has no difference; the store's own
  // price changes come back as outside updates of zone 1 with store 4 as their origin.
  const si = new SiteImportPage(page);
  await si.open();
  await si.showZone(...ZONE_1);
  await si.site(...MADERA).check();
  await si.doDts.uncheck();
  await si.submit.click();
  await expect(si.status).toContainText('Site Import Complete.', { timeout: 90_000 });
  await expect(page).toHaveURL(/\/adjust\/outsideUpd$/, { timeout: 10_000 });

  const res = await page.request.get(`/outsideupdates/${DEMO.userName}/${ZONE_1[0]}`);
  expect(res.ok(), await res.text()).toBe(true);
  const ou: {
    root: { Idcode: string; Price: string | null; ZoneList: string | null }[];
    included: { Idcode: string; SiteNo: number; Price: string | null }[];
  } = await res.json();
  expect(ou.root.filter((r) => r.Idcode === ITEM)).toEqual([]);

  // The store's prices that differ from the zone's, read from its own files.
  const store = storePrices(4);
  const local: Array<[string, string]> = [];
  for (const [id, price] of store) {
    if (id === ITEM) continue;
    const zone = await itemApi(page.request, ZONE_1[0], id).catch(() => null);
    if (zone && zone.UnitList !== price) local.push([id, price]);
  }
  expect(local.length).toBeGreaterThan(0);
  for (const [id, price] of local) {
    expect(ou.root.find((r) => r.Idcode === id)?.Price).toBe(price);
    expect(ou.included.filter((r) => r.Idcode === id).map((r) => [r.SiteNo, r.Price])).toContainEqual([
      4,
      price,
    ]);
  }
});
