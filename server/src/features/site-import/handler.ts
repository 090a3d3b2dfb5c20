/**
 * The per-site work of a Site Import run (transfer kind 'Site Import'): read what the store left in
 * its from-site/ folder, compare its item file with the site's rows, and in ONE transaction write
 * the differences as outside updates (or, with build master, as the site's new values), the
 * invoices and the acknowledgements, and complete the task. A file that cannot be read is left out
 * (named with its reason in the task's result and on site_exchange), then moved to
 * from-site/rejected/ with a reason file: it never blocks the store's later imports.
 */
import { itemKey, storeItemProblems } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { siteFromDir, stamp } from '../../exchange/site-folders';
import { eachInTurns, filterInTurns, LoopTurns, mapInTurns } from '../../lib/loop-turns';
import type { ArrivalResult } from '../outside-updates/rules/run';
import type { SiteTaskContext, TaskResult } from '../transfers/types';
import { buildMaster } from './build-master';
import { differences, STORE_FILE_FLDS, storeValues } from './compare';
import { recordAcks, writeInvoices } from './invoices-acks';
import { type Difference, writeOutsideUpdates } from './outside-updates';
import { readStoreFiles, rejectFiles } from './read-store';
import { siteRowsOf } from './site-rows';

/** The options a Site Import run stores (POST /importSelectedSites). */
export interface SiteImportOptions {
  bBuildMaster: boolean;
  bDoDTS: boolean;
  bModifiedOnly: boolean;
}

export const importOptions = (o: Record<string, unknown>): SiteImportOptions => ({
  bBuildMaster: o.bBuildMaster === true,
  bDoDTS: o.bDoDTS === true,
  bModifiedOnly: o.bModifiedOnly !== false,
});

/** Invoice files are read from this long before the previous import on (they are imported once by key). */
const INVOICE_OVERLAP_MS = 3_600_000;

/** The tax group IDs of the site's zones. */
async function siteTaxGroups(db: SiteTaskContext['db'], siteId: number): Promise<Set<number>> {
  const found = await rows<{ id: number }>(
    db,
    sql`select distinct tg.id from tax_groups tg join zone_sites zs on zs.zone_id = tg.zone_id where zs.site_id = ${siteId}`,
  );
  return new Set(found.map((t) => t.id));
}

