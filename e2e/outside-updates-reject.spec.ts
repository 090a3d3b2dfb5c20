import { expect, test } from '@playwright/test';
import { DistributeToSitesPage } from './pages/DistributeToSitesPage';
import { OutsideUpdatesPage } from './pages/OutsideUpdatesPage';
import { DEMO, screenshotPath } from './support/env';
import { itemApi } from './support/itemAdjustApi';
import { importSites, PRICE_BIT } from './support/outsideUpdatesApi';
import { storePrices } from './support/storeFiles';

/**
 * A reject is undone at the next distribution: the store simulator's local price change at store 8
 * (Hayward, zone 2; no other journey uses it) comes in by Site Import, the user rejects it on the
 * Outside Updates screen and applies; a "modifications only" Distribute to Sites to store 8 then
 * sends it the zone's price again (the reject logged a resend row for it), the simulator applies
 * the file, and the store's own item file and a new Site Import agree with the zone.
 */

const ZONE_2 = [2, 'Bay Area'] as const;
const HAYWARD = [8, 'Hayward - Mission Blvd'] as const;

interface OuAnswer {
  root: Array<{
    Idcode: string;
    PackSize: number;
    idplu: string;
    OUID: number;
    Price: string | null;
    ZoneList: string | null;
    changeFlds: number;
    isNew: boolean;
  }>;
  included: Array<{ OUID: number; Idcode: string; SiteNo: number; Price: string | null }>;
}

test('a reject is undone at the next distribution', async ({ page }) => {
  test.setTimeout(300_000);
  const list = async (): Promise<OuAnswer> => {
    const res = await page.request.get(`/outsideupdates/${DEMO.userName}/${ZONE_2[0]}`);
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };

  // 1. Site Import of store 8: its local price changes come in as outside updates of zone 2.
  await importSites(page.request, String(HAYWARD[0]));
  const before = await list();
  // A price change that came from store 8 alone (another store's change of the same item would
  // share the root, and other journeys work on those stores).
  const change = before.root.find((r) => {
    const sites = before.included.filter((i) => i.OUID === r.OUID).map((i) => i.SiteNo);
    return (
      !r.isNew &&
      (r.changeFlds & PRICE_BIT) !== 0 &&
      r.Price !== r.ZoneList &&
      sites.length === 1 &&
      sites[0] === HAYWARD[0]
    );
  });
  if (!change) throw new Error('no local price change from store 8 alone');
  const zonePrice = (await itemApi(page.request, ZONE_2[0], change.Idcode)).UnitList;
  expect(zonePrice).toBe(change.ZoneList);
  // The store's own files hold its local price, not the zone's.
  expect(storePrices(HAYWARD[0]).get(change.Idcode)).toBe(change.Price);

  // 2. Outside Updates: Reject the item, Apply Changes.
  const ou = new OutsideUpdatesPage(page);
  await ou.open(`${ZONE_2[0]} - ${ZONE_2[1]}`);
  await expect(ou.cell(change.idplu, 'Price')).toContainText('changed');
  await ou.selectBox(change.Idcode).check();
  await ou.button('Reject').click();
  await expect(ou.cell(change.idplu, 'Action')).toHaveText('Reject');
  await ou.button('Apply Changes').click();
  await expect(ou.toast('Success : 1 item(s) saved.')).toBeVisible({ timeout: 20_000 });
  await expect(ou.row(change.idplu)).toHaveCount(0);
  expect((await list()).root.map((r) => r.idplu)).not.toContain(change.idplu);
  // The zone's price is untouched by a reject.
  expect((await itemApi(page.request, ZONE_2[0], change.Idcode)).UnitList).toBe(zonePrice);

  // 3. Distribute to Sites, modifications only, to store 8: the preview sends the zone's price.
  const dts = new DistributeToSitesPage(page);
  await dts.open();
  await dts.showZone(...ZONE_2);
  await dts.site(...HAYWARD).check();
  await expect(dts.modsOnly).toBeChecked();
  const previewAnswer = page.waitForResponse((r) => r.url().includes('/hbsreport/dts/preview/'));
  await dts.preview.click();
  const preview: { SiteNo: number; ID: string; UnitList: string }[] = (await (await previewAnswer).json())
    .RootResults;
  expect(preview.filter((r) => r.ID === change.Idcode)).toMatchObject([
    { SiteNo: HAYWARD[0], UnitList: zonePrice },
  ]);
  await dts.closePdf(await dts.expectPdf('Distribute to Sites Preview'));
  await dts.distribute.click();
  await expect(dts.status).toContainText('Done: 1 site(s).', { timeout: 90_000 });
  // The simulator applies the file and acknowledges it (its pass is every 5 s).
  await expect(dts.lastDistribution(...HAYWARD, ...ZONE_2)).toContainText('Confirmed by the store', {
    timeout: 60_000,
  });
  await page.screenshot({ path: screenshotPath('outside-updates-reject-distributed'), fullPage: true });

  // 4. The store's item file has the zone's price again, and a Site Import finds no difference.
  await expect.poll(() => storePrices(HAYWARD[0]).get(change.Idcode), { timeout: 30_000 }).toBe(zonePrice);
  await importSites(page.request, String(HAYWARD[0]));
  const after = await list();
  expect(after.root.filter((r) => r.Idcode === change.Idcode)).toEqual([]);
  expect(after.included.filter((i) => i.Idcode === change.Idcode)).toEqual([]);
});
