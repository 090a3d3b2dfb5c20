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

/**
 * What a date field shows under itself (spec part 1 §5): 'Required.' when a required field is
 * empty, 'Invalid Date.' when the text is not a real MM/DD/YYYY date. Null when it reads.
 */
export function dateInputError(
  text: string | null | undefined,
  opts: { required?: boolean } = {},
): 'REQUIRED' | 'INVALID_DATE' | null {
  if ((text ?? '').trim() === '') return opts.required ? 'REQUIRED' : null;
  return parseDateInput(text) === null ? 'INVALID_DATE' : null;
}

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using one. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, f);
  }
  return f;
}

/** The parts of an instant on the wall clock of `timeZone` (an IANA name such as 'America/Chicago'). */
function zonedParts(instant: Date, timeZone: string) {
  const parts = zoneFormat(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    y: get('year'),
    m: get('month'),
    d: get('day'),
    h: get('hour') % 24,
    min: get('minute'),
    s: get('second'),
  };
}

/** The calendar day of an instant in `timeZone`, as ISO 'YYYY-MM-DD'. */
export function isoDateInZone(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return iso(p.y, p.m, p.d);
}

/**
 * An instant as a person in `timeZone` reads it: 'MM/DD/YYYY hh:mm AM' (the spec's date format
 * with a 12-hour clock).
 */
export function formatUsDateTime(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  const h12 = p.h % 12 === 0 ? 12 : p.h % 12;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatUsDate(iso(p.y, p.m, p.d))} ${pad(h12)}:${pad(p.min)} ${p.h < 12 ? 'AM' : 'PM'}`;
}

/** The instant at which the day `isoDate` begins (12:00 AM) in `timeZone`. */
export function startOfDayInZone(isoDate: string, timeZone: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  // The zone's offset at a moment: its wall clock read as UTC, less the moment itself.
  const offsetAt = (t: number) => {
    const p = zonedParts(new Date(t), timeZone);
    return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - t;
  };
  let t = wall - offsetAt(wall);
  t = wall - offsetAt(t);
  return new Date(t);
}
