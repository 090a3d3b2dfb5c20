/**
 * "Send these stores their rows again": one history row per store and item with the row's current
 * values, so the store's next "modifications only" distribution (the change log above its
 * watermark, docs/architecture.md) carries the row. No value changes and no version moves, so the
 * zone summary and its UpdateKeys stay as they are. Outside Updates' Reject uses it: the store
 * changed a value locally, head office keeps its own, and the next distribution puts it back.
 */
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { HISTORY_VALUES } from './fields';
import { HISTORY_COLUMNS, keysIn } from './layers';
import type { ItemKey } from './summary';
import { assertInScope, type WriteScope } from './write-scope';

export interface ResendAt extends ItemKey {
  siteIds: number[];
}

/** Marks each item pending at its stores (those that carry it live); returns the rows logged. */
export async function resendRows(
  ex: Executor,
  o: { scope: WriteScope; user: string; source: string; items: ResendAt[] },
): Promise<number> {
  const pairs = o.items.flatMap((i) => i.siteIds.map((s) => ({ ...i, siteId: s })));
  if (pairs.length === 0) return 0;
  assertInScope(o.scope, { siteIds: [...new Set(pairs.map((p) => p.siteId))] });
  const [r] = await rows<{ n: number }>(
    ex,
    sql`with v as (select * from unnest(${pgArray(
      pairs.map((p) => p.siteId),
      'int',
    )}, ${pgArray(
      pairs.map((p) => p.itemId),
      'text',
    )}, ${pgArray(
      pairs.map((p) => p.packSize),
      'int',
    )}) as v(site_id, item_id, pack_size)),
      ins as (
        insert into item_changes (site_id, ${HISTORY_COLUMNS})
        select si.site_id, si.item_id, si.pack_size, ${o.user}, ${o.source}, si.dept, si.sub, si.unit_list, ${HISTORY_VALUES}
        from site_items si join v on v.site_id = si.site_id and v.item_id = si.item_id and v.pack_size = si.pack_size
        where not si.deleted and ${keysIn('si', o.items)}
        returning 1)
      select count(*)::int as n from ins`,
  );
  return r.n;
}
