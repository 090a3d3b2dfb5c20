/**
 * Reads what a store left for Site Import, before any database work: its item files since the last
 * import, the acknowledgements after the last one read, the invoice files since the last import.
 * Any file that cannot be read fails the whole site with its name and the first bad line.
 *
 * Item files: a store writes a full list (`initialize`) once and then `update` files with what
 * changed since its previous export, so reading only the newest file would lose a local change
 * written in an earlier file that was never imported. The import reads every item file from the
 * one it imported last (included: re-importing compares the store's state again) to the newest,
 * starting at the newest full list among them (files before it are not read: a full list
 * supersedes them, a bad one included), and merges their records in file-name (time) order,
 * a later record of an item replacing an earlier one.
 */
import fs from 'node:fs/promises';
import { itemKey } from '@cpb/domain';
import { type Invoice, parseInvoiceFile } from '../../exchange/invoice-file';
import { type ParsedItemRecord, parseNaxml } from '../../exchange/naxml-read';
import { type MaintenanceAck, parseAck } from '../../exchange/store-files';
import { listStoreFiles, type StoreFile } from './store-folder';

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
}

/** The item files to read: from the last imported one (or the newest, if it is gone) to the newest. */
export function itemFilesSince(itemFiles: StoreFile[], lastImported: string | null): StoreFile[] {
  if (!lastImported) return itemFiles;
  const from = itemFiles.findIndex((f) => f.name >= lastImported);
  return itemFiles.slice(from < 0 ? -1 : from);
}

/** Parses the files newest first, back to the newest full list (older files than that are not read). */
async function readItemFiles(list: StoreFile[]): Promise<StoreReading['itemFile']> {
  const used: Array<{ name: string; records: ParsedItemRecord[] }> = [];
  let full = false;
  for (let i = list.length - 1; i >= 0 && !full; i--) {
    const p = await read(list[i], parseNaxml);
    if (!p.items) throw new StoreFileError(list[i].name, new Error('the file has no ItemMaintenance table'));
    used.unshift({ name: list[i].name, records: p.items.records });
    full = p.items.tableAction === 'initialize';
  }
  if (!used.length) return null;
  const merged = new Map<string, ParsedItemRecord>();
  for (const p of used)
    for (const r of p.records) {
      const key = itemKey(r.item.itemId, r.item.packSize);
      merged.delete(key);
      merged.set(key, r);
    }
  return {
    name: used[used.length - 1].name,
    names: used.map((p) => p.name),
    tableAction: full ? 'initialize' : 'update',
    records: [...merged.values()],
  };
}

/** The acknowledgements after the last one read, oldest first. */
async function readAcks(files: StoreFile[], lastAck: string | null): Promise<StoreReading['acks']> {
  const acks: StoreReading['acks'] = [];
  for (const f of files.filter((x) => x.kind === 'ACK' && (!lastAck || x.name > lastAck)))
    acks.push({ name: f.name, ack: await read(f, parseAck) });
  return acks;
}

/** A store file that could not be read: the message names the file and the line. */
export class StoreFileError extends Error {
  constructor(file: string, cause: Error) {
    super(`${file}: ${cause.message}`);
    this.name = 'StoreFileError';
  }
}

async function read<T>(f: StoreFile, parse: (text: string) => T): Promise<T> {
  const text = await fs.readFile(f.path, 'utf8');
  try {
    return parse(text);
  } catch (e) {
    throw new StoreFileError(f.name, e as Error);
  }
}

export async function readStoreFiles(
  fromDir: string,
  siteNo: number,
  since: { itemFile: string | null; ackFile: string | null; importStamp: string | null; only?: 'ACK' },
): Promise<StoreReading> {
  const files = await listStoreFiles(fromDir, siteNo);
  if (since.only === 'ACK')
    return { itemFile: null, acks: await readAcks(files, since.ackFile), invoiceFiles: [] };
  const itemFile = await readItemFiles(
    itemFilesSince(
      files.filter((f) => f.kind === 'ITT'),
      since.itemFile,
    ),
  );
  const acks = await readAcks(files, since.ackFile);
  const invoiceFiles: StoreReading['invoiceFiles'] = [];
  // Invoices already imported are skipped by their key; the cut-off only spares re-reading old files.
  for (const f of files.filter(
    (x) => x.kind === 'INV' && (!since.importStamp || x.stamp >= since.importStamp),
  ))
    invoiceFiles.push({ name: f.name, invoices: await read(f, parseInvoiceFile) });
  return { itemFile, acks, invoiceFiles };
}
