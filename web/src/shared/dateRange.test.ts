import { describe, expect, it } from 'vitest';
import { lastDays, presetRange } from './dateRange';

describe('date-range presets (today counted as a day)', () => {
  const today = '2026-03-01';
  it.each([
    ['Today', '2026-03-01', '2026-03-01'],
    ['Yesterday', '2026-02-28', '2026-02-28'],
    ['Last 7 Days', '2026-02-23', '2026-03-01'],
    ['Last 30 Days', '2026-01-31', '2026-03-01'],
    ['Month to Date', '2026-03-01', '2026-03-01'],
    ['Last Year', '2025-01-01', '2025-12-31'],
  ] as const)('%s', (preset, start, end) => {
    expect(presetRange(preset, today)).toEqual({ start, end });
  });

  it("the report's default: the last 14 days; across a year end", () => {
    expect(lastDays(today, 14)).toEqual({ start: '2026-02-16', end: '2026-03-01' });
    expect(presetRange('Month to Date', '2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(presetRange('Last 7 Days', '2027-01-03')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
  });
});
