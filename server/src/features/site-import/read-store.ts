/**
 * Reads what a store left for Site Import, before any database work: its item files since the last
 * import, the acknowledgements after the last one read, the invoice files since the last import.
 *
 * A file that cannot be read (malformed, unsafe, over STORE_FILE_MAX_MB, not the document it should
 * be) never blocks the store: it is listed in `rejected` with its reason and the reading goes on
 * with the store's other files; Site Import then moves it to `from-site/rejected/`
 * (`rejectFiles`). Files are read and parsed in a worker thread (file-reader.ts), so a large one
 * never holds the event loop; one over the size bound is refused unread.
 *
 * Item files: a store writes a full list (`initialize`) once and then `update` files with what
 * changed since its previous export, so reading only the newest file would lose a local change
 * written in an earlier file that was never imported. The import reads every item file after the
 * one it imported last to the newest, starting at the newest full list among them (files before
 * it are not read: a full list supersedes them), and merges their records in file-name (time)
 * order, a later record of an item replacing an earlier one. What was imported is kept (outside
 * updates, site rows), so the last imported file is not read again, unless nothing newer came (a
 * re-import: the store's last state is compared again).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { itemKey } from '@cpb/domain';
import type { Invoice } from '../../exchange/csv/invoice-file';
import { moveExclusive, writeExclusive } from '../../exchange/exclusive-write';
import type { ParsedItemRecord } from '../../exchange/naxml/naxml-read';
import type { MaintenanceAck } from '../../exchange/naxml/store-files';
import { eachInTurns, LoopTurns } from '../../lib/loop-turns';
import { FileFormatError, type FileOp, type FileReadings } from './file-ops';
import { readFileInThread } from './file-reader';
import { listStoreFiles, type StoreFile } from './store-folder';

/** STORE_FILE_MAX_MB's default, 64 MiB (a full list of 25,000 items is about 16 MB). */
export const DEFAULT_STORE_FILE_MAX_BYTES = 64 * 1024 * 1024;

export interface RejectedFile {
  name: string;
  reason: string;
}

export interface StoreReading {
  /** The merged item files: `name` is the newest, `names` every file read, oldest first. */
  itemFile: {
    name: string;
    names: string[];
    tableAction: 'initialize' | 'update';
    records: ParsedItemRecord[];
  } | null;
  acks: Array<{ name: string; ack: MaintenanceAck }>;
  invoiceFiles: Array<{ name: string; invoices: Invoice[] }>;
  /** Files that could not be read, oldest first: to move aside (rejectFiles). */
  rejected: RejectedFile[];
}

/** The item files to read: after the last imported one (or it again when nothing is newer) to the newest. */
export function itemFilesSince(itemFiles: StoreFile[], lastImported: string | null): StoreFile[] {
  if (!lastImported) return itemFiles;
  const newer = itemFiles.filter((f) => f.name > lastImported);
  if (newer.length) return newer;
  const same = itemFiles.find((f) => f.name === lastImported);
  return same ? [same] : itemFiles.slice(-1);
}

/** A store file that could not be read: the message names the file and the line. */
export class StoreFileError extends Error {
  constructor(
    readonly file: string,
    cause: Error,
  ) {
    super(`${file}: ${cause.message}`);
    this.name = 'StoreFileError';
  }
}

type Reader = <O extends FileOp>(f: StoreFile, op: O) => Promise<FileReadings[O]>;

/**
 * Reads and parses a file in the reader thread (file-reader.ts) unless it is over `maxBytes`
 * (refused unread, with the sizes in the reason); refused content is a StoreFileError.
 */
function fileReader(maxBytes: number): Reader {
  return async (f, op) => {
    const st = await fs.lstat(f.path);
    if (st.size > maxBytes) {
      const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
      throw new StoreFileError(
        f.name,
        new Error(
          `the file is ${mb(st.size)}, over the ${mb(maxBytes)} a store file may have (STORE_FILE_MAX_MB)`,
        ),
      );
    }
    try {
      return await readFileInThread(op, f.path);
    } catch (e) {
      if (e instanceof FileFormatError) throw new StoreFileError(f.name, e);
      throw e;
    }
  };
}

