/**
 * The jobs service (`services.jobs`): owns pg-boss for the whole server. Features register their
 * job definitions (define.ts) when the services are made; `ready()` starts pg-boss, makes each
 * job's queue and writes each cron schedule into pg-boss's own schedule table (so every process
 * that takes part in scheduling sends each occurrence once, whatever their number); `send()`
 * queues a job, inside the caller's transaction when given one; `startWorkers()` works every
 * registered queue in this process (the server unless WORKERS=off, or `pricebook worker`).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { fromDrizzle, type PgBoss } from 'pg-boss';
import type { AppConfig } from '../config';
import type { Db, Executor } from '../db/client';
import type { ServiceLog } from '../services';
import { createBoss, databaseKind } from './boss';
import type { JobDefinition } from './define';

export interface SendOptions {
  /** Send inside this transaction: the job exists exactly when the caller's rows commit. */
  ex?: Executor;
}

export function jobService(deps: { config: AppConfig; db: Db; log: ServiceLog }) {
  const { db, log } = deps;
  const kind = databaseKind(db);
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const defs = new Map<string, JobDefinition<object>>();
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let working = false;
  let stopped = false;

  /**
   * Starts pg-boss once; the first call decides whether this process sends scheduled jobs
   * (`schedule`: the processes that work jobs do; HTTP-only ones need not).
   */
  function ready(o: { schedule?: boolean } = {}): Promise<PgBoss> {
    starting ??= (async () => {
      const b = createBoss({ db, databaseUrl: deps.config.databaseUrl, schedule: o.schedule ?? false });
      b.on('error', (err) => log.error({ err }, 'job queue error'));
      await b.start();
      for (const d of defs.values()) {
        await b.createQueue(d.name, {
          retryLimit: d.retries ?? 2,
          retryDelay: d.retryDelaySeconds ?? 5,
          expireInSeconds: d.expireInSeconds ?? 900,
        });
        // The schedule lives in pg-boss's table: writing it again (every start) keeps one row per job.
        if (d.cron) await b.schedule(d.name, d.cron, d.scheduledData ?? {}, { tz: 'UTC' });
        else await b.unschedule(d.name);
      }
      boss = b;
      return b;
    })();
    return starting;
  }

  function definition(name: string): JobDefinition<object> {
    const d = defs.get(name);
    if (!d) throw new Error(`No job named '${name}' is registered.`);
    return d;
  }

  return {
    kind,
    workerId,

    /** Adds a job (before `ready()`; the services register theirs when they are made). */
    register<T extends object>(def: JobDefinition<T>): void {
      if (starting) throw new Error(`Job '${def.name}' registered after the job queue started.`);
      defs.set(def.name, def as unknown as JobDefinition<object>);
    },

    ready: async (o: { schedule?: boolean } = {}): Promise<void> => {
      await ready(o);
    },

    /** Queues a job; null when a throttled job was dropped (one was sent moments ago). */
    async send<T extends object>(name: string, data: T, o: SendOptions = {}): Promise<string | null> {
      const d = definition(name);
      if (!starting) {
        if (o.ex) throw new Error('The job queue is not started (call ready() before the transaction).');
      }
      const b = await ready();
      return b.send(name, data, {
        ...(d.throttleSeconds ? { singletonSeconds: d.throttleSeconds, singletonKey: name } : {}),
        ...(o.ex ? { db: fromDrizzle(o.ex as Parameters<typeof fromDrizzle>[0], sql) } : {}),
      });
    },

    /** Runs a job's work here and now, outside the queue (tests, and tools that must not wait). */
    async runNow<T extends object>(name: string, data?: T): Promise<void> {
      const d = definition(name);
      await d.work(data ?? d.scheduledData ?? {}, { id: 'inline', workerId });
    },

    /** The schedules pg-boss holds (name and cron), for checks. */
    async schedules(): Promise<{ name: string; cron: string }[]> {
      const b = await ready();
      return (await b.getSchedules()).map((s) => ({ name: s.name, cron: s.cron }));
    },

    /** Works every registered queue in this process (and takes part in sending scheduled jobs). */
    async startWorkers(): Promise<void> {
      if (working || stopped) return;
      working = true;
      const b = await ready({ schedule: true });
      for (const d of defs.values()) {
        await b.work<object>(
          d.name,
          { localConcurrency: d.concurrency ?? 1, pollingIntervalSeconds: 1, batchSize: 1 },
          async ([job]) => d.work(job.data, { id: job.id, workerId }),
        );
      }
      log.info({ workerId, jobs: [...defs.keys()] }, 'job workers started');
    },

    /** Stops the workers (waiting for running jobs up to `timeoutMs`) and pg-boss. */
    async stop(timeoutMs = 10_000): Promise<void> {
      if (!starting || stopped) return;
      stopped = true;
      await starting.catch(() => {});
      // On PGlite the instance belongs to the app (closed after this); on PostgreSQL the pool is pg-boss's own.
      await boss?.stop({ graceful: true, close: kind === 'postgres', timeout: timeoutMs });
    },
  };
}

export type JobService = ReturnType<typeof jobService>;
