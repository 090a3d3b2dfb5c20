/**
 * The site's current rows of the items a store file names, read a page of keys at a time with a
 * turn of the event loop between pages: one read of a 25,000-item store arrived as megabytes of
 * rows that the driver turned into objects in one go (55-80 ms of a blocked loop, issue 27).
 */
import { itemKey } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { eachPageInTurns, type LoopTurns } from '../../lib/loop-turns';
import { keysIn } from '../pricebook/layers';
import type { SiteRow } from './compare';

/** Keys per statement: a page of rows the driver reads in a few milliseconds. */
export const SITE_ROWS_PAGE = 2_000;

export async function siteRowsOf(
  ex: Executor,
  siteId: number,
  keys: ReadonlyArray<{ itemId: string; packSize: number }>,
  turns: LoopTurns,
  page = SITE_ROWS_PAGE,
): Promise<Map<string, SiteRow>> {
  const unique = [...new Map(keys.map((k) => [itemKey(k.itemId, k.packSize), k])).values()];
  const byKey = new Map<string, SiteRow>();
  await eachPageInTurns(
    unique,
    page,
    async (keysOfPage) => {
      const found = await rows<SiteRow>(
        ex,
        sql`select item_id, pack_size, description, receipt_description, dept, sub, unit_list::text as unit_list,
            tax_group_id, active, inv_type
          from site_items si where si.site_id = ${siteId} and not si.deleted and ${keysIn('si', keysOfPage)}`,
      );
      for (const r of found) byKey.set(itemKey(r.item_id, r.pack_size), r);
    },
    turns,
  );
  return byKey;
}
