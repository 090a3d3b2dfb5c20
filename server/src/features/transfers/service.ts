/**
 * Transfers as a service (`services.transfers`): features register their per-site handlers by
 * kind, start runs (transfer row, tasks and queue job in one transaction), and read their status;
 * the server (or `npm run pricebook -- worker`) runs the workers. A transfer's queue job is one of
 * the jobs module's (server/src/jobs): its definition is here, `services.jobs` runs it.
 */
import type { AppConfig } from '../../config';
import type { Db, Executor } from '../../db/client';
import { defineJob } from '../../jobs/define';
import type { JobService } from '../../jobs/service';
import type { ServiceLog } from '../../services';
import { createRunner } from './runner';
import { insertTransfer, type StartTransfer } from './start';
import { activeSites, latestTransfer } from './status';
import type { TransferKind, TransferKindHandlers } from './types';

/** On PostgreSQL: how often a worker refreshes its claims, and when another worker's claim is dead. */
export const HEARTBEAT_SECONDS = 10;
export const STALE_SECONDS = 30;

/** The pg-boss queue every transfer job goes to; the job's data is `{ transferId }`. */
export const TRANSFER_QUEUE = 'transfers';

export interface TransferJob {
  transferId: number;
}

export function transferService(deps: { config: AppConfig; db: Db; log: ServiceLog; jobs: JobService }) {
  const { config, db, log, jobs } = deps;
  const handlers = new Map<TransferKind, TransferKindHandlers>();
  const embedded = jobs.kind === 'pglite';
  const workerId = jobs.workerId;
  const runner = createRunner({
    db,
    config,
    log,
    handlers,
    workerId,
    parallel: config.transferParallel ?? (embedded ? 1 : 2),
    // One process owns an embedded database: another worker's claim there is a dead process's.
    staleSeconds: embedded ? 0 : STALE_SECONDS,
  });
  const timers: NodeJS.Timeout[] = [];
  let working = false;
  let stopped = false;
  const send = (ex: Executor, transferId: number) =>
    jobs.send<TransferJob>(TRANSFER_QUEUE, { transferId }, { ex });

  // A transfer's own tasks resume after a crash (runner.ts); the job is only the trigger to run
  // them, so it may expire generously and be retried a few times.
  jobs.register(
    defineJob<TransferJob>({
      name: TRANSFER_QUEUE,
      retries: 3,
      retryDelaySeconds: 5,
      expireInSeconds: 4 * 3600,
      concurrency: embedded ? 1 : 2,
      async work({ transferId }) {
        await runner.runTransfer(transferId);
        if (stopped) {
          // Stopped mid-run: the job fails so pg-boss hands it to another worker (or the next start).
          throw new Error(`Worker ${workerId} stopped while running transfer ${transferId}.`);
        }
      },
    }),
  );

  /** Queues a run of transfers a dead worker left (their tasks are taken over by the claim rules). */
  async function requeue(ids: number[]) {
    for (const id of ids) await db.transaction((tx) => send(tx, id));
    if (ids.length) log.info({ transfers: ids }, 'unfinished transfers queued again');
  }

  const every = (seconds: number, fn: () => Promise<unknown>) => {
    const t = setInterval(() => {
      fn().catch((err) => log.warn({ err }, 'transfer housekeeping failed'));
    }, seconds * 1000);
    t.unref();
    timers.push(t);
  };

  return {
    workerId,

    /** A feature's handlers for one kind of transfer (call once, when the services are made). */
    register(kind: TransferKind, h: TransferKindHandlers): void {
      handlers.set(kind, h);
    },

    /** Starts the job queue (installs pg-boss's tables the first time). The app calls it when it starts. */
    ready: () => jobs.ready(),

    /**
     * Starts a transfer: its row, one task per site and its job, in one transaction: the caller's
     * (`ex`, e.g. with the rows the run depends on; `ready()` must have resolved) or its own.
     * Returns the transfer id.
     */
    async start(o: StartTransfer, opts: { ex?: Executor } = {}): Promise<number> {
      const run = async (ex: Executor) => {
        const id = await insertTransfer(ex, o);
        await send(ex, id);
        return id;
      };
      if (opts.ex) return run(opts.ex);
      await jobs.ready();
      return db.transaction((tx) => run(tx));
    },

    /** GET /activeSites: 0 none unfinished, -1 poll again at once, else the sites left. */
    activeSites: (o: { userName: string; kind: TransferKind }) => activeSites(db, o),

    /** The user's newest transfer of a kind with its sites, or null. */
    status: (o: { userName: string; kind: TransferKind }) => latestTransfer(db, o),

    /**
     * This process's share of transfer work until stop(): queues again what a dead process left, and
     * keeps this worker's claims fresh. The transfer jobs themselves are worked by
     * `services.jobs.startWorkers()` (call both; `startBackground` in services.ts does).
     */
    async startWorkers(): Promise<void> {
      if (working || stopped) return;
      working = true;
      await jobs.ready({ schedule: true });
      await requeue(await runner.orphaned(embedded));
      if (!embedded) {
        every(HEARTBEAT_SECONDS, () => runner.heartbeat());
        every(STALE_SECONDS / 2, async () => requeue(await runner.orphaned(false)));
      }
      log.info(
        { workerId, parallel: config.transferParallel ?? (embedded ? 1 : 2) },
        'transfer workers started',
      );
    },

    /**
     * Runs every unfinished transfer here and now, until none is left (tests, and tools that must
     * not wait for a worker). Returns the ids it ran.
     */
    async runPending(): Promise<number[]> {
      const ran = new Set<number>();
      // A finished handler may start another transfer (Site Import then DTS Import): later rounds run it.
      for (let round = 0; round < 20; round++) {
        const ids = await runner.unfinished();
        if (!ids.length) return [...ran];
        for (const id of ids) {
          await runner.runTransfer(id);
          ran.add(id);
        }
      }
      throw new Error(
        `Transfers still unfinished after 20 rounds: ${(await runner.unfinished()).join(', ')}.`,
      );
    },

    /** Stops claiming (running tasks end; `services.jobs.stop()` then waits for their jobs). */
    stop(): void {
      if (stopped) return;
      stopped = true;
      for (const t of timers) clearInterval(t);
      runner.stop();
    },
  };
}

export type TransferService = ReturnType<typeof transferService>;
