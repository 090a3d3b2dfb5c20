/**
 * The demo's vendor price files (issue 21): one waiting in each demo setup's folder, so a new user
 * runs Vendor Import and lands in Outside Updates with something to decide. Generated from the
 * zone's items, deterministically (seeded): COREMARK's 832 `CM20261120.832` for site 1 (zone 1,
 * vendor zone CM-WEST) and McLane's CSV `MCL20261120.csv` for site 6 (zone 2, MCL-NORCAL), each a
 * few hundred items: costs up and down, some unchanged, some suggested retails, some new items and
 * one unknown UPC.
 */
import { checkDigit, fromMinor, toMinor } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/client';
import { DISTRIBUTOR_LAYOUTS, layoutHeader } from '../exchange/csv/distributor';
import { writeCsv } from '../exchange/csv/read';
import { writeAtomically } from '../exchange/exclusive-write';
import { siteExchangeDir } from '../exchange/site-folders';
import { build832, type Catalog, type CatalogItem } from '../exchange/x12/x12-832';
import { makeRandom } from './prng';

export interface DemoVendorLine {
  upc: string;
  vendorItem: string;
  description: string | null;
  pack: number;
  caseCost: string;
  retail: string | null;
}

const PACKS = [6, 12, 24];
const upcOf = (id11: string) => `${id11}${checkDigit(id11)}`;

/** The lines of a demo file: `count` items of the zone, then new items and one unknown UPC. */
export function demoVendorLines(
  items: ReadonlyArray<{ item_id: string; unit_cost: string; unit_list: string; description: string }>,
  o: { seed: number; count: number; newItems: number; itemPrefix: string; newPrefix: string },
): DemoVendorLine[] {
  const r = makeRandom(o.seed);
  const out: DemoVendorLine[] = [];
  for (const [n, i] of items.slice(0, o.count).entries()) {
    const pack = r.pick(PACKS);
    const roll = r.next();
    // Cost ups (55%), downs (30%), unchanged (15%), by 1% to 12%.
    const pct = roll < 0.55 ? r.int(1, 12) : roll < 0.85 ? -r.int(1, 12) : 0;
    const unit = toMinor(i.unit_cost, 4);
    const newUnit = unit + (unit * BigInt(pct)) / 100n;
    const caseCost = fromMinor((newUnit * BigInt(pack) + 50n) / 100n, 2);
    const list = toMinor(i.unit_list, 2);
    // A third get a suggested retail: the list price moved like the cost, ending in 9.
    const retail =
      r.next() < 0.33 && list > 0n ? fromMinor(((list * BigInt(100 + pct)) / 1000n) * 10n + 9n, 2) : null;
    out.push({
      upc: upcOf(i.item_id),
      vendorItem: `${o.itemPrefix}${String(100000 + n * 13)}`,
      description: i.description,
      pack,
      caseCost,
      retail,
    });
  }
  for (let k = 0; k < o.newItems; k++) {
    const id = `${o.newPrefix}${String(k + 1).padStart(11 - o.newPrefix.length, '0')}`;
    out.push({
      upc: upcOf(id),
      vendorItem: `${o.itemPrefix}${String(900000 + k)}`,
      description: `NEW ${['ENERGY SHOT', 'JERKY ORIGINAL', 'SPARKLING WATER', 'PROTEIN BAR', 'GUM MINT'][k % 5]} ${k + 1}`,
      pack: 12,
      caseCost: fromMinor(BigInt(600 + 150 * k), 2),
      retail: fromMinor(BigInt(149 + 50 * k), 2),
    });
  }
  // One UPC the price book does not know and the file does not describe.
  out.push({
    upc: upcOf('09999999999'),
    vendorItem: `${o.itemPrefix}999999`,
    description: null,
    pack: 24,
    caseCost: '24.00',
    retail: null,
  });
  return out;
}

export function demo832(lines: readonly DemoVendorLine[], zone: string): string {
  const items: CatalogItem[] = lines.map((l) => ({
    segment: 0,
    line: 0,
    qualifier: 'UP',
    code: l.upc,
    vendorItem: l.vendorItem,
    description: l.description,
    pack: l.pack,
    size: null,
    unit: null,
    prices: [
      { id: 'NET', price: l.caseCost, qty: '1', unit: 'CA' },
      ...(l.retail ? [{ id: 'MSR', price: l.retail, qty: '1', unit: 'EA' }] : []),
    ],
    effective: null,
  }));
  const cat: Catalog = {
    catalog: zone,
    date: '20261120',
    party: { entity: 'ST', name: 'DEMO MARKETS', id: zone },
    items,
  };
  return build832(cat, { control: '1120' });
}

export function demoCsv(lines: readonly DemoVendorLine[], zone: string): string {
  return writeCsv(
    layoutHeader(DISTRIBUTOR_LAYOUTS.MCLANE),
    lines.map((l) => [
      zone,
      l.vendorItem,
      l.upc,
      l.description ?? '',
      String(l.pack),
      l.caseCost,
      l.retail ?? '',
    ]),
  );
}

async function zoneItems(db: Db, zoneId: number) {
  return rows<{ item_id: string; unit_cost: string; unit_list: string; description: string }>(
    db,
    sql`select item_id, unit_cost::text as unit_cost, unit_list::text as unit_list, description from zone_items
      where zone_id = ${zoneId} and pack_size = 1 and item_id ~ '^[0-9]{11}$' and unit_cost > 0
      order by item_id`,
  );
}

/** Writes the two demo files into the setups' folders (from-vendor/ of sites 1 and 6). */
export async function writeDemoVendorFiles(db: Db, sitesDir: string): Promise<string[]> {
  const written: string[] = [];
  const folder = async (siteId: number) => {
    const [s] = await rows<{ site_no: number; exchange_dir: string | null }>(
      db,
      sql`select site_no, exchange_dir from sites where id = ${siteId}`,
    );
    return s
      ? `${siteExchangeDir(sitesDir, { siteNo: s.site_no, exchangeDir: s.exchange_dir })}/from-vendor`
      : null;
  };
  const cm = await folder(1);
  if (cm) {
    const lines = demoVendorLines(await zoneItems(db, 1), {
      seed: 832,
      count: 300,
      newItems: 8,
      itemPrefix: '',
      newPrefix: '081',
    });
    written.push(await writeAtomically(cm, 'CM20261120.832', demo832(lines, 'CM-WEST')));
  }
  const mcl = await folder(6);
  if (mcl) {
    const lines = demoVendorLines(await zoneItems(db, 2), {
      seed: 6,
      count: 250,
      newItems: 6,
      itemPrefix: 'M',
      newPrefix: '082',
    });
    written.push(await writeAtomically(mcl, 'MCL20261120.csv', demoCsv(lines, 'MCL-NORCAL')));
  }
  return written;
}
