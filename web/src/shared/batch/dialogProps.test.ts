import { describe, expect, it } from 'vitest';
import { todayIso } from './dialogProps';

describe('todayIso', () => {
  // 2026-11-23 20:30 UTC: still the 23rd in Chicago, already the 24th on Kiritimati (UTC+14).
  const instant = new Date('2026-11-23T20:30:00Z');

  it('is the day in the business time zone, whatever the browser says', () => {
    expect(todayIso('America/Chicago', instant)).toBe('2026-11-23');
    expect(todayIso('Pacific/Kiritimati', instant)).toBe('2026-11-24');
  });
});
