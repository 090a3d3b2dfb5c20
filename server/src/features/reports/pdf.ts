/**
 * Tabular reports as PDF (pdfmake with the standard Helvetica font: no font files, no network),
 * built in a worker thread (`pdf-worker.mjs`) so a long report never blocks the event loop: other
 * users' calls and /healthz answer while it is laid out. One worker, started on first use, takes
 * the reports in turn; a crashed worker fails its pending reports and is replaced on the next one.
 */
import { Worker } from 'node:worker_threads';
import { formatUsDateTime } from '@cpb/domain';

export interface ReportColumn {
  field: string;
  header: string;
  /** Right-aligned (numbers and money). */
  numeric?: boolean;
  /** Width in points, or '*' to take the room left (wraps); the content's width by default. */
  width?: number | '*';
}

/** Emphasis of one cell: a changed value in bold, a flag in colour. */
export interface ReportCellStyle {
  bold?: boolean;
  italics?: boolean;
  /** A CSS hex colour, e.g. '#b00020'. */
  color?: string;
}

/** A cell given with its emphasis (a plain value is drawn as it is). */
export interface StyledCell extends ReportCellStyle {
  text: string;
}

/** How a whole row is drawn: a background (a group's first row), its first cell indented. */
export interface ReportRowStyle {
  /** A CSS hex colour. */
  fill?: string;
  /** Points the first cell is moved right (a row that belongs to the row above). */
  indent?: number;
  /** The first cell takes this many columns (the next ones' values are not drawn). */
  span?: number;
  color?: string;
}

export interface TableReport {
  title: string;
  subtitle?: string;
  /** A line under the subtitle (e.g. the stores a batch reaches). */
  note?: string;
  userName: string;
  columns: ReportColumn[];
  rows: Array<Record<string, unknown>>;
  /** Per row (same index), how it is drawn; none: plain. */
  rowStyles?: Array<ReportRowStyle | null>;
  /** Landscape or portrait; by default landscape for more than 7 columns. */
  orientation?: 'portrait' | 'landscape';
  /** Body font size in points (8 by default). */
  fontSize?: number;
  /** Points either side of each cell (a wide table's room); pdfmake's 4 by default. */
  cellPadding?: number;
  generatedAt?: Date;
  /** The business time zone the printing time is written in. */
  timeZone: string;
}

interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (err: Error) => void;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(err: Error) {
  worker = null;
  for (const p of pending.values()) p.reject(err);
  pending.clear();
}

function pdfWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./pdf-worker.mjs', import.meta.url));
  w.on('message', (m: { id: number; pdf?: Uint8Array; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.pdf) p.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
    else p.reject(new Error(`PDF report failed: ${m.error}`));
    if (pending.size === 0) w.unref();
  });
  w.on('error', (err) => failAll(err));
  w.on('exit', (code) => {
    if (worker === w) failAll(new Error(`PDF worker stopped (exit code ${code})`));
  });
  w.unref();
  worker = w;
  return w;
}

/** A plain cell's text, or a styled cell's. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'object' && 'text' in v) return String((v as StyledCell).text);
  return String(v);
}

export function renderTablePdf(r: TableReport): Promise<Buffer> {
  const id = nextId++;
  const w = pdfWorker();
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Referenced while reports are pending, so the process waits for them; unref'd when idle.
    w.ref();
    // The printing time is written here, in the business time zone, so the worker needs no rules.
    const printedAt = formatUsDateTime(r.generatedAt ?? new Date(), r.timeZone);
    w.postMessage({ id, report: { ...r, generatedAt: undefined, printedAt } });
  });
}
