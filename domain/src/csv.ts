/**
 * CSV exports opened in a spreadsheet: a cell that starts like a formula (`=`, `+`, `-`, `@`,
 * tab or carriage return) would be evaluated (CSV/formula injection). Such a cell is written
 * with a leading apostrophe so the spreadsheet reads it as text. A plain number ('-1.50',
 * '+3') is not a formula and stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** The text of one CSV cell, defused: `=SUM(A1)` -> `'=SUM(A1)`. */
export function csvSafeCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  if (!FORMULA_START.test(text) || PLAIN_NUMBER.test(text)) return text;
  return `'${text}`;
}
