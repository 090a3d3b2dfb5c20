/**
 * The store simulator on the site exchange folders (docs/store-sim.md). Per site: the store's state
 * in SITES_DIR/NNN/store-sim.json; every maintenance file in to-site/ applied in file-name order
 * and moved to to-site/processed/ (or to-site/rejected/ when unreadable); an acknowledgement per
 * file and the item file written to from-site/. Each step is saved before the next starts, so a run
 * killed at any point resumes on the next run without applying a file twice (a kill in the instant
 * between writing an ack and saving the state can leave that ack written twice).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildInvoiceFile } from '../../exchange/csv/invoice-file';
import { moveExclusive, writeAtomically, writeStampedExclusive } from '../../exchange/exclusive-write';
import { parseNaxml } from '../../exchange/naxml/naxml-read';
import { buildAck, buildStoreItemFile } from '../../exchange/naxml/store-files';
import { fromSiteDir, siteFolder, toSiteDir } from '../../exchange/site-folders';
import { makeRandom } from '../../seed/prng';
import { makeInvoices, type NegotiatedVendor } from './invoices';
import { type AppliedFile, applyMaintenance, drift, emptyStore, exportItems, type StoreState } from './store';

export const STATE_FILE = 'store-sim.json';

export interface StoreSimOptions {
  sitesDir: string;
  /** Site numbers; all numeric folders under sitesDir when absent. */
  sites?: number[];
  /** Local changes per site (`--drift N`). */
  drift?: number;
  /** Seed of the drift's random source; each site uses seed + site number. */
  seed?: number;
  /** Export the full item list (`initialize`) even when an export was made before. */
  full?: boolean;
  /** Vendor invoices per site (`--invoices N`), from these vendors' negotiated items. */
  invoices?: number;
  vendors?: NegotiatedVendor[];
  now?: () => Date;
}

export interface FileResult {
  file: string;
  status: 'applied' | 'rejected' | 'already applied';
  records: number;
  applied: number;
  refused: number;
  ackFile: string | null;
  error: string | null;
}

export interface SiteResult {
  siteNo: number;
  files: FileResult[];
  drift: number;
  exported: string | null;
  exportedRecords: number;
  /** The invoice file written, and how many invoices it holds. */
  invoiceFile: string | null;
  invoices: number;
  error: string | null;
}

const pad = (n: number) => String(n).padStart(3, '0');

/** The numeric site folders under sitesDir. */
export async function listSites(sitesDir: string): Promise<number[]> {
  let names: string[];
  try {
    names = await fs.readdir(sitesDir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(
        `The sites folder ${sitesDir} does not exist (set SITES_DIR, or DATA_DIR for DATA_DIR/sites).`,
      );
    throw e;
  }
  const sites: number[] = [];
  for (const n of names) {
    // Only names as siteFolder writes them (site 7 is 007), so a stray '07' is not taken for site 7.
    if (!/^\d{1,9}$/.test(n) || path.basename(siteFolder(sitesDir, Number(n))) !== n) continue;
    if ((await fs.stat(path.join(sitesDir, n))).isDirectory()) sites.push(Number(n));
  }
  return sites.sort((a, b) => a - b);
}

export async function loadState(sitesDir: string, siteNo: number): Promise<StoreState> {
  const file = path.join(siteFolder(sitesDir, siteNo), STATE_FILE);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return emptyStore(siteNo);
    throw e;
  }
  let state: StoreState;
  try {
    state = JSON.parse(text) as StoreState;
  } catch (e) {
    throw new Error(`${file}: not valid JSON (${(e as Error).message})`);
  }
  if (state.format !== 'cpb-store-sim/1') throw new Error(`${file}: unknown format ${String(state.format)}`);
  return state;
}

