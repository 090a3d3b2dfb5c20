import { describe, expect, it } from 'vitest';
import {
  dateInputError,
  formatUsDateTime,
  isoDateInZone,
  parseDateInput,
  startOfDayInZone,
} from '../src/dates';

describe('dateInputError (the text under a date field)', () => {
  it.each([
    ['', true, 'REQUIRED'],
    ['   ', true, 'REQUIRED'],
    ['', false, null],
    ['12/01/2026', true, null],
    ['2/3/2027', false, null],
    ['13/01/2026', false, 'INVALID_DATE'],
    ['02/30/2026', true, 'INVALID_DATE'],
    ['12/01', true, 'INVALID_DATE'],
    ['tomorrow', false, 'INVALID_DATE'],
  ] as const)('%j (required %s) -> %s', (text, required, expected) => {
    expect(dateInputError(text, { required })).toBe(expected);
  });

  it('reads MM/DD/YYYY as month first', () => {
    expect(parseDateInput('03/04/2026')).toBe('2026-03-04');
  });
});

describe('business time zone', () => {
  // 2026-07-01 03:30 UTC is still June 30 in Chicago (UTC-5 in summer) and July 1 in Berlin.
  const instant = new Date('2026-07-01T03:30:00Z');

  it('takes the calendar day of the zone, not of UTC', () => {
    expect(isoDateInZone(instant, 'America/Chicago')).toBe('2026-06-30');
    expect(isoDateInZone(instant, 'Europe/Berlin')).toBe('2026-07-01');
  });

  it('writes date and time as MM/DD/YYYY hh:mm AM/PM on the zone clock', () => {
    expect(formatUsDateTime(instant, 'America/Chicago')).toBe('06/30/2026 10:30 PM');
    expect(formatUsDateTime(instant, 'UTC')).toBe('07/01/2026 03:30 AM');
    expect(formatUsDateTime(new Date('2026-01-05T12:05:00Z'), 'UTC')).toBe('01/05/2026 12:05 PM');
    expect(formatUsDateTime(new Date('2026-01-05T00:00:00Z'), 'UTC')).toBe('01/05/2026 12:00 AM');
  });

  it('finds the instant a day starts in the zone, across daylight saving', () => {
    expect(startOfDayInZone('2026-01-15', 'America/Chicago').toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(startOfDayInZone('2026-07-15', 'America/Chicago').toISOString()).toBe('2026-07-15T05:00:00.000Z');
    // The day clocks spring forward (03/08/2026 in the US) still starts at local midnight.
    expect(startOfDayInZone('2026-03-08', 'America/Chicago').toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(startOfDayInZone('2026-07-15', 'UTC').toISOString()).toBe('2026-07-15T00:00:00.000Z');
  });
});
