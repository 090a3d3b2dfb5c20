/**
 * The one way site rows change. A write sets the same fields on every selected item (each item
 * with its own values) at every site of the coverage, in one UPDATE whose rows go to item_history
 * in the same statement; then the summary of every impacted zone is refreshed. Runs inside the
 * caller's transaction, so a batch is all or nothing.
 */
import { itemKey, msg } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { itemKeyArrays, pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { FIELDS, type FieldName, type FieldValue, HISTORY_VALUES } from './fields';
import {
  type ItemKey,
  refreshZoneSummary,
  SUMMARY_UPSERT,
  summaryCtes,
  summaryWorkMem,
  zonesOfSites,
} from './summary';
import { assertInScope, type WriteScope } from './write-scope';

/** Every write sets a row's version to the next value of this sequence (migration 0003). */
export const NEXT_VERSION = sql.raw(`nextval('site_item_version_seq')`);

export interface ItemChange extends ItemKey {
  values: Partial<Record<FieldName, FieldValue>>;
  /** The UpdateKey the client saw; a different current key fails the write (optimistic concurrency). */
  updateKey?: string | null;
}

export interface WriteRequest {
  ex: Executor;
  /** From beginWrite(): the stores the user may write, the zones locked. */
  scope: WriteScope;
  user: string;
  /** History source: 'Item Adjustment', a batch dialog's name, 'Pricing event' ... */
  source: string;
  zoneId: number;
  fields: FieldName[];
  changes: ItemChange[];
  /**
   * Coverage as the batch request sends it: a positive site ID is updated (zone or outside site),
   * a negative one has the item removed; zone sites not listed get no change. Omitted: every
   * site of the zone is updated.
   */
  coverage?: number[] | null;
}

export interface WriteResult {
  items: number;
  siteRows: number;
  removed: number;
  zones: number[];
}

export async function zoneSiteIds(ex: Executor, zoneId: number): Promise<number[]> {
  const found = await rows<{ site_id: number }>(
    ex,
    sql`select site_id from zone_sites where zone_id = ${zoneId} order by priority`,
  );
  return found.map((r) => r.site_id);
}

/**
 * Fails with 409 if any UpdateKey differs from the zone's current key (zone_items.update_key). The
 * zone's write lock (beginWrite) keeps the key from changing until the transaction ends.
 */
export async function checkUpdateKeys(ex: Executor, zoneId: number, changes: ItemChange[]): Promise<void> {
  const keyed = changes.filter((c) => c.updateKey != null && c.updateKey !== '');
  if (keyed.length === 0) return;
  const { ids, packs } = itemKeyArrays(keyed);
  const current = await rows<{ item_id: string; pack_size: number; key: string }>(
    ex,
    sql`select zi.item_id, zi.pack_size, zi.update_key::text as key from zone_items zi
      where zi.zone_id = ${zoneId} and (zi.item_id, zi.pack_size) in (select * from unnest(${ids}, ${packs}))`,
  );
  const now = new Map(current.map((r) => [itemKey(r.item_id, r.pack_size), r.key]));
  const stale = keyed.filter((c) => now.get(itemKey(c.itemId, c.packSize)) !== String(c.updateKey));
  if (stale.length) {
    throw new AppError(
      'CONFLICT',
      `${msg('STALE_UPDATE_KEY')} (${listSome(stale.map((c) => itemKey(c.itemId, c.packSize)))})`,
    );
  }
}

/** The first ten of a list, then how many more. */
export function listSome(keys: string[], max = 10): string {
  return keys.length <= max
    ? keys.join(', ')
    : `${keys.slice(0, max).join(', ')} and ${keys.length - max} more`;
}

async function resolveCoverage(ex: Executor, scope: WriteScope, coverage: number[] | null | undefined) {
  const zoneSites = await zoneSiteIds(ex, scope.zoneId);
  if (!coverage) return { update: zoneSites, remove: [] as number[], outside: [] as number[] };
  const update = [...new Set(coverage.filter((s) => s > 0))];
  const remove = [...new Set(coverage.filter((s) => s < 0).map((s) => -s))];
  // beginWrite checked the coverage it was given; a coverage it was not given is refused here.
  assertInScope(scope, { siteIds: [...update, ...remove] });
  return { update, remove, outside: update.filter((s) => !zoneSites.includes(s)) };
}

/**
 * Apply the changes; see WriteRequest. Must run inside the transaction beginWrite() opened: a
 * stale UpdateKey throws before anything is written and any error rolls the whole write back.
 */
export async function writeSiteItems(req: WriteRequest): Promise<WriteResult> {
  const { ex, zoneId, changes } = req;
  if (changes.length === 0) return { items: 0, siteRows: 0, removed: 0, zones: [] };
  if (req.scope.zoneId !== zoneId) throw new Error('writeSiteItems: the scope is for another zone');
  const { update, remove, outside } = await resolveCoverage(ex, req.scope, req.coverage);
  const zones = await zonesOfSites(ex, [...update, ...remove]);
  assertInScope(req.scope, { zoneIds: zones });
  await checkUpdateKeys(ex, zoneId, changes);
  const { ids, packs } = itemKeyArrays(changes);

  if (outside.length) await addToOutsideSites(ex, zoneId, req.user, outside, changes);

  const cols = req.fields.map((f) => FIELDS[f]);
  const valueArrays = req.fields.map((f) =>
    pgArray(
      changes.map((c) => (c.values[f] === undefined ? null : (c.values[f] as FieldValue))),
      FIELDS[f].type,
    ),
  );
  // With the zone's own sites, the updated rows are all of the zone's rows of these items: its
  // summary is computed from them in the same statement instead of being read again.
  const ownSummary = req.coverage
    ? sql``
    : sql`, ${summaryCtes(
        sql`upd si join zone_sites zs on zs.site_id = si.site_id and zs.zone_id = ${zoneId}`,
        sql`true`,
        sql`a join upd si on si.item_id = a.item_id and si.pack_size = a.pack_size
          join zone_sites zs on zs.site_id = si.site_id and zs.zone_id = a.zone_id`,
      )}, own_summary as (${SUMMARY_UPSERT} returning 1)`;
  if (!req.coverage) await summaryWorkMem(ex);
  const setList = cols.map((c, i) => `${c.col} = v.f${i}`).join(', ');
  const vCols = cols.map((_, i) => `, f${i}`).join('');
  const [outcome] = await rows<{ site_rows: number; items: number }>(
    ex,
    sql`with v as (
        select * from unnest(${ids}, ${packs}${sql.raw(valueArrays.length ? ', ' : '')}${sql.join(valueArrays, sql`, `)})
          as v(item_id, pack_size${sql.raw(vCols)})),
      upd as (
        update site_items si set ${sql.raw(setList ? `${setList}, ` : '')}
          version = ${NEXT_VERSION}, updated_at = now(), updated_by = ${req.user}
        from v where si.item_id = v.item_id and si.pack_size = v.pack_size and not si.deleted
          and si.site_id = any(${pgArray(update, 'int')})
        returning si.*),
      hist as (
        insert into item_history (site_id, item_id, pack_size, changed_by, source, dept, sub, unit_list, values_after)
        select site_id, item_id, pack_size, ${req.user}, ${req.source}, dept, sub, unit_list, ${HISTORY_VALUES} from upd)
      ${ownSummary}
      select (select count(*) from upd)::int as site_rows,
        (select count(*) from (select distinct item_id, pack_size from upd) d)::int as items`,
  );

  let removed = 0;
  if (remove.length) {
    const gone = await rows<{ n: number }>(
      ex,
      sql`with upd as (
          update site_items si set deleted = true, version = ${NEXT_VERSION}, updated_at = now(), updated_by = ${req.user}
          where (si.item_id, si.pack_size) in (select * from unnest(${ids}, ${packs})) and not si.deleted
            and si.site_id = any(${pgArray(remove, 'int')})
          returning si.*),
        hist as (
          insert into item_history (site_id, item_id, pack_size, changed_by, source, dept, sub, unit_list, values_after)
          select site_id, item_id, pack_size, ${req.user}, ${`${req.source} (removed)`}, dept, sub, unit_list, ${HISTORY_VALUES} from upd)
        select count(*)::int n from upd`,
    );
    removed = gone[0].n;
  }

  const others = req.coverage ? zones : zones.filter((z) => z !== zoneId);
  if (others.length) await refreshZoneSummary(ex, { zoneIds: others, items: changes }, remove.length === 0);
  return { items: outcome.items, siteRows: outcome.site_rows, removed, zones };
}

/** Outside sites that do not carry an item get it, with the zone's current values, before the change. */
async function addToOutsideSites(
  ex: Executor,
  zoneId: number,
  user: string,
  outside: number[],
  changes: ItemChange[],
) {
  const { ids, packs } = itemKeyArrays(changes);
  await ex.execute(sql`
    insert into site_items (site_id, item_id, pack_size, description, receipt_description, inv_type, dept, sub,
      unit_list, unit_cost, tax_group_id, redemption_id, active, min_on_hand, max_on_hand, min_purchase_qty,
      vendor_id, send_to_pos, updated_by)
    select s.site_id, zi.item_id, zi.pack_size, zi.description, zi.receipt_description, zi.inv_type, zi.dept, zi.sub,
      zi.unit_list, zi.unit_cost, zi.tax_group_id, zi.redemption_id, zi.active, zi.min_on_hand, zi.max_on_hand,
      zi.min_purchase_qty, zi.vendor_id, zi.send_to_pos, ${user}
    from zone_items zi cross join unnest(${pgArray(outside, 'int')}) as s(site_id)
    where zi.zone_id = ${zoneId} and (zi.item_id, zi.pack_size) in (select * from unnest(${ids}, ${packs}))
    on conflict (site_id, item_id, pack_size) do update set deleted = false, version = ${NEXT_VERSION}
      where site_items.deleted`);
}