export async function siteImportTask(ctx: SiteTaskContext): Promise<TaskResult> {
  const { db, site } = ctx;
  const opts = importOptions(ctx.options);
  const [ex] = await rows<{
    last_ack_file: string | null;
    last_item_file: string | null;
    last_item_file_at: Date | string | null;
  }>(
    db,
    sql`select last_ack_file, last_item_file, last_item_file_at from site_exchange where site_id = ${site.id}`,
  );
  const lastAt = ex?.last_item_file_at ? new Date(ex.last_item_file_at) : null;
  const fromDir = siteFromDir(ctx.config.sitesDir, site);
  const reading = await readStoreFiles(
    fromDir,
    site.siteNo,
    {
      itemFile: ex?.last_item_file ?? null,
      ackFile: ex?.last_ack_file ?? null,
      importStamp: lastAt ? stamp(new Date(lastAt.getTime() - INVOICE_OVERLAP_MS)) : null,
    },
    ctx.config.storeFileMaxBytes,
  );

  // Only records the store marks as changed, unless the whole file becomes the site's truth.
  const onlyChanged = opts.bModifiedOnly && !opts.bBuildMaster;
  const taxGroups = await siteTaxGroups(db, site.id);
  // 25,000 records and more: the loops over them give the event loop a turn every few milliseconds.
  const turns = new LoopTurns();
  const candidates = await filterInTurns(
    reading.itemFile?.records ?? [],
    (r) => r.action === 'addchange' && !(onlyChanged && r.changed === false),
    turns,
  );

  const result = await db.transaction(async (tx) => {
    // The site's rows of the items the file names (only those are looked up), a page at a time.
    const keys = await mapInTurns(candidates, (r) => storeValues(r.item), turns);
    const byKey = await siteRowsOf(tx, site.id, keys, turns);
    // Values from a store pass the checks a user's typed values pass; a record that fails is refused.
    const refusals: string[] = [];
    const records = await filterInTurns(
      candidates,
      (r) => {
        const v = storeValues(r.item);
        const zeroPriceKnown =
          byKey.get(itemKey(v.itemId, v.packSize))?.unit_list.match(/^0+(\.0+)?$/) != null;
        const problems = [...r.problems, ...storeItemProblems(v, { zeroPriceKnown })];
        if (v.taxGroupId !== null && !problems.length && !taxGroups.has(v.taxGroupId))
          problems.push(`tax group ${v.taxGroupId} is not set up in the store's zones`);
        if (problems.length) refusals.push(`${r.posCode || v.itemId}: ${problems.join(', ')}`);
        return problems.length === 0;
      },
      turns,
    );
    const skipped = refusals.length;
    const changed: Difference[] = [];
    const added: Difference[] = [];
    const seen = new Set<string>();
    await eachInTurns(
      records,
      (r) => {
        const values = storeValues(r.item);
        const key = itemKey(values.itemId, values.packSize);
        if (seen.has(key)) return;
        seen.add(key);
        const row = byKey.get(key);
        if (!row) added.push({ values, was: null, flds: STORE_FILE_FLDS });
        else {
          const flds = differences(values, row);
          if (flds) changed.push({ values, was: row, flds });
        }
      },
      turns,
    );
    // Into the inbox (outside updates), where the zones' auto-accept rules decide what just arrived.
    let auto: ArrivalResult | null = null;
    if (opts.bBuildMaster) await buildMaster(tx, { userName: ctx.userName, siteId: site.id, changed, added });
    else auto = (await writeOutsideUpdates(tx, site.id, [...changed, ...added])).auto;
    const invoices = await writeInvoices(tx, site.id, reading.invoiceFiles);
    const refused = await recordAcks(tx, site.id, reading.acks);
    if (reading.itemFile)
      await tx.execute(sql`insert into site_exchange (site_id, last_item_file, last_item_file_at)
        values (${site.id}, ${reading.itemFile.name}, now())
        on conflict (site_id) do update set last_item_file = excluded.last_item_file,
          last_item_file_at = excluded.last_item_file_at`);
    const result: TaskResult = {
      File: reading.itemFile?.name ?? null,
      Files: reading.itemFile?.names.length ?? 0,
      Records: records.length,
      Differences: changed.length,
      NewItems: added.length,
      Invoices: invoices.written,
      Refused: refused,
    };
    if (skipped) {
      result.Skipped = skipped;
      result.SkippedReasons =
        refusals.slice(0, 20).join('; ') + (refusals.length > 20 ? `; and ${refusals.length - 20} more` : '');
    }
    if (auto?.decided) result.AutoDecided = auto.decided;
    if (auto?.left) {
      result.AutoLeft = auto.left;
      result.AutoProblems = auto.problems.join('; ');
    }
    if (invoices.problems.length) result.InvoiceProblems = invoices.problems.join('; ');
    const bad = reading.rejected.at(-1);
    if (bad) {
      result.Rejected = reading.rejected.map((r) => `${r.name}: ${r.reason}`).join('; ');
      await tx.execute(sql`insert into site_exchange (site_id, last_rejected_file, last_rejected_reason, last_rejected_at)
        values (${site.id}, ${bad.name}, ${bad.reason}, now())
        on conflict (site_id) do update set last_rejected_file = excluded.last_rejected_file,
          last_rejected_reason = excluded.last_rejected_reason, last_rejected_at = excluded.last_rejected_at`);
    }
    await ctx.complete(tx, result);
    return result;
  });
  // Once recorded, the files that could not be read leave from-site/ (a crash before this only
  // means the next import rejects them again).
  if (reading.rejected.length) await rejectFiles(fromDir, reading.rejected);
  return result;
}
