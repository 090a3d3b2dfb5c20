/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a throw-away
 * PostgreSQL database on 127.0.0.1:5432 when DB_KIND=postgres (dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client';

export const dbKind = process.env.DB_KIND === 'postgres' ? 'postgres' : 'pglite';
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase extends Database {
  /** Environment that points a child process (the CLI, the server) at this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** `kind` overrides DB_KIND (a test about several processes on one PostgreSQL database). */
export async function createTestDatabase(
  opts: { dataDir?: string; kind?: 'pglite' | 'postgres' } = {},
): Promise<TestDatabase> {
  if ((opts.kind ?? dbKind) === 'pglite') {
    const dataDir = opts.dataDir ?? 'memory://';
    const database = await openDatabase({ dataDir });
    await database.migrate();
    return { ...database, env: { DATA_DIR: dataDir }, drop: () => database.close() };
  }
  const name = `cpb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.migrate();
  return {
    ...database,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
