/**
 * The editable fields of a site row (the registry, db/fields.ts) as the write path's SQL needs
 * them: the value column lists and the history snapshot.
 */
import { sql } from 'drizzle-orm';
import { FIELD_NAMES, FIELDS, type FieldDef } from '../../db/fields';

export { FIELD_NAMES, FIELDS, type FieldName, type FieldValue } from '../../db/fields';

/** Every value column of a site row, in the order base_items and site_exceptions declare them. */
export const VALUE_COLUMNS = FIELD_NAMES.map((f) => FIELDS[f].col);

/** `a.description, a.receipt_description, ...` for a table alias. */
export const valueColumns = (alias: string) => VALUE_COLUMNS.map((c) => `${alias}.${c}`).join(', ');

/** The value columns for a raw query's select list, numeric ones as text (money exact). */
export const selectValues = (alias: string) =>
  FIELD_NAMES.map((f) => {
    const { col, type } = FIELDS[f];
    return type === 'numeric' ? `${alias}.${col}::text as ${col}` : `${alias}.${col}`;
  }).join(', ');

/** Each history key (spec field name) with the SQL of its value over a site row's columns. */
export const HISTORY_ENTRIES: Array<[key: string, expr: string]> = FIELD_NAMES.flatMap((f) => {
  const d: FieldDef = FIELDS[f];
  if ('in' in d.history) return [];
  return [[d.history.key, d.history.expr ?? d.col]];
});

/** The values after a change, as the history keeps them (spec field names); `deleted` is an SQL expression. */
export const historyValues = (deleted = 'deleted') =>
  sql.raw(
    `jsonb_build_object(${HISTORY_ENTRIES.map(([k, e]) => `'${k}', ${e}`).join(', ')}, 'Deleted', ${deleted})`,
  );
export const HISTORY_VALUES = historyValues();
