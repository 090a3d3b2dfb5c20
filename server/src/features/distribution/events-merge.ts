/**
 * Before a distribution writes anything, every READY pricing event (status 2) of the zones of the
 * selected sites is merged into the zones' rows (history source 'Pricing Event', through the write
 * path, so the summary and history stay right) and marked distributed (3), or error (4) with the
 * reason in `pricing_events.error`.
 *
 * It runs once per run, in the transaction that starts the run, for the zones of the selected
 * sites the user may write: the run's tasks then read rows that already hold the events' prices,
 * and the change rows the merge wrote are below every task's target watermark, so the events go
 * in this very run. An event is a zone's: it is merged for the whole zone (its other sites get it
 * in their next distribution). Each event is merged inside its own savepoint, so one bad event
 * rolls back only itself.
 */
import { PricingEventStatus } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Tx } from '../../db/client';
import { rows } from '../../db/client';
import { listSome, writeSiteItems } from '../pricebook/write';
import { beginWrite } from '../pricebook/write-scope';
import { moveEventStatus } from '../pricing-events/status';
import { MAX_PRICE } from './dts-reports';

export interface MergeOutcome {
  merged: number[];
  failed: Array<{ id: number; reason: string }>;
}

interface EventItem {
  item_id: string;
  pack_size: number;
  price: string;
  carried: boolean;
  in_range: boolean;
}

/** Why the event cannot be merged, or null. */
function eventProblem(items: EventItem[], zoneName: string): string | null {
  if (items.length === 0) return 'The event has no items.';
  const key = (i: EventItem) => `${i.item_id}/${i.pack_size}`;
  const missing = items.filter((i) => !i.carried);
  if (missing.length) return `Not carried in zone ${zoneName}: ${listSome(missing.map(key))}.`;
  const bad = items.filter((i) => !i.in_range);
  if (bad.length) {
    return `Price out of range (above 0.00, at most ${MAX_PRICE}): ${listSome(bad.map((i) => `${key(i)} ${i.price}`))}.`;
  }
  return null;
}

export async function mergeReadyEvents(
  tx: Tx,
  o: { userId: number; userName: string; siteIds: number[] },
): Promise<MergeOutcome> {
  const events = await rows<{ id: number; zone_id: number; zone_name: string }>(
    tx,
    sql`select e.id, e.zone_id, z.name as zone_name from pricing_events e join zones z on z.id = e.zone_id
      where e.status = ${PricingEventStatus.Ready}
        and e.zone_id in (select zs.zone_id from zone_sites zs join user_zones uz on uz.zone_id = zs.zone_id
          where uz.user_id = ${o.userId} and zs.site_id = any(${pgArray(o.siteIds, 'int')}))
      order by e.effective_at, e.id
      for update of e`,
  );
  const out: MergeOutcome = { merged: [], failed: [] };
  for (const e of events) {
    const items = await rows<EventItem>(
      tx,
      sql`select pi.item_id, pi.pack_size, pi.future_unit_list::text as price,
          exists (select 1 from zone_items zi where zi.zone_id = ${e.zone_id} and zi.item_id = pi.item_id
            and zi.pack_size = pi.pack_size and zi.site_count > 0) as carried,
          (pi.future_unit_list > 0 and pi.future_unit_list <= ${MAX_PRICE}::numeric) as in_range
        from pricing_event_items pi where pi.event_id = ${e.id} order by pi.item_id, pi.pack_size`,
    );
    let reason = eventProblem(items, e.zone_name);
    if (!reason) {
      try {
        await tx.transaction(async (sp) => {
          const scope = await beginWrite(sp, { userId: o.userId, zoneId: e.zone_id });
          // The zone's price each item had before the merge: what an undo of the event restores.
          await sp.execute(sql`update pricing_event_items pi set previous_unit_list = zi.unit_list
            from zone_items zi where pi.event_id = ${e.id} and zi.zone_id = ${e.zone_id}
              and zi.item_id = pi.item_id and zi.pack_size = pi.pack_size`);
          await writeSiteItems({
            ex: sp,
            scope,
            user: o.userName,
            source: 'Pricing Event',
            zoneId: e.zone_id,
            fields: ['unitList'],
            changes: items.map((i) => ({
              itemId: i.item_id,
              packSize: i.pack_size,
              values: { unitList: i.price },
            })),
            keysChecked: true,
          });
        });
      } catch (err) {
        reason = err instanceof Error ? err.message : String(err);
      }
    }
    if (reason) {
      await moveEventStatus(tx, [e.id], PricingEventStatus.Error, { reason });
      out.failed.push({ id: e.id, reason });
    } else {
      await moveEventStatus(tx, [e.id], PricingEventStatus.Distributed);
      out.merged.push(e.id);
    }
  }
  return out;
}
