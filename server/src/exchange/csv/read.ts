/**
 * The project's one CSV reader (STACK: papaparse): RFC 4180 text (`,`, `"` quoting, CRLF or LF),
 * a header row checked against the layout's columns, each data row checked by a zod row schema.
 * Every fault names the line it is on (a row's first line; quoted fields may span lines), so a
 * file can be refused whole with the line of its first fault.
 */
import Papa from 'papaparse';
import type { z } from 'zod';
import { LoopTurns, mapInTurns } from '../../lib/loop-turns';

export class CsvFormatError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvFormatError';
  }
}

type CsvRow = { line: number; fields: string[] };

/** Rows of fields, each with the line it starts on; blank lines are left out. */
export function csvRows(text: string): CsvRow[] {
  const c = rowCollector(text);
  Papa.parse<string[]>(c.body, { header: false, skipEmptyLines: false, step: c.step });
  return c.rows();
}

/** As csvRows, giving the event loop a turn every few milliseconds (the server's reads). */
export function csvRowsInTurns(text: string): Promise<CsvRow[]> {
  const c = rowCollector(text);
  const turns = new LoopTurns();
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(c.body, {
      header: false,
      skipEmptyLines: false,
      step: (r, parser) => {
        c.step(r);
        if (!turns.due) return;
        parser.pause();
        void turns.turn().then(() => parser.resume());
      },
      complete: () => {
        try {
          resolve(c.rows());
        } catch (e) {
          reject(e);
        }
      },
    });
  });
}

/** Collects Papa's rows with their lines; `rows()` throws the first fault. */
function rowCollector(text: string) {
  const body = text.replace(/^\uFEFF/, '');
  const out: CsvRow[] = [];
  let at = 0;
  let line = 1;
  let fault: CsvFormatError | null = null;
  return {
    body,
    step: (r: Papa.ParseStepResult<string[]>) => {
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
    rows: (): CsvRow[] => {
      if (fault) throw fault;
      return out;
    },
  };
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
  return dataRows(csvRows(text), layout).map((r) => rowOf(r, layout));
}

/** As readCsv, giving the event loop a turn every few milliseconds (the server's reads). */
export async function readCsvInTurns<S extends z.ZodType>(
  text: string,
  layout: CsvLayout<S>,
): Promise<{ line: number; row: z.output<S> }[]> {
  return mapInTurns(dataRows(await csvRowsInTurns(text), layout), (r) => rowOf(r, layout));
}

/** The rows after the header, once the header is checked. */
function dataRows(rows: CsvRow[], layout: CsvLayout<z.ZodType>): CsvRow[] {
  if (!rows.length) throw new CsvFormatError('the file is empty', 1);
  const header = rows[0].fields.map((h) => h.trim().toLowerCase());
  if (header.join(',') !== layout.header.join(','))
    throw new CsvFormatError(`the header must be ${layout.header.join(',')}`, rows[0].line);
  return rows.slice(1);
}

/** One data row checked and converted by the layout's row schema. */
function rowOf<S extends z.ZodType>(
  { line, fields }: CsvRow,
  layout: CsvLayout<S>,
): { line: number; row: z.output<S> } {
  if (fields.length !== layout.header.length)
    throw new CsvFormatError(`${fields.length} fields, expected ${layout.header.length}`, line);
  const record = Object.fromEntries(layout.header.map((h, i) => [h, fields[i].trim()]));
  const parsed = layout.row.safeParse(record);
  if (!parsed.success) throw new CsvFormatError(parsed.error.issues[0].message, line);
  return { line, row: parsed.data };
}

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** CSV text of a header and rows (CRLF, quoting what needs it). */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${[header, ...rows].map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;
}
