/**
 * Test support until the queue's runner is merged: runs a transfer's pending tasks one by one with
 * a kind's handlers, as the runner does per the contract in transfers/types.ts (a throw fails that
 * site only; `complete` marks the task inside the handler's transaction; `finished` at the end).
 */
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import type { SiteTaskContext, TransferKindHandlers } from '../transfers/types';

export async function runTransferNow(
  db: Db,
  config: AppConfig,
  transferId: number,
  kind: TransferKindHandlers,
) {
  const [t] = await rows<{ user_name: string; options: Record<string, unknown> }>(
    db,
    sql`select user_name, options from transfers where id = ${transferId}`,
  );
  const tasks = await rows<{
    id: number;
    attempts: number;
    file: string | null;
    site_id: number;
    site_no: number;
    name: string;
    exchange_dir: string | null;
  }>(
    db,
    sql`select tt.id, tt.attempts, tt.file, s.id as site_id, s.site_no, s.name, s.exchange_dir
      from transfer_tasks tt join sites s on s.id = tt.site_id
      where tt.transfer_id = ${transferId} and tt.status = 'PENDING' order by tt.id`,
  );
  for (const task of tasks) {
    await db.execute(
      sql`update transfer_tasks set status = 'RUNNING', attempts = attempts + 1 where id = ${task.id}`,
    );
    const ctx: SiteTaskContext = {
      db,
      config,
      transferId,
      userName: t.user_name,
      options: t.options,
      site: { id: task.site_id, siteNo: task.site_no, name: task.name, exchangeDir: task.exchange_dir },
      task: { id: task.id, attempts: task.attempts + 1, file: task.file },
      nameFile: async (file) => {
        await db.execute(sql`update transfer_tasks set file = ${file} where id = ${task.id}`);
      },
      complete: async (ex, result) => {
        await ex.execute(sql`update transfer_tasks set status = 'DONE', finished_at = now(),
          result = ${JSON.stringify(result)}::jsonb where id = ${task.id}`);
      },
    };
    try {
      await kind.site(ctx);
    } catch (e) {
      await db.execute(sql`update transfer_tasks set status = 'FAILED', finished_at = now(),
        error = ${(e as Error).message} where id = ${task.id}`);
    }
  }
  const ended = await rows<{ site_id: number; status: string }>(
    db,
    sql`select site_id, status from transfer_tasks where transfer_id = ${transferId}`,
  );
  const done = ended.filter((e) => e.status === 'DONE').map((e) => e.site_id);
  const failed = ended.filter((e) => e.status === 'FAILED').map((e) => e.site_id);
  const fin = await kind.finished?.({
    db,
    transferId,
    userName: t.user_name,
    options: t.options,
    doneSiteIds: done,
    failedSiteIds: failed,
  });
  await db.execute(sql`update transfers set status = ${failed.length ? 'FAILED' : 'DONE'},
    message = ${fin?.message ?? null}, finished_at = now() where id = ${transferId}`);
}
