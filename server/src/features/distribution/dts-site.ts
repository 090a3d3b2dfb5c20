/**
 * The per-site handler of Distribute to Sites (kinds 'DTS' and 'DTS Import'): one NAXML
 * maintenance request per site in the site's own to-site folder, then, in ONE transaction, the
 * site's watermark, site_item_sent, site_exchange and the task's completion (transfers/types.ts).
 *
 * Crash safety: before writing, the task keeps what the marking needs (the target watermark and
 * the version of every row planned) in `transfer_tasks.result.Plan`, then names its file
 * (`ctx.nameFile`), then writes it under a temporary name and links it to that exact name. A rerun
 * whose named file is on disk (in to-site/, or already moved by the store to processed/ or
 * rejected/) writes nothing and replays the kept marking; a rerun whose file never got written
 * plans and writes afresh. The marking runs in the transaction that completes the task, so it is
 * done exactly once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pgArrayInTurns } from '../../db/arrays';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { fileIsIn, writeNamedExclusive } from '../../exchange/exclusive-write';
import {
  buildMaintenanceRequest,
  buildMaintenanceRequestInTurns,
  type MaintenanceRequest,
  type ModifierStyle,
} from '../../exchange/naxml/naxml';
import { assertNoLinkedFolder, siteToDir } from '../../exchange/site-folders';
import { AppError } from '../../lib/errors';
import { testPause } from '../../lib/test-pause';
import type { SiteTaskContext, SiteTaskHandler, TaskResult, TransferKindHandlers } from '../transfers/types';
import { planSite, type SitePlan } from './plan';

/** What the marking needs, kept on the task before the file is written. */
export interface KeptMarking {
  full: boolean;
  to: number;
  tables: string;
  records: number;
  adds: number;
  changes: number;
  deletes: number;
  ids: string[];
  packs: number[];
  versions: string[];
}

/**
 * The target watermark of a run: the largest item_changes.id such that no change with a smaller
 * id can still commit. Ids are taken when a writer inserts, so a transaction that took id 41 may
 * commit after another one committed 42; reading max(id) = 42 then and advancing to it would skip
 * 41 forever. `LOCK item_changes IN SHARE MODE` waits for every transaction holding an insert
 * (ROW EXCLUSIVE) lock on the table to end and keeps new ones out while max(id) is read, so every
 * id up to that max is committed and visible. The lock is held for that one read only.
 */
