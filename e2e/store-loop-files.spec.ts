import { expect, test } from '@playwright/test';
import { OutsideUpdatesPage } from './pages/OutsideUpdatesPage';
import { SiteImportPage } from './pages/SiteImportPage';
import { screenshotPath } from './support/env';
import { cents, decimal, dollars, itemApi } from './support/itemAdjustApi';
import { outsideUpdatesApi } from './support/outsideUpdatesApi';
import { dropStoreFile, firstItemFile } from './support/storeFiles';

/**
 * Registers' files through Site Import in the browser (issue 27): a Verifone Commander style item
 * file with `vxt:` extension elements before the NAXML ones inside ITTData, and a poison file
 * followed by a good one. Stores 10 and 12 of zone 3 (Sierra Foothills); the simulator wrote each
 * store's item file at first start, and the files here are made from it.
 */

const ZONE_3 = [3, 'Sierra Foothills'] as const;
const AUBURN = [10, 'Auburn - Hwy 49'] as const;
const PLACERVILLE = [12, 'Placerville - Main St'] as const;

test.describe.configure({ timeout: 180_000 });

/** One ITTDetail of the store's file: an item the zone has (not 0120..., which other journeys change). */
async function pickDetail(request: Parameters<typeof itemApi>[0], text: string, skip: string[] = []) {
  for (const d of text.match(/<ITTDetail>[\s\S]*?<\/ITTDetail>/g) ?? []) {
    const code = /<POSCode>(\d+)<\/POSCode>/.exec(d)?.[1] ?? '';
    const id = code.length === 12 ? code.slice(0, 11) : code;
    if (!/<POSCodeModifier[^>]*>0+<\/POSCodeModifier>/.test(d) || id.startsWith('0120') || skip.includes(id))
      continue;
    const zone = await itemApi(request, ZONE_3[0], id).catch(() => null);
    if (zone) return { detail: d, id, zone };
  }
  throw new Error('no item of zone 3 in the store file');
}

/** The record with a new price and description (and extension elements before them when `vxt`). */
function changed(detail: string, price: string, description: string, vxt: boolean): string {
  return detail
    .replace(/<Description>[^<]*<\/Description>/, `<Description>${description}</Description>`)
    .replace(/<RegularSellPrice>[^<]*<\/RegularSellPrice>/, `<RegularSellPrice>${price}</RegularSellPrice>`)
    .replace(
      '<ITTData>',
      vxt
        ? '<ITTData><vxt:Description>EXTENSION TEXT</vxt:Description><vxt:RegularSellPrice>0.01</vxt:RegularSellPrice>'
        : '<ITTData>',
    )
    .replace(/<ChangedFlag value="no"\/>/, '<ChangedFlag value="yes"/>');
}

async function importInBrowser(si: SiteImportPage, site: readonly [number, string]) {
  await si.open();
  await si.showZone(...ZONE_3);
  await si.site(...site).check();
  await si.doDts.uncheck();
  await si.submit.click();
  await expect(si.status).toContainText('Site Import Complete.', { timeout: 120_000 });
}

test('a register file with vxt: extension elements shows its NAXML description and price in Outside Updates', async ({
  page,
}) => {
  await expect.poll(() => firstItemFile(AUBURN[0]) !== null, { timeout: 60_000 }).toBe(true);
  const file = firstItemFile(AUBURN[0]);
  if (!file) throw new Error('no item file from store 10');
  const { detail, id, zone } = await pickDetail(page.request, file.text);
  const price = decimal(cents(zone.UnitList) + 111);
  const text = file.text
    .replace(
      /<NAXML-MaintenanceRequest xmlns="([^"]+)"/,
      '<NAXML-MaintenanceRequest xmlns="$1" xmlns:vxt="urn:vfi-sapphire:np.naxmlext.2005-06-24"',
    )
    .replace(detail, changed(detail, price, 'REGISTER DESC VXT', true));
  expect(text).toContain('<vxt:RegularSellPrice>0.01</vxt:RegularSellPrice>');
  expect(text).toContain(`<RegularSellPrice>${price}</RegularSellPrice>`);
  dropStoreFile(AUBURN[0], 'ITT', text);

  const si = new SiteImportPage(page);
  await importInBrowser(si, AUBURN);
  await expect(page).toHaveURL(/\/adjust\/outsideUpd$/, { timeout: 10_000 });

  const root = (await outsideUpdatesApi(page.request, ZONE_3[0])).find(
    (r) => r.Idcode === id && r.PackSize === 1,
  );
  expect(root).toMatchObject({ Price: price, Description: 'REGISTER DESC VXT' });
  const ou = new OutsideUpdatesPage(page);
  await ou.open(`${ZONE_3[0]} - ${ZONE_3[1]}`);
  await ou.scrollToRow(root?.idplu ?? '');
  await expect(ou.cell(root?.idplu ?? '', 'Description')).toContainText('REGISTER DESC VXT');
  await expect(ou.cell(root?.idplu ?? '', 'Price')).toContainText(dollars(cents(price)));
  await expect(ou.grid).not.toContainText('EXTENSION TEXT');
  await page.screenshot({ path: screenshotPath('store-loop-files-vxt') });
});

test('a poison file is moved aside with its reason under the store; the good file after it arrives', async ({
  page,
}) => {
  await expect.poll(() => firstItemFile(PLACERVILLE[0]) !== null, { timeout: 60_000 }).toBe(true);
  const file = firstItemFile(PLACERVILLE[0]);
  if (!file) throw new Error('no item file from store 12');
  const { detail, id, zone } = await pickDetail(page.request, file.text);
  const price = decimal(cents(zone.UnitList) + 222);

  const poison = dropStoreFile(
    PLACERVILLE[0],
    'ITT',
    '<NAXML-MaintenanceRequest><ItemMaintenance>&#0;</ItemMaintenance></NAXML-MaintenanceRequest>',
  );
  dropStoreFile(
    PLACERVILLE[0],
    'ITT',
    file.text.replace(detail, changed(detail, price, 'REGISTER DESC GOOD', false)),
  );

  const si = new SiteImportPage(page);
  await importInBrowser(si, PLACERVILLE);
  // The good file's change arrived.
  await expect
    .poll(
      async () =>
        (await outsideUpdatesApi(page.request, ZONE_3[0])).find((r) => r.Idcode === id && r.PackSize === 1)
          ?.Price,
    )
    .toBe(price);

  // Site Import's site list says which file was moved aside, and why.
  await si.open();
  await si.showZone(...ZONE_3);
  const sites = page.getByRole('table', { name: `Sites of Zone ${ZONE_3[0]} - ${ZONE_3[1]}` });
  const row = sites.getByRole('row').filter({ has: si.site(...PLACERVILLE) });
  await expect(row).toContainText(`Rejected ${poison} (moved to from-site/rejected):`);
  await expect(row).toContainText('&#0;');
  await page.screenshot({ path: screenshotPath('store-loop-files-rejected') });
});
