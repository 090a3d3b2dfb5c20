/**
 * The store's vendor invoice file (docs/store-sim.md "Invoice file"): `INV<site><stamp>.csv` in
 * from-site/, comma-separated, RFC 4180 quoting, a header row, one row per invoice line:
 *   invoice_no,invoice_date,vendor_id,line_no,item_id,pack_size,description,quantity,unit_cost
 * Rows of one invoice share invoice_no, invoice_date and vendor_id. A malformed file is rejected as
 * a whole with the line of the first fault.
 */

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

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function buildInvoiceFile(invoices: Invoice[]): string {
  const rows = [INVOICE_HEADER.join(',')];
  for (const inv of invoices)
    for (const l of inv.lines)
      rows.push(
        [
          inv.invoiceNo,
          inv.invoiceDate,
          inv.vendorId,
          String(l.lineNo),
          l.itemId,
          String(l.packSize),
          l.description ?? '',
          l.quantity,
          l.unitCost,
        ]
          .map(quote)
          .join(','),
      );
  return `${rows.join('\r\n')}\r\n`;
}

/** Splits CSV text into rows of fields, each with the line it starts on. */
function csvRows(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const endRow = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
      i++;
      continue;
    }
    if (c === '"') {
      if (field !== '') throw new InvoiceFormatError('a quote inside an unquoted field', line);
      quoted = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      endRow();
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      rowLine = line;
    } else field += c;
    i++;
  }
  if (quoted) throw new InvoiceFormatError('a quoted field is not closed (truncated?)', rowLine);
  if (field !== '' || fields.length) endRow();
  return rows;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (d: string) => DATE.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

export function parseInvoiceFile(text: string): Invoice[] {
  const rows = csvRows(text.replace(/^\uFEFF/, ''));
  if (!rows.length) throw new InvoiceFormatError('the file is empty', 1);
  const header = rows[0].fields.map((h) => h.trim().toLowerCase());
  if (header.join(',') !== INVOICE_HEADER.join(','))
    throw new InvoiceFormatError(`the header must be ${INVOICE_HEADER.join(',')}`, rows[0].line);
  const invoices = new Map<string, Invoice>();
  for (const { line, fields } of rows.slice(1)) {
    if (fields.length !== INVOICE_HEADER.length)
      throw new InvoiceFormatError(`${fields.length} fields, expected ${INVOICE_HEADER.length}`, line);
    const [invoiceNo, invoiceDate, vendorId, lineNo, itemId, packSize, description, quantity, unitCost] =
      fields.map((f) => f.trim());
    const fail = (m: string) => {
      throw new InvoiceFormatError(m, line);
    };
    if (!invoiceNo) fail('invoice_no is empty');
    if (!validDate(invoiceDate)) fail(`invoice_date '${invoiceDate}' is not a yyyy-MM-dd date`);
    if (!vendorId) fail('vendor_id is empty');
    if (!/^\d{1,6}$/.test(lineNo)) fail(`line_no '${lineNo}' is not a whole number`);
    if (!itemId) fail('item_id is empty');
    if (!/^\d{1,9}$/.test(packSize) || Number(packSize) < 1)
      fail(`pack_size '${packSize}' is not a whole number >= 1`);
    if (!/^\d{1,9}(\.\d{1,3})?$/.test(quantity)) fail(`quantity '${quantity}' is not a quantity`);
    if (!/^\d{1,9}(\.\d{1,4})?$/.test(unitCost)) fail(`unit_cost '${unitCost}' is not a cost`);
    const key = `${vendorId}\u0000${invoiceNo}`;
    let inv = invoices.get(key);
    if (!inv) {
      inv = { invoiceNo, invoiceDate, vendorId, lines: [] };
      invoices.set(key, inv);
    } else if (inv.invoiceDate !== invoiceDate) fail(`invoice ${invoiceNo} has two dates`);
    if (inv.lines.some((l) => l.lineNo === Number(lineNo)))
      fail(`invoice ${invoiceNo} repeats line ${lineNo}`);
    inv.lines.push({
      lineNo: Number(lineNo),
      itemId,
      packSize: Number(packSize),
      description: description || null,
      quantity,
      unitCost,
    });
  }
  return [...invoices.values()];
}
