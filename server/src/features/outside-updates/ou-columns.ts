/**
 * Outside Updates' column lists, generated from the field registry (db/fields.ts): the root's
 * incoming values and the zone's current ones in a root's read, the values an edit keeps before
 * it changes them, and their restore; the included rows' values, named as the list names them.
 * Adding a field the roots keep is one entry in the registry.
 */
import { OuIncluded } from '@cpb/domain';
import { type SQL, sql } from 'drizzle-orm';
import {
  FIELDS,
  type FieldName,
  type FieldValue,
  OU_EDIT_FIELDS,
  OU_FIELDS,
  type OuField,
  type SqlType,
} from '../../db/fields';

/** A column read for the page: numerics as text, so money stays exact. */
const read = (alias: string, f: FieldName) =>
  FIELDS[f].type === 'numeric' ? `${alias}.${FIELDS[f].col}::text` : `${alias}.${FIELDS[f].col}`;

/** The root's incoming values (`o.<col>`) and the zone's current ones (`zi.<col> as z_<col>`). */
export const ROOT_VALUES = sql.raw(
  [
    ...OU_FIELDS.map((f) => `${read('o', f)} as ${FIELDS[f].col}`),
    ...OU_FIELDS.map((f) => `${read('zi', f)} as z_${FIELDS[f].col}`),
  ].join(', '),
);

const CAST: Record<SqlType, string> = { text: '', int: '::int', numeric: '::numeric', boolean: '::boolean' };

/**
 * The root's values an edit can change, as a jsonb object (IncomingValues), from the row being
 * updated: kept in `incoming` by the first edit, compared with it to see the values are back.
 */
export const INCOMING_NOW = sql.raw(
  `jsonb_build_object(${[
    ...OU_EDIT_FIELDS.map((f) => `'${FIELDS[f].col}', ${read('outside_updates', f)}`),
    `'item_groups', outside_updates.item_groups`,
    `'change_flds', outside_updates.change_flds`,
  ].join(', ')})`,
);

/** The SET list putting back the values kept in `incoming`. */
export const RESTORE_INCOMING = sql.raw(
  [
    ...OU_EDIT_FIELDS.map((f) => `${FIELDS[f].col} = (incoming->>'${FIELDS[f].col}')${CAST[FIELDS[f].type]}`),
    `item_groups = nullif(incoming->'item_groups', 'null'::jsonb)`,
    `change_flds = (incoming->>'change_flds')::int`,
  ].join(', '),
);

/** `col = value,` for each field an edit sets (the root's columns are named as in the registry). */
export function setValues(values: Partial<Record<FieldName, FieldValue>>): SQL {
  const sets = (Object.keys(values) as FieldName[]).map(
    (f) => sql`${sql.raw(FIELDS[f].col)} = ${values[f]},`,
  );
  return sql.join(sets, sql` `);
}

/** The registry's field of each Outside Updates name that names one (DeptSub: dept, with its sub). */
const FIELD_OF_OU = new Map<string, OuField>(
  OU_FIELDS.flatMap((f) =>
    f === 'sub' || FIELDS[f].api.ou === null ? [] : [[FIELDS[f].api.ou, f] as const],
  ),
);

/** A department and sub kept in a jsonb object `v` (registry names), as 'dept.sub'. */
const deptSubOf = (v: string) =>
  `(${v}->>'dept') || '.' || case when length(${v}->>'sub') < 2 then lpad(${v}->>'sub', 2, '0') else ${v}->>'sub' end`;

/**
 * The select list giving the field values of a jsonb object `v` (keyed by the registry's names)
 * under the Outside Updates names among `keys`, in their order (an included row's schema order).
 */
function valuesAs(v: string, keys: readonly string[]): SQL {
  const items = keys.flatMap((k) => {
    const f = FIELD_OF_OU.get(k);
    if (!f) return [];
    return [`${f === 'dept' ? deptSubOf(v) : `${v}->'${f}'`} as "${k}"`];
  });
  return sql.raw(items.join(', '));
}

/** What the origin store sent (outside_update_sites `s`), as an included row names it (OuIncluded). */
export const INCLUDED_SENT = valuesAs("s.values->'sent'", Object.keys(OuIncluded.shape));

/** What the store's row held before (OuIncluded's Was). */
export const INCLUDED_WAS = valuesAs("s.values->'was'", Object.keys(OuIncluded.shape.Was.unwrap().shape));