export async function safeWatermark(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table item_changes in share mode`);
    const [r] = await rows<{ id: string }>(
      tx,
      sql`select coalesce(max(id), 0)::text as id from item_changes`,
    );
    return Number(r.id);
  });
}

export const fileName = (siteNo: number) => `ITT${String(siteNo).padStart(3, '0')}`;

/** Where the store may have moved a file it consumed. */
const consumedDirs = (toDir: string) => [path.join(toDir, 'processed'), path.join(toDir, 'rejected')];

export function keptMarking(plan: SitePlan): KeptMarking {
  return {
    full: plan.full,
    to: plan.toWatermark,
    tables: plan.tables,
    records: plan.send.length,
    adds: plan.send.filter((r) => r.action === 'add').length,
    changes: plan.send.filter((r) => r.action === 'change').length,
    deletes: plan.send.filter((r) => r.action === 'delete').length,
    ids: plan.rows.map((r) => r.itemId),
    packs: plan.rows.map((r) => r.packSize),
    versions: plan.rows.map((r) => r.version),
  };
}

/** The file's XML: ITT always, MCT and tax tables when they go (full send or changed). */
export function planXml(plan: SitePlan, modifier?: ModifierStyle): string {
  return buildMaintenanceRequest(requestOf(plan, modifier));
}

const requestOf = (plan: SitePlan, modifier?: ModifierStyle): MaintenanceRequest => ({
  modifier,
  storeNo: plan.site.siteNo,
  tableAction: plan.full ? 'initialize' : 'update',
  items: plan.send,
  departments: plan.sendTables ? plan.departments : undefined,
  taxLevels: plan.sendTables ? plan.taxLevels : undefined,
});

/** As planXml, giving the event loop a turn every few milliseconds (the server's writes). */
export function planXmlInTurns(plan: SitePlan, modifier?: ModifierStyle): Promise<string> {
  return buildMaintenanceRequestInTurns(requestOf(plan, modifier));
}

/** The site's to-site folder, created when missing; a folder that cannot be used is a clear error. */
async function usableFolder(ctx: SiteTaskContext): Promise<string> {
  const { site } = ctx;
  const dir = siteToDir(ctx.config.sitesDir, { siteNo: site.siteNo, exchangeDir: site.exchangeDir });
  const base = path.dirname(dir);
  if (site.exchangeDir) {
    // A folder the site's setting names must exist: a typo must not send files into a new folder.
    const st = await fs.stat(base).catch(() => null);
    if (!st?.isDirectory()) {
      throw new AppError('VALIDATION', `Site ${site.siteNo}: the exchange folder ${base} does not exist.`);
    }
  }
  try {
    await assertNoLinkedFolder(dir);
  } catch (e) {
    throw new AppError('VALIDATION', `Site ${site.siteNo}: ${(e as Error).message}`);
  }
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.access(dir, fs.constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? String(e);
    throw new AppError('VALIDATION', `Site ${site.siteNo}: cannot write to the folder ${dir} (${code}).`);
  }
  return dir;
}

async function keepMarking(ex: Executor, taskId: number, m: KeptMarking): Promise<void> {
  await ex.execute(
    sql`update transfer_tasks set result = jsonb_build_object('Plan', ${JSON.stringify(m)}::jsonb) where id = ${taskId}`,
  );
}

async function readMarking(ex: Executor, taskId: number): Promise<KeptMarking | null> {
  const [r] = await rows<{ plan: KeptMarking | string | null }>(
    ex,
    sql`select result->'Plan' as plan from transfer_tasks where id = ${taskId}`,
  );
  if (!r?.plan) return null;
  return typeof r.plan === 'string' ? (JSON.parse(r.plan) as KeptMarking) : r.plan;
}

/** The marking and the completion, in one transaction. */
async function finish(ctx: SiteTaskContext, m: KeptMarking, file: string | null): Promise<TaskResult> {
  const result: TaskResult = {
    Records: m.records,
    Adds: m.adds,
    Changes: m.changes,
    Deletes: m.deletes,
    Full: m.full,
    File: file,
    Tables: m.tables,
  };
  await ctx.db.transaction(async (tx) => {
    if (m.ids.length) {
      await tx.execute(sql`insert into site_item_sent (site_id, item_id, pack_size, version)
        select ${ctx.site.id}, item_id, pack_size, version
        from unnest(${await pgArrayInTurns(m.ids, 'text')}, ${await pgArrayInTurns(m.packs, 'int')}, ${await pgArrayInTurns(m.versions, 'bigint')})
          as v(item_id, pack_size, version)
        on conflict (site_id, item_id, pack_size) do update set version = excluded.version
          where site_item_sent.version < excluded.version`);
    }
    await tx.execute(sql`insert into site_exchange (site_id, change_watermark, last_dist_file, last_dist_at, last_dist_full)
      values (${ctx.site.id}, ${m.to}, ${file}, now(), ${m.full})
      on conflict (site_id) do update set change_watermark = greatest(site_exchange.change_watermark, excluded.change_watermark),
        last_dist_file = coalesce(excluded.last_dist_file, site_exchange.last_dist_file),
        last_dist_at = excluded.last_dist_at, last_dist_full = excluded.last_dist_full`);
    await ctx.complete(tx, result);
  });
  return result;
}

export const dtsSite: SiteTaskHandler = async (ctx) => {
  const dir = await usableFolder(ctx);
  if (ctx.task.file && (await fileIsIn(ctx.task.file, [dir, ...consumedDirs(dir)]))) {
    // A rerun after the file was written: no second file, only the marking it did not finish.
    const kept = await readMarking(ctx.db, ctx.task.id);
    if (!kept) throw new Error(`Site ${ctx.site.siteNo}: ${ctx.task.file} was written but its plan is lost.`);
    return finish(ctx, kept, ctx.task.file);
  }
  const plan = await planSite(ctx.db, ctx.site, {
    full: ctx.options.bModsOnly === false,
    toWatermark: await safeWatermark(ctx.db),
  });
  const kept = keptMarking(plan);
  // Nothing to send (modifications only, nothing changed): no file, the watermark still moves on.
  if (plan.send.length === 0 && !plan.sendTables && !plan.full) return finish(ctx, kept, null);
  const xml = await planXmlInTurns(plan, ctx.config.posCodeModifier);
  await keepMarking(ctx.db, ctx.task.id, kept);
  const file = await writeNamedExclusive({
    dir,
    prefix: fileName(ctx.site.siteNo),
    ext: '.xml',
    content: xml,
    named: (name) => ctx.nameFile(name),
    alsoIn: consumedDirs(dir),
  });
  await testPause('dts-after-file');
  return finish(ctx, kept, file);
};

/** Registered for both 'DTS' and 'DTS Import'. */
export const dtsHandlers: TransferKindHandlers = { site: dtsSite };
