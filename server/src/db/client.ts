/**
 * One database handle over either driver: embedded PGlite (DATA_DIR) or PostgreSQL (DATABASE_URL).
 * Same schema, same SQL, same migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { is, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { NamedStatementClient } from './named-statements';
import { withKeptStatements } from './pglite-kept';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run a statement: the database or an open transaction. */
export type Executor = Db | Tx;

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded PGlite instance (kind 'pglite'), shared with the job queue; null on PostgreSQL. */
  pglite: PGlite | null;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded database is used. */
  databaseUrl?: string | null;
  /** Folder of the embedded database; 'memory://' for a throw-away one. */
  dataDir?: string;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // No JIT: it compiles a plan whenever its estimated cost is high (a store's 25,000 rows for a
    // distribution), 50-60 ms of compiling for a query that then runs in about 100 ms; this app's
    // queries are all short. A connection string that sets its own `options` keeps them.
    const jitOff = opts.databaseUrl.includes('options=') ? {} : { options: '-c jit=off' };
    // Small calls keep their statements per connection (named-statements.ts).
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...jitOff,
      Client: NamedStatementClient,
    });
    // An idle connection the server ends (restart, failover, a dropped database) is an 'error'
    // event on the pool; unhandled it would stop the process. The pool replaces the connection.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL idle connection lost: ${err.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pglite: null,
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) fs.mkdirSync(dir, { recursive: true });
  // A second process on the same folder stops here (DataDirLockedError), before PGlite opens it.
  const unlock = inMemory ? () => {} : lockDataDir(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? undefined : path.join(dir, 'pglite'));
  } catch (e) {
    unlock();
    throw e;
  }
  // Transactions keep the statements of small calls (pglite-kept.ts).
  const db = drizzlePglite({ client: withKeptStatements(client), schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/** Run raw SQL and return its rows (both drivers expose `.rows`). */
export async function rows<T = Record<string, unknown>>(ex: Executor, query: SQL): Promise<T[]> {
  const res = (await ex.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * Whether statements of this executor (the database or a transaction of it) go to PostgreSQL
 * through node-postgres rather than to embedded PGlite: the two convert answers at different costs.
 */
export function onPostgres(ex: Executor): boolean {
  return is((ex as unknown as { session: unknown }).session, NodePgSession);
}
