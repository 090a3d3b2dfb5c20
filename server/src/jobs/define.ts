/**
 * A job's definition: the one place that says what a kind of background work is called, how often
 * it runs by itself (a cron schedule, kept by pg-boss so several processes send it once), how it is
 * retried, and the function that does it. Features define their jobs; `services.jobs` runs them.
 */

export interface JobContext {
  /** The pg-boss job id (for logs). */
  id: string;
  /** The process's worker id (several processes may work the same queue). */
  workerId: string;
}

export interface JobDefinition<T extends object = object> {
  /** The pg-boss queue (and the job's name): lower-case words and dashes. */
  name: string;
  /** A cron expression (UTC, minute resolution): pg-boss sends one job per occurrence across all processes. */
  cron?: string;
  /** The data a scheduled job is sent with. */
  scheduledData?: T;
  /** Failed runs tried again (default 2), `retryDelaySeconds` apart (default 5). */
  retries?: number;
  retryDelaySeconds?: number;
  /** A run still active after this long is failed and retried (default 15 minutes). */
  expireInSeconds?: number;
  /** Jobs of this queue run at once in one process (default 1). */
  concurrency?: number;
  /** Sends within this many seconds of an earlier one are dropped (a nudge, not a queue of them). */
  throttleSeconds?: number;
  /** Does the work; a throw fails the run (and pg-boss retries it). What it returns (an object) is the job's output, pgboss.job.output. */
  work(data: T, ctx: JobContext): Promise<unknown>;
}

/** Typed identity: keeps the data type of `work` and `scheduledData` together. */
export function defineJob<T extends object>(def: JobDefinition<T>): JobDefinition<T> {
  return def;
}
