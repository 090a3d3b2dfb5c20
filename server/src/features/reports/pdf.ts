/**
 * Tabular reports as PDF (pdfmake with the standard Helvetica font: no font files, no network),
 * built in a worker thread (`pdf-worker.mjs`) so a long report never blocks the event loop: other
 * users' calls and /healthz answer while it is laid out. The workers are a pool shared fairly
 * between users (pdf-pool.ts): one running layout per user, users served in turn.
 */
import { formatUsDateTime } from '@cpb/domain';
import { layoutPdf } from './pdf-pool';

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

/** A plain cell's text, or a styled cell's. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'object' && 'text' in v) return String((v as StyledCell).text);
  return String(v);
}

/**
 * Lays the report out in the PDF pool (pdf-pool.ts), in `userName`'s turn: 429 at once when that
 * user already has too many reports running or waiting.
 */
export function renderTablePdf(r: TableReport): Promise<Buffer> {
  // The printing time is written here, in the business time zone, so the worker needs no rules.
  const printedAt = formatUsDateTime(r.generatedAt ?? new Date(), r.timeZone);
  return layoutPdf(r.userName, { id: 0, report: { ...r, generatedAt: undefined, printedAt } });
}
