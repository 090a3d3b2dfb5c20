/**
 * The per-site work of a Vendor Import run (transfer kind 'Vendor Import'; one task per delivery
 * site of the user's setups). Every plain file of the site's vendor folder matching a setup's mask
 * is read whole; then:
 * - a file imported before (same SHA-256 in vendor_imported_files) is not imported again; it moves
 *   to processed/;
 * - a malformed file is refused whole: its name and the line or segment of the first fault go to
 *   the status log, nothing of it is written, and it moves to rejected/; the other files go on;
 * - else, in ONE transaction per file, each matching setup takes the lines of its vendor zone into
 *   its price book zone (import-lines.ts), the file's hash is recorded; then it moves to processed/.
 * Lines refused for their values (bad check digit, negative or absurd cost, unknown UPC) are
 * reported per line in the log. The task's result carries the log (`Log`, one entry a line).
 */

import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import type { DistributorSource } from '../../exchange/csv/distributor';
import { mapInTurns } from '../../lib/loop-turns';
import type { SiteTaskContext, TaskResult } from '../transfers/types';
import {
  listVendorFiles,
  maskMatcher,
  moveToProcessed,
  moveToRejected,
  readVendorFile,
  vendorDir,
} from './folder';
import { importLines } from './import-lines';
import { evaluate, placeOf, type VendorLine } from './lines';
import { type SetupRow, setupRows } from './setups';
import { readVendorCatalogInTurns } from './vendor-file';

/** At most this many per-line reports of a file go to the log (then a count of the rest). */
const REPORTS_PER_FILE = 50;

export async function vendorImportTask(ctx: SiteTaskContext): Promise<TaskResult> {
  const { db, site } = ctx;
  const [user] = await rows<{ id: number }>(db, sql`select id from users where user_name = ${ctx.userName}`);
  const setups = user ? await setupRows(db, user.id, { siteId: site.id }) : [];
  const dir = vendorDir(ctx.config.sitesDir, site);
  const files = await listVendorFiles(
    dir,
    setups.map((s) => s.file_mask),
  );
  const log: string[] = [];
  const totals = { Files: 0, Refused: 0, Skipped: 0, Changed: 0, NewItems: 0, Reported: 0, AutoDecided: 0 };
  if (files.length === 0)
    log.push(
      `Site ${site.siteNo}: no vendor file matches ${setups.map((s) => s.file_mask).join(', ') || 'a setup'}.`,
    );
  for (const f of files) {
    const mine = setups.filter((s) => maskMatcher(s.file_mask)(f.name));
    try {
      const read = await readVendorFile(f, ctx.config.storeFileMaxBytes);
      const [seen] = await rows<{ id: number }>(
        db,
        sql`select id from vendor_imported_files where sha256 = ${read.sha256}`,
      );
      if (seen) {
        totals.Skipped++;
        log.push(`${f.name}: imported before (same content); not imported again.`);
        await moveToProcessed(f, dir);
        continue;
      }
      // The file's source type is its setups' (one mask could serve two types: the first decides).
      const catalog = await readVendorCatalogInTurns(read.text, mine[0].source_type as DistributorSource);
      const outcomes = await mapInTurns(catalog.items, (i) => ({ item: i, out: evaluate(i, catalog.x12) }));
      const bad = outcomes.flatMap((o) => (o.out.ok ? [] : [o.out.report]));
      const reports: string[] = [...bad];
      const written = await db.transaction(async (tx) => {
        const sums = { changed: 0, added: 0, unchanged: 0, auto: 0, forSetups: 0 };
        for (const s of mine) {
          const lines: VendorLine[] = outcomes.flatMap((o) =>
            o.out.ok && o.item.zone.toUpperCase() === s.vendor_zone.toUpperCase() ? [o.out.line] : [],
          );
          if (!catalog.zones.some((z) => z.toUpperCase() === s.vendor_zone.toUpperCase())) continue;
          sums.forSetups++;
          const w = await importLines(tx, { zoneId: s.zone_id, vendorId: s.vendor_id }, lines, (l) =>
            placeOf(l, catalog.x12),
          );
          for (const r of w.reports) reports.push(r);
          sums.changed += w.changed;
          sums.added += w.added;
          sums.unchanged += w.unchanged;
          sums.auto += w.auto.decided;
        }
        if (sums.forSetups > 0)
          await tx.execute(sql`insert into vendor_imported_files (sha256, file_name, setup_id, transfer_id, items)
            values (${read.sha256}, ${f.name}, ${mine[0].id}, ${ctx.transferId}, ${catalog.items.length})`);
        return sums;
      });
      if (written.forSetups === 0) {
        totals.Skipped++;
        log.push(
          `${f.name}: vendor zone ${catalog.zones.join(', ') || '(none)'} is not the setup's (${zonesOf(mine)}); left in the folder.`,
        );
        continue;
      }
      await moveToProcessed(f, dir);
      totals.Files++;
      totals.Changed += written.changed;
      totals.NewItems += written.added;
      totals.Reported += reports.length;
      totals.AutoDecided += written.auto;
      log.push(
        `${f.name}: ${catalog.items.length} items read, ${written.changed} cost/price changes, ${written.added} new items, ${written.unchanged} unchanged, ${reports.length} reported.`,
      );
      for (const r of reports.slice(0, REPORTS_PER_FILE)) log.push(`  ${f.name} ${r}`);
      if (reports.length > REPORTS_PER_FILE)
        log.push(`  ${f.name}: and ${reports.length - REPORTS_PER_FILE} more reported lines.`);
    } catch (e) {
      totals.Refused++;
      log.push(`${f.name}: refused, nothing imported: ${e instanceof Error ? e.message : String(e)}`);
      await moveToRejected(f, dir).catch(() => undefined);
    }
  }
  const result: TaskResult = { ...totals, Log: log.join('\n') };
  await ctx.complete(db, result);
  return result;
}

const zonesOf = (s: SetupRow[]) => s.map((x) => x.vendor_zone).join(', ');
