/**
 * Migration 0010 upper-cases the item IDs of outside updates read from store files (Site Import)
 * before IDs were upper-cased on import. Where an upper-cased ID meets another root of the zone
 * (same pack), the newest root (highest version) is kept with the other roots' stores added (its
 * own store rows win); roots of other sources and other zones are left as they are.
 * On PGlite, or on PostgreSQL with DB_KIND=postgres.
 */

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dbKind } from '../../test/support/database';
import { migrationsFolder } from './client';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-mig10-'));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function foldersUpTo(tag: string): string {
  const dir = path.join(tmp, 'upto');
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  journal.entries = journal.entries.slice(0, at + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

interface Conn {
  exec(sql: string): Promise<void>;
  query<T>(sql: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
}

async function connect(): Promise<Conn> {
  if (dbKind === 'pglite') {
    const client = await PGlite.create();
    const db = drizzle(client);
    cleanups.push(() => client.close());
    return {
      exec: async (s) => {
        await client.exec(s);
      },
      query: async <T>(s: string) => (await client.query<T>(s)).rows,
      migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    };
  }
  const admin = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `cpb_mig10_${randomBytes(6).toString('hex')}`;
  const a = new pg.Client({ connectionString: admin });
  await a.connect();
  await a.query(`create database ${name}`);
  await a.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  cleanups.push(async () => {
    await pool.end();
    const d = new pg.Client({ connectionString: admin });
    await d.connect();
    await d.query(`drop database if exists ${name} with (force)`);
    await d.end();
  });
  const db = drizzlePg(pool);
  return {
    exec: async (s) => {
      await pool.query(s);
    },
    query: async <T>(s: string) => (await pool.query(s)).rows as T[],
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
  };
}

describe('migration 0010', () => {
  it("upper-cases store-file item IDs, keeping the newest root of a collision with both roots' stores", async () => {
    const c = await connect();
    await c.migrate(foldersUpTo('0009_store_files'));
    await c.exec(`
      insert into sites (id, site_no, name) values (1, 1, 'One'), (2, 2, 'Two'), (3, 3, 'Three');
      insert into zones (id, zone_no, name) values (1, 1, 'A'), (2, 2, 'B');
      insert into zone_sites (zone_id, site_id, priority) values (1, 1, 1), (1, 2, 2), (2, 3, 1);
      insert into outside_updates (id, zone_id, item_id, pack_size, source, unit_list, version) values
        (1, 1, 'abc123', 1, 'Site Import', 1.00, 5),
        (2, 1, 'ABC123', 1, 'Site Import', 2.00, 9),
        (3, 1, 'def', 1, 'Site Import', 3.00, 3),
        (4, 1, 'xyz', 1, 'Site Import', 4.00, 10),
        (5, 1, 'XYZ', 1, 'Vendor Import', 5.00, 4),
        (6, 1, 'ghi', 6, 'Vendor Import', 6.00, 2),
        (7, 2, 'abc123', 1, 'Site Import', 7.00, 1),
        (8, 1, 'abc123', 6, 'Site Import', 8.00, 1);
      insert into outside_update_sites (update_id, site_id, kind, "values") values
        (1, 1, 'origin', '{"p":"1.00"}'), (2, 2, 'origin', '{"p":"2.00"}'),
        (3, 1, 'origin', '{"p":"3.00"}'),
        (4, 1, 'origin', '{"p":"4.00"}'), (5, 1, 'origin', '{"p":"5.00"}'), (5, 2, 'impact', null),
        (7, 3, 'origin', '{"p":"7.00"}'), (8, 2, 'origin', '{"p":"8.00"}');`);

    await c.migrate(migrationsFolder);

    const roots = await c.query<Record<string, unknown>>(
      `select id, zone_id, item_id, pack_size, source, unit_list::text as price from outside_updates order by id`,
    );
    expect(roots).toEqual([
      // abc123 (version 5) met ABC123 (version 9): the newer stays.
      { id: 2, zone_id: 1, item_id: 'ABC123', pack_size: 1, source: 'Site Import', price: '2.00' },
      { id: 3, zone_id: 1, item_id: 'DEF', pack_size: 1, source: 'Site Import', price: '3.00' },
      // xyz from a store (version 10) is newer than XYZ from a vendor (4): it stays, upper-cased.
      { id: 4, zone_id: 1, item_id: 'XYZ', pack_size: 1, source: 'Site Import', price: '4.00' },
      // Not from a store file: left alone.
      { id: 6, zone_id: 1, item_id: 'ghi', pack_size: 6, source: 'Vendor Import', price: '6.00' },
      // Another zone, another pack: no collision.
      { id: 7, zone_id: 2, item_id: 'ABC123', pack_size: 1, source: 'Site Import', price: '7.00' },
      { id: 8, zone_id: 1, item_id: 'ABC123', pack_size: 6, source: 'Site Import', price: '8.00' },
    ]);
    const sites = await c.query<Record<string, unknown>>(
      `select update_id, site_id, kind, "values" from outside_update_sites order by update_id, site_id`,
    );
    expect(sites).toEqual([
      // The kept root has its own store and the dropped root's.
      { update_id: 2, site_id: 1, kind: 'origin', values: { p: '1.00' } },
      { update_id: 2, site_id: 2, kind: 'origin', values: { p: '2.00' } },
      { update_id: 3, site_id: 1, kind: 'origin', values: { p: '3.00' } },
      // Its own row for store 1 wins over the dropped root's; store 2 is added.
      { update_id: 4, site_id: 1, kind: 'origin', values: { p: '4.00' } },
      { update_id: 4, site_id: 2, kind: 'impact', values: null },
      { update_id: 7, site_id: 3, kind: 'origin', values: { p: '7.00' } },
      { update_id: 8, site_id: 2, kind: 'origin', values: { p: '8.00' } },
    ]);
    // The rules' new column.
    const cols = await c.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'ou_rules' and column_name = 'updated_by'`,
    );
    expect(cols).toEqual([{ column_name: 'updated_by' }]);
  });
});
