/**
 * The demo's stores inside the app (issue 12): with the embedded demo, the store simulator plays
 * every site of the database on the site exchange folders, so a new user sees the whole loop
 * (Distribute to Sites, the store applies and acknowledges, Site Import reads the store back) with
 * nothing else to start. STORE_SIM=off turns it off.
 *
 * Each site's register starts as the site's rows (only for sites that have no register yet). When
 * the demo has just been loaded, the first pass also makes some local changes (drift) and vendor
 * invoices, so Site Import has something to find from the start.
 */
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import type { NaxmlDepartment, NaxmlItem } from '../../exchange/naxml/naxml';
import { latestChange } from '../../features/distribution/plan';
import type { NegotiatedVendor } from './invoices';
import { type StoreSimRunner, seedStore, startStoreSim } from './runner';

export interface DemoStoresOptions {
  db: Db;
  sitesDir: string;
  intervalMs: number;
  /** The demo was loaded in this start: make the first pass's drift and invoices. */
  fresh: boolean;
  log: { info(msg: string): void; warn(msg: string): void };
}

/** Local changes per store and invoices per store made on the demo's first pass. */
export const DEMO_DRIFT = 3;
export const DEMO_INVOICES = 2;
const DEMO_SEED = 20_261_123;

interface SiteItemRow extends Omit<NaxmlItem, 'deleted'> {
  siteNo: number;
}

/** The registers' starting lists: every site's rows that go to its POS. */
async function siteLists(db: Db): Promise<Map<number, NaxmlItem[]>> {
  const found = await rows<SiteItemRow>(
    db,
    sql`select s.site_no "siteNo", si.item_id "itemId", si.pack_size "packSize", si.description,
        si.receipt_description "receiptDescription", si.dept, si.sub, si.unit_list::text "unitList",
        si.active, si.tax_group_id "taxGroupId", si.inv_type "invType"
      from site_items si join sites s on s.id = si.site_id
      where not si.deleted and si.send_to_pos and s.active
      order by s.site_no, si.item_id, si.pack_size`,
  );
  const bySite = new Map<number, NaxmlItem[]>();
  for (const { siteNo, ...item } of found) {
    const list = bySite.get(siteNo) ?? [];
    list.push({ ...item, deleted: false });
    bySite.set(siteNo, list);
  }
  return bySite;
}

/** The departments a site's register knows: those of the site's zones. */
async function siteDepartments(db: Db): Promise<Map<number, NaxmlDepartment[]>> {
  const found = await rows<NaxmlDepartment & { siteNo: number }>(
    db,
    sql`select distinct on (s.site_no, d.dept, d.sub) s.site_no "siteNo", d.dept, d.sub,
        case when d.sub = 0 then d.dept_name else d.sub_name end "name", true "active", null::int "taxGroupId"
      from sites s join zone_sites zs on zs.site_id = s.id join departments d on d.zone_id = zs.zone_id
      order by s.site_no, d.dept, d.sub, zs.priority`,
  );
  const bySite = new Map<number, NaxmlDepartment[]>();
  for (const { siteNo, ...d } of found) {
    const list = bySite.get(siteNo) ?? [];
    list.push(d);
    bySite.set(siteNo, list);
  }
  return bySite;
}

/** Vendors with negotiated costs and their items, for the stores' invoices. */
async function negotiatedVendors(db: Db): Promise<NegotiatedVendor[]> {
  const found = await rows<{ vendorId: string; itemId: string; packSize: number; cost: string }>(
    db,
    sql`select h.vendor_id "vendorId", i.item_id "itemId", i.pack_size "packSize", h.cost::text "cost"
      from negotiated_cost_headers h join negotiated_cost_items i on i.header_id = h.id
      order by h.vendor_id, i.item_id, i.pack_size`,
  );
  const byVendor = new Map<string, NegotiatedVendor>();
  for (const r of found) {
    const v = byVendor.get(r.vendorId) ?? { vendorId: r.vendorId, items: [] };
    v.items.push({ itemId: r.itemId, packSize: r.packSize, cost: r.cost });
    byVendor.set(r.vendorId, v);
  }
  return [...byVendor.values()];
}

/**
 * A register seeded from a site's rows holds what head office has for it: the site is in sync, so
 * its change watermark moves to `watermark` (read before the rows) and its rows count as sent.
 * Without this a first "modifications only" distribution would send every item again.
 */
export async function markInSync(db: Db, siteNos: number[], watermark: number): Promise<void> {
  if (!siteNos.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into site_exchange (site_id, change_watermark)
      select id, ${watermark} from sites where site_no = any(${pgArray(siteNos, 'int')})
      on conflict (site_id) do update
        set change_watermark = greatest(site_exchange.change_watermark, excluded.change_watermark)`);
    await tx.execute(sql`insert into site_item_sent (site_id, item_id, pack_size, version)
      select si.site_id, si.item_id, si.pack_size, si.version
      from site_items si join sites s on s.id = si.site_id
      where s.site_no = any(${pgArray(siteNos, 'int')}) and not si.deleted
      on conflict (site_id, item_id, pack_size) do update set version = excluded.version
        where site_item_sent.version < excluded.version`);
  });
}

/** Gives every site without a register one, then starts the simulator loop over all sites. */
export async function startDemoStores(o: DemoStoresOptions): Promise<StoreSimRunner> {
  // Read before the rows: a change made meanwhile stays above it and is sent (never lost).
  const watermark = await latestChange(o.db);
  const [lists, departments, vendors] = await Promise.all([
    siteLists(o.db),
    siteDepartments(o.db),
    negotiatedVendors(o.db),
  ]);
  const siteNos = (
    await rows<{ siteNo: number }>(o.db, sql`select site_no "siteNo" from sites where active`)
  ).map((r) => r.siteNo);
  const seededNos: number[] = [];
  for (const siteNo of siteNos) {
    // baseline: head office already holds this list, so the first export sends only what changes.
    if (
      await seedStore(o.sitesDir, siteNo, lists.get(siteNo) ?? [], {
        departments: departments.get(siteNo),
        baseline: true,
      })
    )
      seededNos.push(siteNo);
  }
  await markInSync(o.db, seededNos, watermark);
  const runner = startStoreSim({
    sitesDir: o.sitesDir,
    sites: siteNos,
    intervalMs: o.intervalMs,
    drift: o.fresh ? DEMO_DRIFT : 0,
    seed: DEMO_SEED,
    invoices: o.fresh ? DEMO_INVOICES : 0,
    vendors,
    onResults: (results) => {
      for (const r of results) {
        for (const f of r.files)
          o.log.info(`Store ${r.siteNo}: ${f.status} ${f.file} (${f.applied} applied, ${f.refused} refused)`);
        if (r.error) o.log.warn(`Store ${r.siteNo}: ${r.error}`);
      }
    },
    onError: (err) => o.log.warn(`Store simulator: ${(err as Error).message}`),
  });
  o.log.info(
    `Store simulator: playing ${siteNos.length} store(s) in ${o.sitesDir} (${seededNos.length} new register(s)); STORE_SIM=off turns it off.`,
  );
  return runner;
}
