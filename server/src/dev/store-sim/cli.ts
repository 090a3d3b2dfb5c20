/**
 * `npm run pricebook -- store-sim [--sites 1,2,...] [--once | --watch [--interval S]] [--drift N]
 * [--seed S] [--full]`: plays the stores on the site exchange folders (docs/store-sim.md). Needs no
 * database, so it runs beside a server that holds the embedded one.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { argValue, hasFlag } from '../../cli/args';
import { STORE_SIM_USAGE } from '../../cli/store-sim-usage';
import { readVendors } from './invoices';
import { runStoreSimOnce, type SiteResult, type StoreSimOptions } from './run';
import { startStoreSim } from './runner';

/** The default vendors file (`--vendors`): vendors with negotiated costs, see docs/store-sim.md. */
export const VENDORS_FILE = 'store-sim-vendors.json';

export class UsageError extends Error {}

function wholeNumber(argv: string[], flag: string, min: number): number | undefined {
  const v = argValue(argv, flag);
  if (v === undefined) {
    if (hasFlag(argv, flag)) throw new UsageError(`${flag} needs a number`);
    return undefined;
  }
  if (!/^\d{1,9}$/.test(v) || Number(v) < min)
    throw new UsageError(`${flag} must be a whole number >= ${min}`);
  return Number(v);
}

export function parseStoreSimArgs(
  argv: string[],
  sitesDir: string,
): StoreSimOptions & { watch: boolean; intervalSeconds: number; vendorsFile: string } {
  const sitesArg = argValue(argv, '--sites');
  let sites: number[] | undefined;
  if (sitesArg !== undefined || hasFlag(argv, '--sites')) {
    const parts = (sitesArg ?? '').split(',').map((s) => s.trim());
    if (!parts.length || parts.some((p) => !/^\d{1,9}$/.test(p)))
      throw new UsageError('--sites takes site numbers separated by commas, e.g. --sites 1,2,5');
    sites = [...new Set(parts.map(Number))].sort((a, b) => a - b);
  }
  if (hasFlag(argv, '--once') && hasFlag(argv, '--watch'))
    throw new UsageError('Use --once or --watch, not both');
  return {
    sitesDir,
    sites,
    drift: wholeNumber(argv, '--drift', 0),
    seed: wholeNumber(argv, '--seed', 0),
    full: hasFlag(argv, '--full'),
    invoices: wholeNumber(argv, '--invoices', 0),
    vendorsFile: path.resolve(sitesDir, argValue(argv, '--vendors') ?? VENDORS_FILE),
    watch: hasFlag(argv, '--watch'),
    intervalSeconds: wholeNumber(argv, '--interval', 1) ?? 5,
  };
}

export function describe(r: SiteResult): string[] {
  const site = `Site ${String(r.siteNo).padStart(3, '0')}`;
  if (r.error) return [`${site}: error: ${r.error}`];
  const lines = r.files.map((f) =>
    f.status === 'applied'
      ? `${site}: applied ${f.file}: ${f.applied} of ${f.records} record(s), ${f.refused} refused; ack ${f.ackFile}`
      : f.status === 'rejected'
        ? `${site}: rejected ${f.error}; ack ${f.ackFile}`
        : `${site}: ${f.file} was already applied; moved to processed`,
  );
  if (r.drift) lines.push(`${site}: ${r.drift} local change(s)`);
  if (r.invoiceFile) lines.push(`${site}: wrote ${r.invoiceFile} (${r.invoices} invoice(s))`);
  if (r.exported) lines.push(`${site}: wrote ${r.exported} (${r.exportedRecords} record(s))`);
  if (!lines.length) lines.push(`${site}: nothing to do`);
  return lines;
}

/** Runs the command; returns the exit code (1 usage, 2 a site failed or the folder is missing). */
export async function storeSimCommand(argv: string[], sitesDir: string): Promise<number> {
  let o: ReturnType<typeof parseStoreSimArgs>;
  try {
    o = parseStoreSimArgs(argv, sitesDir);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`${e.message}\nUsage: npm run pricebook -- ${STORE_SIM_USAGE}`);
    return 1;
  }
  const print = (results: SiteResult[]) => {
    for (const r of results)
      for (const line of describe(r)) {
        // Watching, a quiet pass prints nothing.
        if (o.watch && line.endsWith(': nothing to do')) continue;
        (r.error ? console.error : console.log)(line);
      }
    return results.some((r) => r.error) ? 2 : 0;
  };
  try {
    if (o.invoices) {
      let text: string;
      try {
        text = await fs.readFile(o.vendorsFile, 'utf8');
      } catch {
        console.error(`--invoices needs the vendors with negotiated costs: ${o.vendorsFile} cannot be read.`);
        return 2;
      }
      try {
        o.vendors = readVendors(JSON.parse(text));
      } catch (e) {
        console.error(`${o.vendorsFile}: ${(e as Error).message}`);
        return 2;
      }
    }
    if (!o.watch) return print(await runStoreSimOnce(o));
    console.log(`Watching ${sitesDir} every ${o.intervalSeconds} s; Ctrl+C stops.`);
    const runner = startStoreSim({
      ...o,
      intervalMs: o.intervalSeconds * 1000,
      onResults: print,
      onError: (err) => console.error((err as Error).message),
    });
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await runner.stop();
    return 0;
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
}
