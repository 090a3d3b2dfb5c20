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

export interface ItemChange extends ItemKey {
  values: Partial<Record<FieldName, FieldValue>>;
  /** The UpdateKey the client saw; a different current key fails the write (optimistic concurrency). */
  updateKey?: string | null;
}

export interface WriteRequest {
  ex: Executor;
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

/** Locks the items' rows at the zone's sites and fails if any UpdateKey is stale. */
export async function checkUpdateKeys(ex: Executor, zoneId: number, changes: ItemChange[]): Promise<void> {
  const keyed = changes.filter((c) => c.updateKey != null && c.updateKey !== '');
  if (keyed.length === 0) return;
  const { ids, packs } = itemKeyArrays(keyed);
  await ex.execute(sql`select 1 from site_items si
    where (si.item_id, si.pack_size) in (select * from unnest(${ids}, ${packs}))
      and si.site_id in (select site_id from zone_sites where zone_id = ${zoneId}) for update`);
  const current = await rows<{ item_id: string; pack_size: number; key: string }>(
    ex,
    sql`select si.item_id, si.pack_size, sum(si.version)::text as key from site_items si
      join zone_sites zs on zs.site_id = si.site_id and zs.zone_id = ${zoneId}
      where not si.deleted and (si.item_id, si.pack_size) in (select * from unnest(${ids}, ${packs}))
      group by si.item_id, si.pack_size`,
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

async function resolveCoverage(ex: Executor, zoneId: number, coverage: number[] | null | undefined) {
  const zoneSites = await zoneSiteIds(ex, zoneId);
  if (!coverage) return { update: zoneSites, remove: [] as number[], outside: [] as number[] };
  const update = coverage.filter((s) => s > 0);
  const remove = coverage.filter((s) => s < 0).map((s) => -s);
  const known = await rows<{ id: number }>(
    ex,
    sql`select id from sites where id = any(${pgArray([...update, ...remove], 'int')})`,
  );
  const unknown = [...update, ...remove].filter((s) => !known.some((k) => k.id === s));
  if (unknown.length)
    throw new AppError('VALIDATION', `Coverage: no site with SetupID ${unknown.join(', ')}.`);
  return { update, remove, outside: update.filter((s) => !zoneSites.includes(s)) };
}

/**
 * Apply the changes; see WriteRequest. Must run inside a transaction: a stale UpdateKey is found
 * by the UPDATE itself (the rows it locked and bumped, less one version each, must add up to the
 * key the client saw) and the error rolls the whole write back.
 */
export async function writeSiteItems(req: WriteRequest): Promise<WriteResult> {
  const { ex, zoneId, changes } = req;
  if (changes.length === 0) return { items: 0, siteRows: 0, removed: 0, zones: [] };
  const { update, remove, outside } = await resolveCoverage(ex, zoneId, req.coverage);
  // With the zone's own sites the UPDATE checks the keys; any other coverage checks them first.
  if (req.coverage) await checkUpdateKeys(ex, zoneId, changes);
  const { ids, packs } = itemKeyArrays(changes);
  const expected = pgArray(
    changes.map((c) =>
      req.coverage || c.updateKey == null || c.updateKey === '' ? null : String(c.updateKey),
    ),
    'numeric',
  );

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
  const [outcome] = await rows<{ site_rows: number; items: number; stale: string[] }>(
    ex,
    sql`with v as (
        select * from unnest(${ids}, ${packs}, ${expected}${sql.raw(valueArrays.length ? ', ' : '')}${sql.join(valueArrays, sql`, `)})
          as v(item_id, pack_size, expected_key${sql.raw(vCols)})),
      upd as (
        update site_items si set ${sql.raw(setList ? `${setList}, ` : '')}
          version = si.version + 1, updated_at = now(), updated_by = ${req.user}
        from v where si.item_id = v.item_id and si.pack_size = v.pack_size and not si.deleted
          and si.site_id = any(${pgArray(update, 'int')})
        returning si.*),
      hist as (
        insert into item_history (site_id, item_id, pack_size, changed_by, source, dept, sub, unit_list, values_after)
        select site_id, item_id, pack_size, ${req.user}, ${req.source}, dept, sub, unit_list, ${HISTORY_VALUES} from upd),
      per_item as (
        select item_id, pack_size, sum(version) - count(*) as old_key from upd group by item_id, pack_size)
      ${ownSummary}
      select (select count(*) from upd)::int as site_rows, (select count(*) from per_item)::int as items,
        array(select v.item_id || '@' || v.pack_size from v left join per_item p
          on p.item_id = v.item_id and p.pack_size = v.pack_size
          where v.expected_key is not null and p.old_key is distinct from v.expected_key
          order by v.item_id, v.pack_size) as stale`,
  );
  if (outcome.stale.length)
    throw new AppError('CONFLICT', `${msg('STALE_UPDATE_KEY')} (${listSome(outcome.stale)})`);

  let removed = 0;
  if (remove.length) {
    const gone = await rows<{ n: number }>(
      ex,
      sql`with upd as (
          update site_items si set deleted = true, version = si.version + 1, updated_at = now(), updated_by = ${req.user}
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

  const zones = await zonesOfSites(ex, [...update, ...remove]);
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
    on conflict (site_id, item_id, pack_size) do update set deleted = false, version = site_items.version + 1
      where site_items.deleted`);
}
