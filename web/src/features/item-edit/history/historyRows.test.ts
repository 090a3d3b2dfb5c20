import { describe, expect, it } from 'vitest';
import { historyDate } from './historyRows';

describe('historyDate', () => {
  it('shows the date and the time of a change, on the user clock', () => {
    // Built from local parts, so the expectation holds in any time zone the tests run in.
    expect(historyDate(new Date(2026, 6, 1, 14, 5).toISOString())).toBe('07/01/2026 02:05 PM');
    expect(historyDate(new Date(2026, 0, 9, 0, 30).toISOString())).toBe('01/09/2026 12:30 AM');
  });

  it('leaves text that is not a date as it is', () => {
    expect(historyDate('unknown')).toBe('unknown');
  });
});
