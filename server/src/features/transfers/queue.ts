/**
 * The job queue behind transfers: pg-boss on the app's own database. On the embedded database it
 * runs through pg-boss's PGlite adapter on the SAME PGlite instance the app uses (one connection,
 * one process); on PostgreSQL it opens its own small node-postgres pool from the connection string.
 *
 * A transfer's job is sent inside the transaction that inserts the transfer (pg-boss's drizzle
 * adapter over that transaction), so a job exists exactly when its transfer does.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import type { Db, Executor } from '../../db/client';
import type { ServiceLog } from '../../services';

/** The pg-boss queue every transfer job goes to; the job's data is `{ transferId }`. */
export const TRANSFER_QUEUE = 'transfers';

export interface TransferJob {
  transferId: number;
}

export interface TransferQueue {
  kind: 'pglite' | 'postgres';
  /** Installs pg-boss's schema (first time) and the queue. Call before any send. */
  ready(): Promise<void>;
  /** Sends the job of a transfer, inside the caller's transaction. */
  send(ex: Executor, transferId: number): Promise<void>;
  /** Runs `handler` for each job; `concurrency` jobs at once in this process. */
  work(concurrency: number, handler: (job: TransferJob) => Promise<void>): Promise<void>;
  /** Stops the workers (waiting for running jobs up to `timeoutMs`) and pg-boss. */
  stop(timeoutMs?: number): Promise<void>;
}

/** The raw client behind a drizzle database: the PGlite instance or the node-postgres pool. */
export function rawClient(db: Db): PGlite | pg.Pool {
  return (db as unknown as { $client: PGlite | pg.Pool }).$client;
}

export function createTransferQueue(o: {
  db: Db;
  databaseUrl: string | null;
  log: ServiceLog;
}): TransferQueue {
  const client = rawClient(o.db);
  const kind = client instanceof PGlite ? 'pglite' : 'postgres';
  const common = { schedule: false, supervise: true, application_name: 'pricebook-jobs' } as const;
  const boss =
    client instanceof PGlite
      ? new PgBoss({ ...common, db: fromPglite(client), backend: 'pglite' })
      : new PgBoss({
          ...common,
          connectionString: o.databaseUrl ?? (client as pg.Pool).options.connectionString,
          max: 4,
        });
  boss.on('error', (err) => o.log.error({ err }, 'job queue error'));
  let starting: Promise<void> | null = null;
  let stopped = false;

  const ready = () => {
    starting ??= (async () => {
      await boss.start();
      // A transfer's own tasks resume after a crash (runner.ts); the job is only the trigger to run
      // them, so it may expire generously and be retried a few times.
      await boss.createQueue(TRANSFER_QUEUE, { expireInSeconds: 4 * 3600, retryLimit: 3, retryDelay: 5 });
    })();
    return starting;
  };

  return {
    kind,
    ready,
    async send(ex, transferId) {
      if (!starting) throw new Error('The job queue is not started (call ready() before the transaction).');
      await starting;
      const data: TransferJob = { transferId };
      await boss.send(TRANSFER_QUEUE, data, {
        db: fromDrizzle(ex as Parameters<typeof fromDrizzle>[0], sql),
      });
    },
    async work(concurrency, handler) {
      await ready();
      await boss.work<TransferJob>(
        TRANSFER_QUEUE,
        { localConcurrency: concurrency, pollingIntervalSeconds: 1, batchSize: 1 },
        async ([job]) => handler(job.data),
      );
    },
    async stop(timeoutMs = 10_000) {
      if (!starting || stopped) return;
      stopped = true;
      await starting.catch(() => {});
      // On PGlite the instance belongs to the app (closed after this); on PostgreSQL the pool is pg-boss's own.
      await boss.stop({ graceful: true, close: kind === 'postgres', timeout: timeoutMs });
    },
  };
}
