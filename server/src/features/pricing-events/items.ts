/**
 * An event's items as the editing grid shows them: the zone's current price beside the event's
 * future one, and, when another event of the zone changes the same item on the same day, which of
 * the two wins (the later slot: events merge in time order, the last price stays).
 */
import { type EventItem, formatDeptSub, itemKey } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { dayBounds } from './locate';
import type { EventRow } from './queries';

interface ItemRow {
  item_id: string;
  pack_size: number;
  description: string | null;
  dept: number | null;
  sub: number | null;
  dept_name: string | null;
  sub_name: string | null;
  current: string | null;
  future: string;
  site_count: number | null;
  update_key: string;
}

interface CollisionRow {
  item_id: string;
  pack_size: number;
  name: string;
  at: Date;
}

export async function eventItems(
  ex: Executor,
  e: EventRow,
  o: { timeZone: string; day: string },
): Promise<EventItem[]> {
  const found = await rows<ItemRow>(
    ex,
    sql`select pi.item_id, pi.pack_size, zi.description, zi.dept, zi.sub, d.dept_name, d.sub_name,
        zi.unit_list::text as current, pi.future_unit_list::text as future, zi.site_count,
        pi.update_key::text as update_key
      from pricing_event_items pi
      left join zone_items zi on zi.zone_id = ${e.zone_id} and zi.item_id = pi.item_id and zi.pack_size = pi.pack_size
      left join departments d on d.zone_id = ${e.zone_id} and d.dept = zi.dept and d.sub = zi.sub
      where pi.event_id = ${e.id} order by pi.item_id, pi.pack_size`,
  );
  const { from, to } = dayBounds(o.day, o.timeZone);
  const others = await rows<CollisionRow>(
    ex,
    sql`select oi.item_id, oi.pack_size, oe.name, oe.effective_at as at
      from pricing_events oe join pricing_event_items oi on oi.event_id = oe.id
      join pricing_event_items pi on pi.event_id = ${e.id} and pi.item_id = oi.item_id and pi.pack_size = oi.pack_size
      where oe.zone_id = ${e.zone_id} and oe.id <> ${e.id} and oe.status in (1, 2)
        and oe.effective_at >= ${from.toISOString()}::timestamptz and oe.effective_at < ${to.toISOString()}::timestamptz
      order by oe.effective_at desc`,
  );
  const collision = new Map<string, CollisionRow>();
  for (const c of others) {
    const k = itemKey(c.item_id, c.pack_size);
    if (!collision.has(k)) collision.set(k, c);
  }
  const mine = new Date(e.effective_at).getTime();
  return found.map((r) => {
    const c = collision.get(itemKey(r.item_id, r.pack_size));
    const code = r.dept === null ? '' : formatDeptSub({ dept: r.dept, sub: r.sub ?? 0 });
    const names = r.dept_name ? (r.sub ? `${r.dept_name} / ${r.sub_name}` : r.dept_name) : '';
    return {
      ID: r.item_id,
      PackSize: r.pack_size,
      ItemDescription: r.description ?? '',
      DeptSub: names ? `${code} - ${names}` : code,
      CurrentUnitList: r.current,
      FutureUnitList: r.future,
      SiteNo: r.site_count ?? 0,
      SetupId: e.id,
      UpdateKey: r.update_key,
      Status: e.status,
      Collision: c
        ? {
            EventName: c.name,
            EffectiveDateTime: new Date(c.at).toISOString(),
            Wins: mine > new Date(c.at).getTime(),
          }
        : null,
    };
  });
}
