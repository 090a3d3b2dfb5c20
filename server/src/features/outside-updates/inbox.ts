/**
 * The one inbox for incoming changes (issue 21): every source (Site Import, Vendor Import, later
 * ones) hands its "incoming item" records to `receive`, which, in the caller's transaction:
 * - upserts one root per (zone, item) with the values the source carries (columns generated from
 *   the field registry, db/fields.ts), the source, the changeFlds bits (added to a root's earlier
 *   bits) and is_new; new incoming values take a new version (the root's UpdateKey changes);
 * - writes the child rows (kind 'origin') of a source that has an origin site (a store);
 * - runs the zones' auto-accept rules on what just arrived (nothing without a rule).
 * The per-field flags (isSame...) derive from the bits (domain sameFlags), so they are set with them.
 *
 * Meeting of sources in one root (docs/decisions.md, issue 21): each arrival writes only the fields
 * its source carries; the other fields keep what an earlier arrival put there. A source that
 * `keepsOnNull` (a vendor file without a suggested retail) leaves a field's earlier value when its
 * own is null. The root's source is the latest arrival's.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type PgScalar, pgArray, pgArrayInTurns } from '../../db/arrays';
import type { Tx } from '../../db/client';
import { rows } from '../../db/client';
import { FIELDS, type FieldValue, type OuField } from '../../db/fields';
import { LoopTurns } from '../../lib/loop-turns';
import { type ArrivalResult, decideOnArrival, lockZonesForRules } from './rules/run';

/** One incoming item: its key, the values of the fields its source carries, its changeFlds bits. */
export interface IncomingItem<F extends OuField = OuField> {
  itemId: string;
  packSize: number;
  values: { [K in F]: FieldValue };
  flds: number;
  /** Kept on the item's origin child row (what the store sent, what its row held ...). */
  origin?: unknown;
  /** The item's UPC (a vendor file's consumer UPC), kept on the root for a new item. */
  upcCode?: string | null;
}

export interface Delivery<F extends OuField> {
  /** The roots' source ('Site Import', 'Vendor Import'). */
  source: string;
  /** The fields the source carries, in the registry's names. */
  fields: readonly F[];
  /** The zones the roots are written in: every zone of a store, or one zone (a vendor setup's). */
  to: { siteId: number } | { zoneId: number };
  /** The store the changes came from: each root gets an 'origin' child row for it. */
  originSiteId?: number;
  /** A null value leaves the root's earlier value of the field (else it writes the null). */
  keepsOnNull?: boolean;
  items: readonly IncomingItem<F>[];
}

export interface Received {
  /** Roots written (one per zone and item). */
  roots: number;
  auto: ArrivalResult;
}

const none: ArrivalResult = { decided: 0, left: 0, problems: [] };

/** Zone ids of the delivery's target. */
async function targetZones(tx: Tx, to: Delivery<OuField>['to']): Promise<number[]> {
  if ('zoneId' in to) return [to.zoneId];
  const z = await rows<{ zone_id: number }>(
    tx,
    sql`select zone_id from zone_sites where site_id = ${to.siteId} order by zone_id`,
  );
  return z.map((r) => r.zone_id);
}

/** Writes the delivery's items into the inbox and lets the rules decide them. */
export async function receive<F extends OuField>(tx: Tx, d: Delivery<F>): Promise<Received> {
  if (d.items.length === 0) return { roots: 0, auto: none };
  const zoneIds = await targetZones(tx, d.to);
  if (zoneIds.length === 0) return { roots: 0, auto: none };
  // Zone locks of the rules first, in zone order (as Apply Changes takes them): no deadlock.
  await lockZonesForRules(tx, zoneIds);
  const roots = await upsertRoots(tx, d, zoneIds);
  const auto = await decideOnArrival(tx, {
    zoneIds,
    keys: d.items.map((i) => ({ itemId: i.itemId, packSize: i.packSize })),
  });
  return { roots, auto };
}

async function upsertRoots<F extends OuField>(tx: Tx, d: Delivery<F>, zoneIds: number[]): Promise<number> {
  const { items } = d;
  const cols = d.fields.map((f) => FIELDS[f].col);
  // 50,000 items and more: each array parameter is built with turns of the event loop.
  const turns = new LoopTurns();
  const array = (values: PgScalar[], type: string) => pgArrayInTurns(values, type, turns);
  const arrays: SQL[] = [];
  for (const f of d.fields)
    arrays.push(
      await array(
        items.map((i) => i.values[f] as PgScalar),
        FIELDS[f].type,
      ),
    );
  const ids = await array(
    items.map((i) => i.itemId),
    'text',
  );
  const packs = await array(
    items.map((i) => i.packSize),
    'int',
  );
  const flds = await array(
    items.map((i) => i.flds),
    'int',
  );
  const upcs = await array(
    items.map((i) => i.upcCode ?? null),
    'text',
  );
  const origins = await array(
    items.map((i) => (i.origin === undefined ? null : JSON.stringify(i.origin))),
    'text',
  );
  const raw = (s: string) => sql.raw(s);
  const list = (names: string[]) => raw(names.join(', '));
  const vCols = cols.map((c) => `v.${c}`);
  const set = cols.map((c) =>
    d.keepsOnNull ? `${c} = coalesce(excluded.${c}, o.${c})` : `${c} = excluded.${c}`,
  );
  const incoming = cols.map((c) => (d.keepsOnNull ? `coalesce(excluded.${c}, o.${c})` : `excluded.${c}`));
  const origin = d.originSiteId !== undefined;
  const written = await rows<{ n: number }>(
    tx,
    sql`with v as (
        select * from unnest(${ids}, ${packs}, ${sql.join(arrays, sql`, `)}, ${flds}, ${upcs}, ${origins})
        as v(item_id, pack_size, ${list(cols)}, flds, upc_code, origin)),
      up as (
        insert into outside_updates as o (zone_id, item_id, pack_size, source, ${list(cols)}, upc_code,
          change_flds, is_new)
        select z.zone_id, v.item_id, v.pack_size, ${d.source}, ${list(vCols)}, v.upc_code, v.flds,
          not exists (select 1 from zone_items zi
            where zi.zone_id = z.zone_id and zi.item_id = v.item_id and zi.pack_size = v.pack_size)
        from v cross join unnest(${pgArray(zoneIds, 'int')}) as z(zone_id)
        on conflict (zone_id, item_id, pack_size) do update set
          -- New incoming values take a new version, so the root's UpdateKey changes with them and an
          -- Accept sent with the key the user loaded is refused (409) instead of writing unseen values.
          version = case when (${list(cols.map((c) => `o.${c}`))}, o.change_flds | excluded.change_flds,
              o.incoming is null)
            is distinct from (${list(incoming)}, o.change_flds, true)
            then nextval('site_item_version_seq') else o.version end,
          source = excluded.source, ${list(set)},
          upc_code = coalesce(excluded.upc_code, o.upc_code),
          change_flds = o.change_flds | excluded.change_flds, is_new = excluded.is_new,
          incoming = null
        returning o.id, o.item_id, o.pack_size),
      kids as (
        insert into outside_update_sites (update_id, site_id, kind, values)
        select up.id, ${d.originSiteId ?? null}::int, 'origin', v.origin::jsonb
        from up join v on v.item_id = up.item_id and v.pack_size = up.pack_size
        where ${origin}
        on conflict (update_id, site_id) do update set kind = excluded.kind, values = excluded.values
        returning 1)
      select (select count(*) from up)::int as n, (select count(*) from kids)::int as k`,
  );
  return written[0].n;
}
