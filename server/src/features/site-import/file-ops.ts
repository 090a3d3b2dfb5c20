/**
 * What the store-file reader thread does with one file (file-reader-thread.mjs): read it, parse it
 * as its kind, and hand back a head and a list, the list in parts so that the server's thread
 * takes each part in a few milliseconds. A file that is not the document it should be fails with
 * a FileFormatError (its message names the line); any other failure (the file is gone, the disk)
 * is an ordinary error.
 */
import fs from 'node:fs/promises';
import { type Invoice, readInvoiceFile } from '../../exchange/csv/invoice-file';
import { type ParsedItemRecord, readNaxml } from '../../exchange/naxml/naxml-read';
import { type AckRefusal, type MaintenanceAck, readAck } from '../../exchange/naxml/store-files';

/** What each kind of file reads as: a head and a list. */
export interface FileReadings {
  itt: { head: { tableAction: 'initialize' | 'update' }; list: ParsedItemRecord[] };
  ack: { head: Omit<MaintenanceAck, 'refused'>; list: AckRefusal[] };
  inv: { head: null; list: Invoice[] };
}

export type FileOp = keyof FileReadings;

/** A file whose content was refused: the message names what and where (the line). */
export class FileFormatError extends Error {}

/** A file's reading, with the size of the parts its list is handed over in. */
type OpResult = FileReadings[FileOp] & { part: number };

/** Reads and parses one file; throws FileFormatError when its content is refused. */
export async function runFileOp(op: FileOp, file: string): Promise<OpResult> {
  const text = await fs.readFile(file, 'utf8');
  try {
    return await parse(op, text);
  } catch (e) {
    throw new FileFormatError((e as Error).message);
  }
}

async function parse(op: FileOp, text: string): Promise<OpResult> {
  if (op === 'itt') {
    const doc = await readNaxml(text);
    if (!doc.items) throw new Error('the file has no ItemMaintenance table');
    return { head: { tableAction: doc.items.tableAction }, list: doc.items.records, part: 1_000 };
  }
  if (op === 'ack') {
    const { refused, ...ack } = await readAck(text);
    if (!ack.file) throw new Error('the acknowledgement names no MaintenanceFile');
    return { head: ack, list: refused, part: 2_000 };
  }
  // Invoices carry their lines: a few at a time.
  return { head: null, list: await readInvoiceFile(text), part: 20 };
}
