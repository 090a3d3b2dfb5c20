/**
 * The pool's client class on a real PostgreSQL (both API passes: it needs no database of its own,
 * only a connection): small calls become prepared statements the server keeps; batches, BEGIN and
 * COMMIT do not; a connection keeps at most MAX_NAMED.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NAMED, NamedStatementClient, SMALL_CALL, smallParams, statementName } from './named-statements';

const admin = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let pool: pg.Pool;

/** The statements this connection's server session keeps, by name. */
const kept = async (c: pg.PoolClient) =>
  new Map(
    (
      await c.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements')
    ).rows.map((r) => [r.name, r.statement]),
  );

beforeAll(() => {
  pool = new pg.Pool({ connectionString: admin, max: 1, Client: NamedStatementClient });
});
afterAll(() => pool.end());

describe('named statements', () => {
  it('keeps a small call’s statement under its text’s name and answers as before', async () => {
    const c = await pool.connect();
    try {
      const text = 'select $1::int + 1 as x';
      expect((await c.query({ text }, [41])).rows).toEqual([{ x: 42 }]);
      expect((await c.query({ text }, [1])).rows).toEqual([{ x: 2 }]);
      const names = await kept(c);
      expect(names.get(statementName(text))).toBe(text);
      expect([...names.values()].filter((s) => s === text)).toHaveLength(1);
    } finally {
      c.release(true);
    }
  });

  it('runs a batch-sized call, BEGIN, COMMIT and a plain text unnamed', async () => {
    const c = await pool.connect();
    try {
      const big = Array.from({ length: 2000 }, (_, i) => `item-${i}`);
      const text = 'select cardinality($1::text[]) as n';
      await c.query('begin');
      expect((await c.query({ text }, [big])).rows).toEqual([{ n: 2000 }]);
      await c.query('commit');
      await c.query('select 1 as one');
      const statements = [...(await kept(c)).values()];
      expect(statements).not.toContain(text);
      expect(statements.filter((s) => /^(begin|commit|select 1 as one)$/.test(s))).toEqual([]);
      // The same text with small parameters is kept.
      await c.query({ text }, [['a', 'b']]);
      expect([...(await kept(c)).values()]).toContain(text);
    } finally {
      c.release(true);
    }
  });

  it('keeps a statement whose first run failed in an aborted transaction, once it runs', async () => {
    const c = await pool.connect();
    try {
      const text = 'select $1::int * 2 as y';
      await c.query('begin');
      await expect(c.query('select 1/0')).rejects.toThrow(/division by zero/);
      await expect(c.query({ text }, [2])).rejects.toThrow(/aborted/);
      await c.query('rollback');
      expect((await c.query({ text }, [3])).rows).toEqual([{ y: 6 }]);
      expect((await kept(c)).get(statementName(text))).toBe(text);
    } finally {
      c.release(true);
    }
  });

  it('runs a kept statement unnamed once a schema change altered its answer’s columns', async () => {
    const c = await pool.connect();
    try {
      await c.query('create temp table named_t (a int)');
      await c.query('insert into named_t values (1)');
      const text = 'select * from named_t where a = $1';
      expect((await c.query({ text }, [1])).rows).toEqual([{ a: 1 }]);
      await c.query('alter table named_t add column b int default 7');
      await expect(c.query({ text }, [1])).rejects.toThrow(/cached plan must not change result type/);
      expect((await c.query({ text }, [1])).rows).toEqual([{ a: 1, b: 7 }]);
      expect((await c.query({ text }, [1])).rows).toEqual([{ a: 1, b: 7 }]);
    } finally {
      c.release(true);
    }
  });

  it('recovers the same way for a call through the pool, which drops the failed connection', async () => {
    const one = new pg.Pool({ connectionString: admin, max: 1, Client: NamedStatementClient });
    const table = `named_p_${process.pid}_${Date.now()}`;
    try {
      await one.query(`create table ${table} (a int)`);
      await one.query(`insert into ${table} values (1)`);
      const text = `select * from ${table} where a = $1`;
      expect((await one.query({ text }, [1])).rows).toEqual([{ a: 1 }]);
      await one.query(`alter table ${table} add column b int default 7`);
      await expect(one.query({ text }, [1])).rejects.toThrow(/cached plan must not change result type/);
      expect((await one.query({ text }, [1])).rows).toEqual([{ a: 1, b: 7 }]);
    } finally {
      await one.query(`drop table if exists ${table}`);
      await one.end();
    }
  });

  it(`keeps at most ${MAX_NAMED} statements per connection and runs the rest unnamed`, async () => {
    const c = await pool.connect();
    try {
      for (let i = 0; i < MAX_NAMED + 5; i++) {
        expect((await c.query({ text: `select $1::int + ${i} as v` }, [1])).rows).toEqual([{ v: i + 1 }]);
      }
      expect((await kept(c)).size).toBe(MAX_NAMED);
    } finally {
      c.release(true);
    }
  });

  it('measures parameters by their characters, arrays by their elements', () => {
    expect(smallParams(undefined)).toBe(true);
    expect(smallParams([1, 'abc', null, [1, 2, 3]])).toBe(true);
    expect(smallParams(['x'.repeat(SMALL_CALL)])).toBe(true);
    expect(smallParams(['x'.repeat(SMALL_CALL + 1)])).toBe(false);
    expect(smallParams([Array.from({ length: SMALL_CALL }, () => 'ab')])).toBe(false);
  });
});