/** Runs `work`; a StoreFileError becomes a rejection (undefined), anything else is thrown. */
async function orReject<T>(rejected: RejectedFile[], name: string, work: () => Promise<T>) {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof StoreFileError)) throw e;
    // Kept in a column and a reason file: printable, and short enough to read.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
    const reason = e.message.slice(name.length + 2).replace(/[\0-\x08\x0B\x0C\x0E-\x1F\x7F]/g, '?');
    rejected.push({ name, reason: reason.length > 500 ? `${reason.slice(0, 500)}...` : reason });
    return undefined;
  }
}

/** Parses the files newest first, back to the newest full list (older files than that are not read). */
async function readItemFiles(
  list: StoreFile[],
  read: Reader,
  rejected: RejectedFile[],
): Promise<StoreReading['itemFile']> {
  const used: Array<{ name: string; records: ParsedItemRecord[] }> = [];
  let full = false;
  for (let i = list.length - 1; i >= 0 && !full; i--) {
    const p = await orReject(rejected, list[i].name, () => read(list[i], 'itt'));
    if (!p) continue;
    used.unshift({ name: list[i].name, records: p.list });
    full = p.head.tableAction === 'initialize';
  }
  if (!used.length) return null;
  const merged = new Map<string, ParsedItemRecord>();
  const turns = new LoopTurns();
  for (const p of used)
    await eachInTurns(
      p.records,
      (r) => {
        const key = itemKey(r.item.itemId, r.item.packSize);
        merged.delete(key);
        merged.set(key, r);
      },
      turns,
    );
  return {
    name: used[used.length - 1].name,
    names: used.map((p) => p.name),
    tableAction: full ? 'initialize' : 'update',
    records: [...merged.values()],
  };
}

/** The acknowledgements after the last one read, oldest first. */
async function readAcks(
  files: StoreFile[],
  lastAck: string | null,
  read: Reader,
  rejected: RejectedFile[],
): Promise<StoreReading['acks']> {
  const acks: StoreReading['acks'] = [];
  for (const f of files.filter((x) => x.kind === 'ACK' && (!lastAck || x.name > lastAck))) {
    const got = await orReject(rejected, f.name, () => read(f, 'ack'));
    if (got) acks.push({ name: f.name, ack: { ...got.head, refused: got.list } });
  }
  return acks;
}

export async function readStoreFiles(
  fromDir: string,
  siteNo: number,
  since: { itemFile: string | null; ackFile: string | null; importStamp: string | null; only?: 'ACK' },
  maxBytes: number,
): Promise<StoreReading> {
  const files = await listStoreFiles(fromDir, siteNo);
  const read = fileReader(maxBytes);
  const rejected: RejectedFile[] = [];
  if (since.only === 'ACK')
    return {
      itemFile: null,
      acks: await readAcks(files, since.ackFile, read, rejected),
      invoiceFiles: [],
      rejected,
    };
  const itemFile = await readItemFiles(
    itemFilesSince(
      files.filter((f) => f.kind === 'ITT'),
      since.itemFile,
    ),
    read,
    rejected,
  );
  const acks = await readAcks(files, since.ackFile, read, rejected);
  const invoiceFiles: StoreReading['invoiceFiles'] = [];
  // Invoices already imported are skipped by their key; the cut-off only spares re-reading old files.
  for (const f of files.filter(
    (x) => x.kind === 'INV' && (!since.importStamp || x.stamp >= since.importStamp),
  )) {
    const invoices = await orReject(rejected, f.name, () => read(f, 'inv'));
    if (invoices) invoiceFiles.push({ name: f.name, invoices: invoices.list });
  }
  rejected.sort((a, b) => (a.name < b.name ? -1 : 1));
  return { itemFile, acks, invoiceFiles, rejected };
}

/**
 * Moves each rejected file to `from-site/rejected/` (a name taken there gets `.2`, `.3`...) with
 * `<name>.reason.txt` beside it; returns the names as moved. A file already gone is skipped.
 */
export async function rejectFiles(fromDir: string, rejected: RejectedFile[]): Promise<string[]> {
  const dir = path.join(fromDir, 'rejected');
  const moved: string[] = [];
  for (const r of rejected) {
    const from = path.join(fromDir, r.name);
    const st = await fs.lstat(from).catch(() => null);
    if (!st?.isFile()) continue;
    const to = await moveExclusive(from, dir);
    const name = path.basename(to);
    await writeExclusive(dir, `${name}.reason.txt`, `${r.reason}\n`).catch(() => undefined);
    moved.push(name);
  }
  return moved;
}