export const saveState = (sitesDir: string, state: StoreState) =>
  writeAtomically(siteFolder(sitesDir, state.siteNo), STATE_FILE, `${JSON.stringify(state, null, 1)}\n`);

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Maintenance files waiting in to-site/, in file-name order. */
async function waitingFiles(dir: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.') && /\.xml$/i.test(e.name))
    .map((e) => e.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Writes the acknowledgements recorded but not yet written (after a crash), updating the state. */
async function flushAcks(sitesDir: string, state: StoreState, now: Date): Promise<StoreState> {
  let s = state;
  for (const entry of s.applied) {
    if (entry.pendingAck === null) continue;
    const ackFile = path.basename(
      await writeStampedExclusive(
        fromSiteDir(sitesDir, s.siteNo),
        `ACK${pad(s.siteNo)}`,
        '.xml',
        entry.pendingAck,
        now,
      ),
    );
    s = {
      ...s,
      applied: s.applied.map((a): AppliedFile => (a === entry ? { ...a, pendingAck: null, ackFile } : a)),
    };
    await saveState(sitesDir, s);
  }
  return s;
}

export async function runSite(o: StoreSimOptions, siteNo: number): Promise<SiteResult> {
  const now = o.now ?? (() => new Date());
  const result: SiteResult = {
    siteNo,
    files: [],
    drift: 0,
    exported: null,
    exportedRecords: 0,
    invoiceFile: null,
    invoices: 0,
    error: null,
  };
  const toSite = toSiteDir(o.sitesDir, siteNo);
  await fs.mkdir(toSite, { recursive: true });
  await fs.mkdir(fromSiteDir(o.sitesDir, siteNo), { recursive: true });
  let state = await flushAcks(o.sitesDir, await loadState(o.sitesDir, siteNo), now());

  for (const name of await waitingFiles(toSite)) {
    const full = path.join(toSite, name);
    const xml = await fs.readFile(full, 'utf8');
    const sha = sha256(xml);
    const done = state.applied.find((a) => a.file === name && a.sha256 === sha);
    if (done) {
      // Applied and acknowledged before a crash; only the move was missing.
      await moveExclusive(full, path.join(toSite, 'processed'));
      result.files.push({
        file: name,
        status: 'already applied',
        records: 0,
        applied: 0,
        refused: 0,
        ackFile: done.ackFile,
        error: null,
      });
      continue;
    }
    const at = now();
    let ackXml: string;
    let fr: FileResult;
    let rejected = false;
    try {
      const applied = applyMaintenance(state, parseNaxml(xml), { file: name, sha256: sha, now: at });
      state = applied.state;
      ackXml = buildAck(applied.ack);
      fr = {
        file: name,
        status: 'applied',
        records: applied.ack.records,
        applied: applied.ack.applied,
        refused: applied.ack.refused.length,
        ackFile: null,
        error: null,
      };
    } catch (e) {
      rejected = true;
      const error = `${name}: ${(e as Error).message}`;
      ackXml = buildAck({
        storeNo: siteNo,
        file: name,
        sha256: sha,
        status: 'rejected',
        processedAt: at.toISOString(),
        error,
        records: 0,
        applied: 0,
        refused: [],
      });
      state = {
        ...state,
        applied: [...state.applied, { file: name, sha256: sha, pendingAck: null, ackFile: null }].slice(-200),
      };
      fr = { file: name, status: 'rejected', records: 0, applied: 0, refused: 0, ackFile: null, error };
    }
    // The state (with the ack to write) first, then the ack, then the move.
    const last = state.applied.length - 1;
    state.applied[last] = { ...state.applied[last], pendingAck: ackXml };
    await saveState(o.sitesDir, state);
    state = await flushAcks(o.sitesDir, state, at);
    fr.ackFile = state.applied[state.applied.length - 1].ackFile;
    await moveExclusive(full, path.join(toSite, rejected ? 'rejected' : 'processed'));
    result.files.push(fr);
  }

  if (o.drift && o.drift > 0) {
    const d = drift(state, o.drift, makeRandom((o.seed ?? Date.now()) + siteNo));
    state = d.state;
    result.drift = d.changes.length;
    await saveState(o.sitesDir, state);
  }

  if (o.invoices && o.invoices > 0 && o.vendors?.length) {
    const at = now();
    const made = makeInvoices(
      state,
      o.vendors,
      o.invoices,
      makeRandom((o.seed ?? Date.now()) + siteNo + 7919),
      at.toISOString().slice(0, 10),
    );
    if (made.invoices.length) {
      const written = await writeStampedExclusive(
        fromSiteDir(o.sitesDir, siteNo),
        `INV${pad(siteNo)}`,
        '.csv',
        buildInvoiceFile(made.invoices),
        at,
      );
      result.invoiceFile = path.basename(written);
      result.invoices = made.invoices.length;
      state = made.state;
      await saveState(o.sitesDir, state);
    }
  }

  const at = now();
  const ex = exportItems(state, { full: o.full, now: at });
  if (ex.file) {
    const written = await writeStampedExclusive(
      fromSiteDir(o.sitesDir, siteNo),
      `ITT${pad(siteNo)}`,
      '.xml',
      buildStoreItemFile(ex.file),
      at,
    );
    result.exported = path.basename(written);
    result.exportedRecords = ex.file.items.length;
    state = ex.state;
    await saveState(o.sitesDir, state);
  }
  return result;
}

/** One pass over the sites; a fault at one site is reported for it and the others still run. */
export async function runStoreSimOnce(o: StoreSimOptions): Promise<SiteResult[]> {
  const sites = o.sites ?? (await listSites(o.sitesDir));
  const results: SiteResult[] = [];
  for (const siteNo of sites) {
    try {
      results.push(await runSite(o, siteNo));
    } catch (e) {
      results.push({
        siteNo,
        files: [],
        drift: 0,
        exported: null,
        exportedRecords: 0,
        invoiceFile: null,
        invoices: 0,
        error: (e as Error).message,
      });
    }
  }
  return results;
}
