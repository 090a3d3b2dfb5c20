/**
 * The project's one CSV reader (STACK: papaparse): RFC 4180 text (`,`, `"` quoting, CRLF or LF),
 * a header row checked against the layout's columns, each data row checked by a zod row schema.
 * Every fault names the line it is on (a row's first line; quoted fields may span lines), so a
 * file can be refused whole with the line of its first fault.
 */
import Papa from 'papaparse';
import type { z } from 'zod';

export class CsvFormatError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvFormatError';
  }
}

/** Rows of fields, each with the line it starts on; blank lines are left out. */
export function csvRows(text: string): { line: number; fields: string[] }[] {
  const body = text.replace(/^\uFEFF/, '');
  const out: { line: number; fields: string[] }[] = [];
  let at = 0;
  let line = 1;
  let fault: CsvFormatError | null = null;
  Papa.parse<string[]>(body, {
    header: false,
    skipEmptyLines: false,
    step: (r) => {
      const end = r.meta.cursor;
      const rowLine = line;
      for (let i = at; i < end; i++) if (body.charCodeAt(i) === 10) line++;
      // A lone CR ends a line too (old Mac files); CRLF was counted by its LF.
      for (let i = at; i < end; i++) if (body.charCodeAt(i) === 13 && body.charCodeAt(i + 1) !== 10) line++;
      at = end;
      if (!fault && r.errors.length) {
        const e = r.errors[0];
        fault = new CsvFormatError(
          e.code === 'MissingQuotes' ? 'a quoted field is not closed (truncated?)' : e.message,
          rowLine,
        );
      }
      const fields = r.data;
      if (!(fields.length === 1 && fields[0] === '')) out.push({ line: rowLine, fields });
    },
  });
  if (fault) throw fault;
  return out;
}

export interface CsvLayout<S extends z.ZodType> {
  /** The header's column names, in order (compared trimmed and lower case). */
  header: readonly string[];
  /** Checks and converts one row, given as { column: text }. */
  row: S;
}

/** Reads a CSV file of the layout: its rows, converted, each with its line. */
export function readCsv<S extends z.ZodType>(
  text: string,
  layout: CsvLayout<S>,
): { line: number; row: z.output<S> }[] {
  const rows = csvRows(text);
  if (!rows.length) throw new CsvFormatError('the file is empty', 1);
  const header = rows[0].fields.map((h) => h.trim().toLowerCase());
  if (header.join(',') !== layout.header.join(','))
    throw new CsvFormatError(`the header must be ${layout.header.join(',')}`, rows[0].line);
  return rows.slice(1).map(({ line, fields }) => {
    if (fields.length !== layout.header.length)
      throw new CsvFormatError(`${fields.length} fields, expected ${layout.header.length}`, line);
    const record = Object.fromEntries(layout.header.map((h, i) => [h, fields[i].trim()]));
    const parsed = layout.row.safeParse(record);
    if (!parsed.success) throw new CsvFormatError(parsed.error.issues[0].message, line);
    return { line, row: parsed.data };
  });
}

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** CSV text of a header and rows (CRLF, quoting what needs it). */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${[header, ...rows].map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;
}
