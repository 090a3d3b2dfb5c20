/**
 * PostgreSQL array parameters. Drizzle expands a JS array into a list of parameters, so a whole
 * array travels as one text literal cast to its type: works the same on PGlite and node-postgres.
 */
import { type SQL, sql } from 'drizzle-orm';
import { LoopTurns, mapInTurns } from '../lib/loop-turns';

export type PgScalar = string | number | boolean | null | undefined;

const NEEDS_ESCAPE = /["\\]/;

function element(v: PgScalar): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  // Most values (item IDs, prices) hold neither: one test instead of two scans.
  return NEEDS_ESCAPE.test(v) ? `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"` : `"${v}"`;
}

/** `values` as one parameter of type `type[]` (type is a trusted SQL type name). */
export function pgArray(values: readonly PgScalar[], type: string): SQL {
  return sql`${`{${values.map(element).join(',')}}`}::${sql.raw(type)}[]`;
}

/** Item keys as two parallel array parameters, for `(item_id, pack_size) in (select * from unnest(ids, packs))`. */
export function itemKeyArrays(items: readonly { itemId: string; packSize: number }[]): {
  ids: SQL;
  packs: SQL;
} {
  return {
    ids: pgArray(
      items.map((i) => i.itemId),
      'text',
    ),
    packs: pgArray(
      items.map((i) => i.packSize),
      'int',
    ),
  };
}

/**
 * As pgArray, building the literal with a turn of the event loop whenever a few milliseconds of
 * work are done: the arrays of a 50,000-line delivery took 40-60 ms each in one go (issue 27).
 */
export async function pgArrayInTurns(
  values: readonly PgScalar[],
  type: string,
  turns: LoopTurns = new LoopTurns(),
): Promise<SQL> {
  const parts = await mapInTurns(values, element, turns);
  return sql`${`{${parts.join(',')}}`}::${sql.raw(type)}[]`;
}
