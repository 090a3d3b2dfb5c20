/**
 * The contract between a transfer (one Site Import or Distribute to Sites run, a row of
 * `transfers`) and the work it does per site (a row of `transfer_tasks`). A feature registers one
 * handler per kind; the runner claims a site's task, calls the handler, and records the outcome.
 *
 * A handler that writes a file and marks rows does it so a crash at any point resumes cleanly:
 * it names its final file on the task first (`ctx.task.file` on a rerun), writes under a temporary
 * name and renames exclusively, and then, in ONE transaction, marks its rows and calls
 * `ctx.complete(tx, outcome)`. A rerun that finds `ctx.task.file` on disk does not write it again;
 * it only completes the marking. A handler that throws fails its site only (message kept on the
 * task); the other sites go on.
 */
import type { ProcessType } from '@cpb/domain';
import type { AppConfig } from '../../config';
import type { Db, Executor } from '../../db/client';

/** The kinds of transfer, named as GET /activeSites/{processType} names them. */
export type TransferKind = ProcessType;

export interface TaskSite {
  id: number;
  siteNo: number;
  name: string;
  exchangeDir: string | null;
}

/** What a task did, shown per site in the transfer status (numbers, short texts). */
export type TaskResult = Record<string, number | string | boolean | null>;

export interface SiteTaskContext {
  db: Db;
  config: AppConfig;
  transferId: number;
  userName: string;
  /** The run's options as the start call stored them (e.g. { bModsOnly: true }). */
  options: Record<string, unknown>;
  site: TaskSite;
  task: { id: number; attempts: number; file: string | null };
  /** Records the file the task is about to write (own short transaction), before writing it. */
  nameFile(file: string): Promise<void>;
  /** Marks the task done inside the handler's transaction (with its rows), so both commit together. */
  complete(ex: Executor, result: TaskResult): Promise<void>;
}

export type SiteTaskHandler = (ctx: SiteTaskContext) => Promise<TaskResult | undefined>;

/** Called once when every task of a transfer has ended (e.g. Site Import then starting a DTS). */
export type TransferFinishedHandler = (o: {
  db: Db;
  transferId: number;
  userName: string;
  options: Record<string, unknown>;
  doneSiteIds: number[];
  failedSiteIds: number[];
}) => Promise<{ message?: string } | undefined>;

export interface TransferKindHandlers {
  site: SiteTaskHandler;
  finished?: TransferFinishedHandler;
}
