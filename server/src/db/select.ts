/** Raw queries' select lists and row types, from the schema. */
import { getTableColumns, type Table } from 'drizzle-orm';

/** `unitList` -> `unit_list`: a column's name from its key (the schema keeps to it). */
export type SnakeCase<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : S;

/** A schema row type (`$inferSelect`) with the column names a raw SQL query answers with. */
export type SnakeRow<T> = { [K in keyof T as SnakeCase<K & string>]: T[K] };

export const snakeCase = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * `alias.col, ...` over a table's columns, numeric ones as text (money exact, as drizzle types
 * them); `omit` leaves columns out by key.
 */
export function selectList<T extends Table>(
  table: T,
  alias: string,
  omit: ReadonlyArray<keyof T['_']['columns']> = [],
): string {
  return selectColumns(table, alias, omit)
    .map((c) => c.expr)
    .join(', ');
}

/** selectList's columns one by one: each one's name in the answer and its select expression. */
export function selectColumns<T extends Table>(
  table: T,
  alias: string,
  omit: ReadonlyArray<keyof T['_']['columns']> = [],
): { name: string; expr: string }[] {
  return Object.entries(getTableColumns(table))
    .filter(([key]) => !omit.includes(key))
    .map(([, c]) => ({
      name: c.name,
      expr: `${alias}.${c.name}${c.getSQLType().startsWith('numeric') ? '::text' : ''}`,
    }));
}
