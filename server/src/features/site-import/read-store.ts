/**
 * Reads what a store left for Site Import, before any database work: the newest item file, the
 * acknowledgements after the last one read, the invoice files since the last import. Any file that
 * cannot be read fails the whole site with its name and the first bad line.
 */
import fs from 'node:fs/promises';
import { type Invoice, parseInvoiceFile } from '../../exchange/invoice-file';
import { type ParsedItemRecord, parseNaxml } from '../../exchange/naxml-read';
import { type MaintenanceAck, parseAck } from '../../exchange/store-files';
import { listStoreFiles, type StoreFile } from './store-folder';

export interface StoreReading {
  itemFile: { name: string; tableAction: 'initialize' | 'update'; records: ParsedItemRecord[] } | null;
  acks: Array<{ name: string; ack: MaintenanceAck }>;
  invoiceFiles: Array<{ name: string; invoices: Invoice[] }>;
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
  since: { ackFile: string | null; importStamp: string | null },
): Promise<StoreReading> {
  const files = await listStoreFiles(fromDir, siteNo);
  const newestItem = files.filter((f) => f.kind === 'ITT').at(-1);
  let itemFile: StoreReading['itemFile'] = null;
  if (newestItem) {
    const parsed = await read(newestItem, parseNaxml);
    if (!parsed.items)
      throw new StoreFileError(newestItem.name, new Error('the file has no ItemMaintenance table'));
    itemFile = {
      name: newestItem.name,
      tableAction: parsed.items.tableAction,
      records: parsed.items.records,
    };
  }
  const acks: StoreReading['acks'] = [];
  for (const f of files.filter((x) => x.kind === 'ACK' && (!since.ackFile || x.name > since.ackFile)))
    acks.push({ name: f.name, ack: await read(f, parseAck) });
  const invoiceFiles: StoreReading['invoiceFiles'] = [];
  // Invoices already imported are skipped by their key; the cut-off only spares re-reading old files.
  for (const f of files.filter(
    (x) => x.kind === 'INV' && (!since.importStamp || x.stamp >= since.importStamp),
  ))
    invoiceFiles.push({ name: f.name, invoices: await read(f, parseInvoiceFile) });
  return { itemFile, acks, invoiceFiles };
}
