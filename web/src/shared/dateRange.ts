/**
 * Date-range presets (spec part 2 §2, §5, §9 "Negotiated cost report"): Today, Yesterday, Last 7
 * Days, Last 30 Days, Month to Date, Last Year (the previous calendar year), and the report's
 * default, the last 14 days. Each counts today as one of its days; dates are ISO (YYYY-MM-DD).
 */
export const DATE_RANGE_PRESETS = [
  'Today',
  'Yesterday',
  'Last 7 Days',
  'Last 30 Days',
  'Month to Date',
  'Last Year',
] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

export interface IsoRange {
  start: string;
  end: string;
}

/** The ISO date `days` after (or before, when negative) `iso`. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The last `n` days, today included. */
export const lastDays = (today: string, n: number): IsoRange => ({
  start: addDays(today, 1 - n),
  end: today,
});

export function presetRange(preset: DateRangePreset, today: string): IsoRange {
  switch (preset) {
    case 'Today':
      return { start: today, end: today };
    case 'Yesterday': {
      const y = addDays(today, -1);
      return { start: y, end: y };
    }
    case 'Last 7 Days':
      return lastDays(today, 7);
    case 'Last 30 Days':
      return lastDays(today, 30);
    case 'Month to Date':
      return { start: `${today.slice(0, 8)}01`, end: today };
    case 'Last Year': {
      const year = Number(today.slice(0, 4)) - 1;
      return { start: `${year}-01-01`, end: `${year}-12-31` };
    }
  }
}
