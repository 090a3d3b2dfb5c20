/**
 * Outside updates in tests: through a real Site Import of a store file (the way they arrive), or
 * set directly as rows (for lists and checks that do not need the import).
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Executor, rows } from '../../src/db/client';
import { writeStampedExclusive } from '../../src/exchange/exclusive-write';
import { buildStoreItemFile, type StoreFileItem } from '../../src/exchange/naxml/store-files';
import { fromSiteDir } from '../../src/exchange/site-folders';
import { siteStoreItems } from './store-items';
import { runTransfersNow } from './transfers';

let clock = Date.now();

/**
 * The store's item file as the simulator writes it (its rows, `edit` changing some and flagging
 * them changed), imported through POST /importSelectedSites; fails unless the store's task is DONE.
 */
export async function importStoreChange(o: {
  app: FastifyInstance;
  ex: Executor;
  cookie: string;
  sitesDir: string;
  siteId: number;
  siteNo: number;
  edit: (i: StoreFileItem) => StoreFileItem;
}): Promise<void> {
  const items = (await siteStoreItems(o.ex, o.siteId)).map((before) => {
    const after = o.edit(before);
    return after === before ? before : { ...after, changed: true };
  });
  const dir = fromSiteDir(o.sitesDir, o.siteNo);
  fs.mkdirSync(dir, { recursive: true });
  clock += 1000;
  await writeStampedExclusive(
    dir,
    `ITT${String(o.siteNo).padStart(3, '0')}`,
    '.xml',
    buildStoreItemFile({ storeNo: o.siteNo, tableAction: 'update', items }),
    new Date(clock),
  );
  const res = await o.app.inject({
    method: 'POST',
    url: '/importSelectedSites/ann',
    headers: { cookie: o.cookie },
    payload: { sitenos: String(o.siteNo) },
  });
  if (res.statusCode !== 200) throw new Error(`Site Import: ${res.statusCode} ${res.body}`);
  await runTransfersNow(o.app);
  const id = res.json().RootResults.TransferID as number;
  const [t] = await rows<{ status: string }>(o.ex, sql`select status from transfers where id = ${id}`);
  if (t.status !== 'DONE') throw new Error(`Site Import ended ${t.status}`);
}

/** A root as an import would leave it (values given, the rest null) with its origin stores. */
export async function addRoot(
  ex: Executor,
  o: {
    zoneId: number;
    itemId: string;
    packSize?: number;
    flds: number;
    unitList?: string | null;
    unitCost?: string | null;
    description?: string | null;
    isNew?: boolean;
    origins: number[];
  },
): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into outside_updates (zone_id, item_id, pack_size, source, description, unit_list, unit_cost,
        change_flds, is_new)
      values (${o.zoneId}, ${o.itemId}, ${o.packSize ?? 1}, 'Site Import', ${o.description ?? null},
        ${o.unitList ?? null}, ${o.unitCost ?? null}, ${o.flds}, ${o.isNew ?? false})
      returning id`,
  );
  for (const s of o.origins) {
    await ex.execute(
      sql`insert into outside_update_sites (update_id, site_id, kind, values) values (${r.id}, ${s}, 'origin', null)`,
    );
  }
  return r.id;
}
