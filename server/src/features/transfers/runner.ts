/**
 * Runs a transfer's tasks: claims one site's task at a time (FOR UPDATE SKIP LOCKED), calls the
 * kind's site handler, records the outcome, and when no task is left ends the transfer (calling
 * the kind's `finished` handler). Several loops run at once (`parallel` sites), and several
 * processes may run the same transfer: a claim is a row update, so a task runs under one claim.
 *
 * A claim belongs to a worker (one id per process). A task RUNNING under another worker's claim is
 * taken over when that claim is stale: on the embedded database at once (one process owns the
 * data folder, so any other worker id is a process that died), on PostgreSQL once the claim has
 * not been refreshed (heartbeat) for `staleSeconds`.
 */
import { msg } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { ServiceLog } from '../../services';
import type { SiteTaskContext, TaskResult, TaskSite, TransferKind, TransferKindHandlers } from './types';

/** Text without control characters (but tab and line ends), as a task's message or result is kept. */
export const printable = (s: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
  s.replace(/\\u000[0-8]|\\u000[bcef]|\\u001[0-9a-f]|[\0-\x08\x0B\x0C\x0E-\x1F\x7F]/gi, '?');

export interface RunnerOptions {
  db: Db;
  config: AppConfig;
  log: ServiceLog;
  handlers: ReadonlyMap<TransferKind, TransferKindHandlers>;
  workerId: string;
  /** Sites of one transfer worked on at once. */
  parallel: number;
  /** Another worker's RUNNING claim older than this (seconds) is a dead worker's; 0: any other worker's. */
  staleSeconds: number;
  /** A task claimed this many times without ending fails (a handler that kills its process). */
  maxAttempts?: number;
}

/** The claim a worker lost (another worker took the task over): the handler's transaction rolls back. */
export class LostClaimError extends Error {}

interface ClaimedTask {
  id: number;
  site_id: number;
  attempts: number;
  file: string | null;
}

interface TransferRow {
  id: number;
  kind: TransferKind;
  user_name: string;
  options: Record<string, unknown>;
  status: string;
}

export function createRunner(o: RunnerOptions) {
  const { db, workerId } = o;
  const maxAttempts = o.maxAttempts ?? 5;
  let stopping = false;
  let running = 0;

  async function claim(transferId: number): Promise<ClaimedTask | null> {
    const [t] = await rows<ClaimedTask>(
      db,
      sql`with c as (
          select id from transfer_tasks
          where transfer_id = ${transferId}
            and (status = 'PENDING'
              or (status = 'RUNNING' and claimed_by is distinct from ${workerId}
                  and claimed_at <= now() - make_interval(secs => ${o.staleSeconds})))
          order by id
          limit 1
          for update skip locked)
        update transfer_tasks t
          set status = 'RUNNING', attempts = t.attempts + 1, claimed_by = ${workerId}, claimed_at = now()
          from c where t.id = c.id
        returning t.id, t.site_id, t.attempts, t.file`,
    );
    return t ?? null;
  }

  /** Ends a task this worker holds; false when the claim was lost (the row is left alone). */
  async function endTask(
    ex: Executor,
    taskId: number,
    status: 'DONE' | 'FAILED',
    result: TaskResult | null,
    error: string | null,
  ): Promise<boolean> {
    // A message or result quoting a store file may hold characters PostgreSQL text refuses (NUL):
    // recording the end must never fail because of them, or the task would stay RUNNING.
    const json = result === null ? null : printable(JSON.stringify(result));
    const done = await rows(
      ex,
      sql`update transfer_tasks
        set status = ${status}, result = ${json}::jsonb,
            error = ${error === null ? null : printable(error)}, finished_at = now()
        where id = ${taskId} and status = 'RUNNING' and claimed_by = ${workerId}
        returning id`,
    );
    return done.length > 0;
  }

  async function runTask(t: TransferRow, task: ClaimedTask): Promise<void> {
    if (task.attempts > maxAttempts) {
      await endTask(db, task.id, 'FAILED', null, msg('TRANSFER_TASK_GAVE_UP', { attempts: maxAttempts }));
      return;
    }
    const handlers = o.handlers.get(t.kind);
    try {
      if (!handlers) throw new Error(`No handler for transfers of kind '${t.kind}' in this process.`);
      const [site] = await rows<TaskSite>(
        db,
        sql`select id, site_no as "siteNo", name, exchange_dir as "exchangeDir" from sites where id = ${task.site_id}`,
      );
      if (!site) throw new Error(`Site ${task.site_id} no longer exists.`);
      const ctx: SiteTaskContext = {
        db,
        config: o.config,
        transferId: t.id,
        userName: t.user_name,
        options: t.options,
        site,
        task: { id: task.id, attempts: task.attempts, file: task.file },
        async nameFile(file) {
          const named = await rows(
            db,
            sql`update transfer_tasks set file = ${file}
              where id = ${task.id} and status = 'RUNNING' and claimed_by = ${workerId} returning id`,
          );
          if (!named.length) throw new LostClaimError(`Task ${task.id} was taken over by another worker.`);
          ctx.task.file = file;
        },
        async complete(ex, result) {
          if (!(await endTask(ex, task.id, 'DONE', result, null))) {
            throw new LostClaimError(`Task ${task.id} was taken over by another worker.`);
          }
        },
      };
      const result = await handlers.site(ctx);
      // A handler that did not call complete (nothing to mark) is done with what it returned.
      await endTask(db, task.id, 'DONE', result ?? {}, null);
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      if (!(err instanceof LostClaimError)) {
        o.log.warn({ err, transferId: t.id, siteId: task.site_id }, 'transfer task failed');
      }
      // Recording the failure must end the task even if the message cannot be stored as it is.
      await endTask(db, task.id, 'FAILED', null, text).catch((e) => {
        o.log.error({ err: e, transferId: t.id, siteId: task.site_id }, 'recording a task failure failed');
        return endTask(
          db,
          task.id,
          'FAILED',
          null,
          'The task failed; its message could not be kept (see the log).',
        );
      });
    }
  }

  /** Ends the transfer when no task is left; once, whoever gets there first. */
  async function finish(t: TransferRow): Promise<void> {
    const [mine] = await rows<{ id: number }>(
      db,
      sql`update transfers set status = 'FINISHING', finished_at = now()
        where id = ${t.id}
          and (status = 'PENDING'
            or (status = 'FINISHING' and finished_at <= now() - make_interval(secs => ${o.staleSeconds})))
          and not exists (select 1 from transfer_tasks
            where transfer_id = ${t.id} and status in ('PENDING', 'RUNNING'))
        returning id`,
    );
    if (!mine) return;
    const ended = await rows<{ site_id: number; status: string; site_no: number; error: string | null }>(
      db,
      sql`select k.site_id, k.status, s.site_no, k.error from transfer_tasks k join sites s on s.id = k.site_id
        where k.transfer_id = ${t.id} order by s.site_no`,
    );
    const doneSiteIds = ended.filter((k) => k.status === 'DONE').map((k) => k.site_id);
    const failed = ended.filter((k) => k.status !== 'DONE');
    let message =
      failed.length === 0
        ? msg('TRANSFER_DONE', { done: doneSiteIds.length })
        : msg('TRANSFER_SITES_FAILED', {
            done: doneSiteIds.length,
            failed: failed.length,
            sites: failed.map((k) => k.site_no).join(', '),
          });
    let status = failed.length ? 'FAILED' : 'DONE';
    const handlers = o.handlers.get(t.kind);
    if (handlers?.finished) {
      try {
        const r = await handlers.finished({
          db,
          transferId: t.id,
          userName: t.user_name,
          options: t.options,
          doneSiteIds,
          failedSiteIds: failed.map((k) => k.site_id),
        });
        if (r?.message) message = r.message;
      } catch (err) {
        o.log.error({ err, transferId: t.id }, 'transfer finished handler failed');
        message = err instanceof Error ? err.message : String(err);
        status = 'FAILED';
      }
    }
    await db.execute(sql`update transfers set status = ${status}, message = ${message}, finished_at = now()
      where id = ${t.id} and status = 'FINISHING'`);
  }

  /** Runs what is left of a transfer (nothing when it has ended) and ends it when nothing is left. */
  async function runTransfer(transferId: number): Promise<void> {
    const [t] = await rows<TransferRow>(
      db,
      sql`select id, kind, user_name, options, status from transfers where id = ${transferId}`,
    );
    if (!t || (t.status !== 'PENDING' && t.status !== 'FINISHING')) return;
    running++;
    try {
      const loop = async () => {
        while (!stopping) {
          const task = await claim(transferId);
          if (!task) return;
          await runTask(t, task);
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, o.parallel) }, loop));
      if (!stopping) await finish(t);
    } finally {
      running--;
    }
  }

  /** Keeps this worker's claims fresh, so other processes do not take them over. */
  async function heartbeat(): Promise<void> {
    if (running === 0) return;
    await db.execute(sql`update transfer_tasks set claimed_at = now()
      where claimed_by = ${workerId} and status = 'RUNNING'`);
  }

  /**
   * Transfers a dead worker left unfinished: a task RUNNING under a stale claim, or an end that
   * was begun and never written. `all`: every unfinished transfer (the embedded database at start,
   * where no other process can be working on one).
   */
  async function orphaned(all: boolean): Promise<number[]> {
    const found = await rows<{ id: number }>(
      db,
      all
        ? sql`select id from transfers where status in ('PENDING', 'FINISHING') order by id`
        : sql`select t.id from transfers t
          where (t.status = 'PENDING' and exists (select 1 from transfer_tasks k
              where k.transfer_id = t.id and k.status = 'RUNNING' and k.claimed_by is distinct from ${workerId}
                and k.claimed_at <= now() - make_interval(secs => ${o.staleSeconds})))
            or (t.status = 'FINISHING' and t.finished_at <= now() - make_interval(secs => ${o.staleSeconds}))
          order by t.id`,
    );
    return found.map((r) => r.id);
  }

  /** Transfers still to run or end, oldest first. */
  async function unfinished(): Promise<number[]> {
    const found = await rows<{ id: number }>(
      db,
      sql`select id from transfers where status in ('PENDING', 'FINISHING') order by id`,
    );
    return found.map((r) => r.id);
  }

  return {
    workerId,
    runTransfer,
    heartbeat,
    orphaned,
    unfinished,
    /** Lets running tasks end and claims no more. */
    stop() {
      stopping = true;
    },
  };
}

export type Runner = ReturnType<typeof createRunner>;
