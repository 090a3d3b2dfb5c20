/**
 * What Undo can put back after a reload (beyond the spec, docs/api.md "Current Prices Report"):
 * the user's last Apply in the zone, read from `current_price_applies`. One Apply is one
 * transaction whose rows share `applied_at` (the column's default, now(), is the transaction's
 * start), so the user's latest `applied_at` in the zone is their last Apply. An item of it is
 * undoable while the item's zone UpdateKey is the one the Apply left: any later write (a store's
 * change, an edit, another Apply) moves the key, and Undo refuses then.
 */
import type { LastApplyAnswer } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';

export async function lastApply(ex: Executor, o: { user: string; zoneId: number }): Promise<LastApplyAnswer> {
  const found = await rows<{
    item_id: string;
    pack_size: number;
    price: string;
    applied_at: string;
    undoable: boolean;
  }>(
    ex,
    sql`select a.item_id, a.pack_size, a.price::text as price,
        to_char(a.applied_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as applied_at,
        coalesce(zi.update_key = a.update_key, false) as undoable
      from current_price_applies a
      left join zone_items zi on zi.zone_id = a.zone_id and zi.item_id = a.item_id and zi.pack_size = a.pack_size
      where a.zone_id = ${o.zoneId} and a.user_name = ${o.user} and a.undone_at is null
        and a.applied_at = (select max(l.applied_at) from current_price_applies l
          where l.zone_id = ${o.zoneId} and l.user_name = ${o.user})
      order by a.id`,
  );
  return {
    AppliedAt: found[0]?.applied_at ?? null,
    Items: found.map((f) => ({ ID: f.item_id, PackSize: f.pack_size, Price: f.price, Undoable: f.undoable })),
  };
}
