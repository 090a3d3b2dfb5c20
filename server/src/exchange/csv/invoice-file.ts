/**
 * The store's vendor invoice file (docs/store-sim.md "Invoice file"): `INV<site><stamp>.csv` in
 * from-site/, comma-separated, RFC 4180 quoting, a header row, one row per invoice line:
 *   invoice_no,invoice_date,vendor_id,line_no,item_id,pack_size,description,quantity,unit_cost
 * Rows of one invoice share invoice_no, invoice_date and vendor_id. A malformed file is rejected as
 * a whole with the line of the first fault. Read by the project's one CSV reader (csv/read.ts).
 */
import { z } from 'zod';
import { eachInTurns } from '../../lib/loop-turns';
import { CsvFormatError, readCsv, readCsvInTurns, writeCsv } from './read';

export interface InvoiceLine {
  lineNo: number;
  itemId: string;
  packSize: number;
  description: string | null;
  /** Up to 3 decimals. */
  quantity: string;
  /** 4 decimals. */
  unitCost: string;
}

export interface Invoice {
  invoiceNo: string;
  /** yyyy-MM-dd */
  invoiceDate: string;
  vendorId: string;
  lines: InvoiceLine[];
}

export const INVOICE_HEADER = [
  'invoice_no',
  'invoice_date',
  'vendor_id',
  'line_no',
  'item_id',
  'pack_size',
  'description',
  'quantity',
  'unit_cost',
] as const;

export class InvoiceFormatError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'InvoiceFormatError';
  }
}

export function buildInvoiceFile(invoices: Invoice[]): string {
  return writeCsv(
    INVOICE_HEADER,
    invoices.flatMap((inv) =>
      inv.lines.map((l) => [
        inv.invoiceNo,
        inv.invoiceDate,
        inv.vendorId,
        String(l.lineNo),
        l.itemId,
        String(l.packSize),
        l.description ?? '',
        l.quantity,
        l.unitCost,
      ]),
    ),
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (d: string) => DATE.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** A text field that must pass `ok`; the message names the column and the value. */
const field = (ok: (v: string) => boolean, what: (v: string) => string) =>
  z.string().refine(ok, { error: (i) => what(String(i.input)) });

/** One invoice line row (the header's columns). */
const invoiceRow = z.object({
  invoice_no: field(
    (v) => v !== '',
    () => 'invoice_no is empty',
  ),
  invoice_date: field(validDate, (v) => `invoice_date '${v}' is not a yyyy-MM-dd date`),
  vendor_id: field(
    (v) => v !== '',
    () => 'vendor_id is empty',
  ),
  line_no: field(
    (v) => /^\d{1,6}$/.test(v),
    (v) => `line_no '${v}' is not a whole number`,
  ),
  item_id: field(
    (v) => v !== '',
    () => 'item_id is empty',
  ),
  pack_size: field(
    (v) => /^\d{1,9}$/.test(v) && Number(v) >= 1,
    (v) => `pack_size '${v}' is not a whole number >= 1`,
  ),
  description: z.string(),
  quantity: field(
    (v) => /^\d{1,9}(\.\d{1,3})?$/.test(v),
    (v) => `quantity '${v}' is not a quantity`,
  ),
  unit_cost: field(
    (v) => /^\d{1,9}(\.\d{1,4})?$/.test(v),
    (v) => `unit_cost '${v}' is not a cost`,
  ),
});

type InvoiceRow = ReturnType<typeof readCsv<typeof invoiceRow>>[number];

const layout = { header: INVOICE_HEADER, row: invoiceRow };

/** A CSV fault as the invoice file's own error. */
function asInvoiceError(e: unknown): never {
  if (e instanceof CsvFormatError) throw new InvoiceFormatError(e.message.replace(/^line \d+: /, ''), e.line);
  throw e;
}

/** Groups checked rows into invoices; a second date or a repeated line number is a fault. */
function invoiceGrouper() {
  const invoices = new Map<string, { inv: Invoice; lineNos: Set<number> }>();
  return {
    add({ line, row: r }: InvoiceRow) {
      const fail = (m: string) => {
        throw new InvoiceFormatError(m, line);
      };
      const key = `${r.vendor_id}\u0000${r.invoice_no}`;
      let got = invoices.get(key);
      if (!got) {
        got = {
          inv: { invoiceNo: r.invoice_no, invoiceDate: r.invoice_date, vendorId: r.vendor_id, lines: [] },
          lineNos: new Set(),
        };
        invoices.set(key, got);
      } else if (got.inv.invoiceDate !== r.invoice_date) fail(`invoice ${r.invoice_no} has two dates`);
      // A set, not a search of the lines so far: the check stays linear in the file.
      const lineNo = Number(r.line_no);
      if (got.lineNos.has(lineNo)) fail(`invoice ${r.invoice_no} repeats line ${r.line_no}`);
      got.lineNos.add(lineNo);
      got.inv.lines.push({
        lineNo,
        itemId: r.item_id,
        packSize: Number(r.pack_size),
        description: r.description || null,
        quantity: r.quantity,
        unitCost: r.unit_cost,
      });
    },
    invoices: () => [...invoices.values()].map((g) => g.inv),
  };
}

export function parseInvoiceFile(text: string): Invoice[] {
  let rows: InvoiceRow[];
  try {
    rows = readCsv(text, layout);
  } catch (e) {
    asInvoiceError(e);
  }
  const g = invoiceGrouper();
  for (const r of rows) g.add(r);
  return g.invoices();
}

/** As parseInvoiceFile, giving the event loop a turn every few milliseconds (the server's reads). */
export async function readInvoiceFile(text: string): Promise<Invoice[]> {
  const rows = await readCsvInTurns(text, layout).catch(asInvoiceError);
  const g = invoiceGrouper();
  await eachInTurns(rows, g.add);
  return g.invoices();
}
