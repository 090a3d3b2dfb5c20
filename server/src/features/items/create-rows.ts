/**
 * New items ('Add Item', clones) at every site of the zone: one base row for the sites whose base
 * zone this is, the zone's other sites (shared with another base zone) each their own row; rows
 * removed earlier are revived. An item already live at a site of the zone is refused.
 */
import { itemKey, MESSAGES } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { FIELD_NAMES, FIELDS, historyValues, VALUE_COLUMNS } from '../pricebook/fields';
import { baseSitesOf, HISTORY_COLUMNS, keysIn, NEXT_VERSION } from '../pricebook/layers';
import type { ItemPlan } from './plan';
import { SaveRefused } from './save-refused';

const COLS = sql.raw(VALUE_COLUMNS.join(', '));
const UPDATE_ALL = sql.raw(VALUE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '));

/** What a new item's rows need: its key, its values and the history source (Add Item's plan has them). */
export type NewItemRows = Pick<ItemPlan, 'index' | 'key' | 'idplu' | 'source' | 'values'>;

export async function createSiteRows(
  ex: Executor,
  o: { user: string; zoneId: number; adds: NewItemRows[]; zoneSites: number[] },
) {
  const { adds, user } = o;
  if (adds.length === 0) return;
  const keys = adds.map((p) => p.key);
  // The zone is locked (beginWrite): a live row found now is an item another save created first.
  const live = await rows<{ item_id: string; pack_size: number }>(
    ex,
    sql`select distinct item_id, pack_size from site_items si
      where si.site_id = any(${pgArray(o.zoneSites, 'int')}) and not si.deleted and ${keysIn('si', keys)}`,
  );
  if (live.length) {
    const taken = new Set(live.map((r) => itemKey(r.item_id, r.pack_size)));
    throw new SaveRefused(
      adds
        .filter((p) => taken.has(p.idplu))
        .map((p) => ({ Index: p.index, idplu: p.idplu, Field: 'ID', Message: MESSAGES.ID_ALREADY_EXISTS })),
      adds.length > 1,
    );
  }
  const values = FIELD_NAMES.map((f) =>
    pgArray(
      adds.map((p) => p.values[f]),
      FIELDS[f].type,
    ),
  );
  const v = sql`v as (
    select * from unnest(${pgArray(
      keys.map((k) => k.itemId),
      'text',
    )}, ${pgArray(
      keys.map((k) => k.packSize),
      'int',
    )}, ${sql.join(values, sql`, `)})
    as v(item_id, pack_size, ${COLS}))`;
  const source = adds[0].source;
  const baseSites = await baseSitesOf(ex, o.zoneId);
  const ownSites = o.zoneSites.filter((s) => !baseSites.includes(s));
  if (baseSites.length) {
    // The base sites read the new base row: rows of their own (removed earlier) go.
    await ex.execute(sql`delete from site_exceptions x
      where x.site_id = any(${pgArray(baseSites, 'int')}) and ${keysIn('x', keys)}`);
    await ex.execute(sql`with ${v},
      ins as (
        insert into base_items (zone_id, item_id, pack_size, ${COLS}, updated_by)
        select ${o.zoneId}, item_id, pack_size, ${COLS}, ${user} from v
        on conflict (zone_id, item_id, pack_size) do update set ${UPDATE_ALL}, version = ${NEXT_VERSION},
          updated_at = now(), updated_by = excluded.updated_by
        returning base_items.*)
      insert into item_changes (site_ids, ${HISTORY_COLUMNS})
      select ${pgArray(baseSites, 'int')}, item_id, pack_size, ${user}, ${source}, dept, sub, unit_list,
        ${historyValues('false')} from ins`);
  }
  if (ownSites.length) {
    await ex.execute(sql`with ${v},
      ins as (
        insert into site_exceptions (site_id, item_id, pack_size, ${COLS}, updated_by)
        select s.site_id, v.item_id, v.pack_size, ${sql.raw(VALUE_COLUMNS.map((c) => `v.${c}`).join(', '))}, ${user}
        from v cross join unnest(${pgArray(ownSites, 'int')}) as s(site_id)
        on conflict (site_id, item_id, pack_size) do update set ${UPDATE_ALL}, deleted = false,
          version = ${NEXT_VERSION}, updated_at = now(), updated_by = excluded.updated_by
        returning site_exceptions.*)
      insert into item_changes (site_id, ${HISTORY_COLUMNS})
      select site_id, item_id, pack_size, ${user}, ${source}, dept, sub, unit_list, ${historyValues()} from ins`);
  }
}
