/**
 * Calendar dates as ISO strings 'YYYY-MM-DD'. No clock is read here: "today" is
 * always a parameter, so a preview and the server agree on it.
 */

/** The default and sentinel effective / expiration date. */
export const SENTINEL_DATE = '1980-01-01';

function isRealDate(y: number, m: number, d: number): boolean {
  if (y < 1000 || m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Reads a typed date: 'YYYY-MM-DD' (with an optional time part, which is
 * dropped), 'MM/DD/YYYY' or 'MM-DD-YYYY' (both forms the spec shows). Returns the
 * ISO date, or null when it is not a real calendar date.
 */
export function parseDateInput(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return isRealDate(y, mo, d) ? iso(y, mo, d) : null;
  }
  m = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/.exec(t);
  if (m) {
    const [mo, d, y] = [Number(m[1]), Number(m[3]), Number(m[4])];
    return isRealDate(y, mo, d) ? iso(y, mo, d) : null;
  }
  return null;
}

/** Day of the week of an ISO date: 0 Sunday ... 6 Saturday. */
export function dayOfWeek(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function isWeekend(isoDate: string): boolean {
  const d = dayOfWeek(isoDate);
  return d === 0 || d === 6;
}

/** The same day `months` later (clamped to the month's last day): 2025-01-31 + 1 -> 2025-02-28. */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return iso(ny, nm, Math.min(d, last));
}

/** Writes an ISO date as the spec displays it: MM/DD/YYYY (or MM-DD-YYYY with sep '-'). */
export function formatUsDate(isoDate: string, sep: '/' | '-' = '/'): string {
  const [y, m, d] = isoDate.split('-');
  return `${m}${sep}${d}${sep}${y}`;
}
