/**
 * CSV exports opened in a spreadsheet: a cell that starts like a formula (`=`, `+`, `-`, `@`,
 * tab or carriage return) would be evaluated (CSV/formula injection). Such a cell is written
 * with a leading apostrophe so the spreadsheet reads it as text. A plain number ('-1.50',
 * '+3') is not a formula and stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
/** What a spreadsheet skips before it looks for a formula: spaces, line feeds, other controls. */
const isBlank = (c: number) =>
  c <= 0x20 || c === 0xa0 || (c >= 0x2000 && c <= 0x200b) || c === 0x3000 || c === 0xfeff;
const withoutLeadingBlanks = (text: string) => {
  let i = 0;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  return text.slice(i);
};

/**
 * The text of one CSV cell, defused: `=SUM(A1)` -> `'=SUM(A1)`; also when blanks come first
 * (` =SUM(A1)`, `\n=SUM(A1)`), since spreadsheets skip them.
 */
export function csvSafeCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const start = withoutLeadingBlanks(text);
  const formula = /^[\t\r]/.test(text) || (FORMULA_START.test(start) && !PLAIN_NUMBER.test(start));
  return formula ? `'${text}` : text;
}
