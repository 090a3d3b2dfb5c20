/**
 * Kept statements on a real embedded PGlite (both API passes; it needs no server): inside a
 * transaction a small call becomes a named prepared statement and answers as PGlite's own query()
 * does; batches and statements outside transactions do not. (A few-item write's generic plans:
 * kept-plans.test.ts.)
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMALL_CALL, statementName } from './named-statements';
import { withKeptStatements } from './pglite-kept';

let raw: PGlite;
let pg: PGlite;

/** The statements the database session keeps, by name. */
const kept = async () =>
  new Map(
    (
      await raw.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      )
    ).rows.map((r) => [r.name, r.statement]),
  );

beforeAll(async () => {
  raw = await PGlite.create();
  pg = withKeptStatements(raw);
  await raw.exec(`create table t (id text primary key, n int, price numeric(9,2), tags int[], doc jsonb, big bigint);
    insert into t values ('a', 1, 1.50, '{1,2}', '{"x": 1}', 9007199254740993), ('b', null, 0.10, '{}', null, 2);`);
});
afterAll(() => raw.close());

describe('PGlite kept statements', () => {
  it('keeps a small call’s statement in a transaction and answers as PGlite’s own query does', async () => {
    const text =
      'select id, n, price, tags, doc, big from t where id = any($1::text[]) or n = $2 order by id';
    const params = [['a', 'b'], null];
    const expected = await raw.query(text, params);
    for (const rowMode of ['object', 'array'] as const) {
      const [first, second] = await pg.transaction(async (tx) => [
        await tx.query(text, params, { rowMode }),
        await tx.query(text, params, { rowMode }),
      ]);
      const plain = await raw.query(text, params, { rowMode });
      expect(first.rows).toEqual(plain.rows);
      expect(second.rows).toEqual(plain.rows);
      expect(first.fields).toEqual(expected.fields);
    }
    expect(expected.rows).toHaveLength(2);
    expect(expected.rows[0]).toMatchObject({ id: 'a', price: '1.50', tags: [1, 2], doc: { x: 1 } });
    expect((await kept()).get(statementName(text))).toBe(text);
  });

  it('reports rows written and keeps writes, parameters serialized by their types', async () => {
    const text = 'update t set price = price + $1, tags = $2 where id = $3';
    const r = await pg.transaction((tx) => tx.query(text, ['0.25', [7, 8], 'a']));
    expect(r.affectedRows).toBe(1);
    expect((await raw.query('select price, tags from t where id = $1', ['a'])).rows).toEqual([
      { price: '1.75', tags: [7, 8] },
    ]);
    expect((await kept()).has(statementName(text))).toBe(true);
  });

  it('leaves statements outside transactions and batches to PGlite', async () => {
    const outside = 'select count(*)::int as n from t where id <> $1';
    expect((await pg.query(outside, ['zzz'])).rows).toEqual([{ n: 2 }]);
    const batch = 'select count(*)::int as n from t where id <> all($1::text[])';
    const ids = Array.from({ length: SMALL_CALL / 4 }, (_, i) => `id-${i}`);
    expect((await pg.transaction((tx) => tx.query(batch, [ids]))).rows).toEqual([{ n: 2 }]);
    const names = await kept();
    expect(names.has(statementName(outside))).toBe(false);
    expect(names.has(statementName(batch))).toBe(false);
  });

  it('keeps a statement first run in a transaction that rolled back', async () => {
    const text = 'select n from t where id = $1';
    await expect(
      pg.transaction(async (tx) => {
        await tx.query(text, ['a']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await pg.transaction((tx) => tx.query(text, ['a']))).rows).toEqual([{ n: 1 }]);
  });

  it('fails a statement that does not parse as PGlite does, then runs it through query() once it can', async () => {
    const text = 'select id from later where id = $1';
    const failure = pg.transaction((tx) => tx.query(text, ['a']));
    await expect(failure).rejects.toMatchObject({ code: '42P01' });
    await raw.exec(`create table later (id text); insert into later values ('a');`);
    expect((await pg.transaction((tx) => tx.query(text, ['a']))).rows).toEqual([{ id: 'a' }]);
    expect((await kept()).has(statementName(text))).toBe(false);
  });

  it('fails a kept statement’s runtime error and keeps the statement for the next call', async () => {
    const text = 'insert into t (id, n) values ($1, $2)';
    await pg.transaction((tx) => tx.query(text, ['c', 3]));
    await expect(pg.transaction((tx) => tx.query(text, ['c', 4]))).rejects.toMatchObject({ code: '23505' });
    await pg.transaction((tx) => tx.query(text, ['d', 4]));
    expect(
      (await raw.query('select id, n from t where id in ($1, $2) order by id', ['c', 'd'])).rows,
    ).toEqual([
      { id: 'c', n: 3 },
      { id: 'd', n: 4 },
    ]);
    expect((await kept()).has(statementName(text))).toBe(true);
  });
});
