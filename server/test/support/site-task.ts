/**
 * Runs a transfer's per-site handler directly, as the runner would: a SiteTaskContext over the
 * task row (nameFile and complete write the task the way transfers/types.ts describes).
 */
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../src/config';
import type { Db, Executor } from '../../src/db/client';
import { rows } from '../../src/db/client';
import type { SiteTaskContext, SiteTaskHandler, TaskResult } from '../../src/features/transfers/types';

export interface TaskRow {
  id: number;
  transfer_id: number;
  site_id: number;
  status: string;
  file: string | null;
  attempts: number;
  result: Record<string, unknown> | null;
}

export async function taskOf(db: Db, transferId: number, siteId: number): Promise<TaskRow> {
  const [t] = await rows<TaskRow>(
    db,
    sql`select id, transfer_id, site_id, status, file, attempts, result from transfer_tasks
      where transfer_id = ${transferId} and site_id = ${siteId}`,
  );
  if (!t) throw new Error(`no task of transfer ${transferId} for site ${siteId}`);
  return t;
}

/** The context of one task; `failComplete` simulates a crash after the file, before the marking commits. */
export async function siteTaskContext(
  db: Db,
  config: AppConfig,
  transferId: number,
  siteId: number,
  o: { failComplete?: boolean } = {},
): Promise<SiteTaskContext> {
  const task = await taskOf(db, transferId, siteId);
  const [tr] = await rows<{ user_name: string; options: Record<string, unknown> | string }>(
    db,
    sql`select user_name, options from transfers where id = ${transferId}`,
  );
  const [site] = await rows<{ id: number; site_no: number; name: string; exchange_dir: string | null }>(
    db,
    sql`select id, site_no, name, exchange_dir from sites where id = ${siteId}`,
  );
  await db.execute(
    sql`update transfer_tasks set status = 'RUNNING', attempts = attempts + 1 where id = ${task.id}`,
  );
  return {
    db,
    config,
    transferId,
    userName: tr.user_name,
    options: typeof tr.options === 'string' ? JSON.parse(tr.options) : tr.options,
    site: { id: site.id, siteNo: site.site_no, name: site.name, exchangeDir: site.exchange_dir },
    task: { id: task.id, attempts: task.attempts + 1, file: task.file },
    async nameFile(file: string) {
      await db.execute(sql`update transfer_tasks set file = ${file} where id = ${task.id}`);
    },
    async complete(ex: Executor, result: TaskResult) {
      if (o.failComplete) throw new Error('simulated crash before the marking commits');
      await ex.execute(sql`update transfer_tasks set status = 'DONE', finished_at = now(),
        result = ${JSON.stringify(result)}::jsonb where id = ${task.id}`);
    },
  };
}

/** Runs the handler for one site of the transfer. */
export async function runSiteTask(
  handler: SiteTaskHandler,
  db: Db,
  config: AppConfig,
  transferId: number,
  siteId: number,
  o: { failComplete?: boolean } = {},
) {
  return handler(await siteTaskContext(db, config, transferId, siteId, o));
}
