import { describe, expect, it } from 'vitest';
import { createClock, onTestClock, testClockShiftMs } from './clock';

const REAL = Date.parse('2026-11-26T13:00:00Z');

describe('clock', () => {
  it('is the real time without CPB_TEST_NOW', () => {
    expect(testClockShiftMs({}, REAL)).toBe(0);
    expect(testClockShiftMs({ CPB_TEST_NOW: '  ' }, REAL)).toBe(0);
    expect(createClock({}, () => REAL)().toISOString()).toBe('2026-11-26T13:00:00.000Z');
    expect(onTestClock({})).toBe(false);
  });

  it('starts at CPB_TEST_NOW and runs on at the real pace', () => {
    let real = REAL;
    const clock = createClock({ CPB_TEST_NOW: '2031-01-15T10:00:00-06:00' }, () => real);
    expect(clock().toISOString()).toBe('2031-01-15T16:00:00.000Z');
    real += 90_000;
    expect(clock().toISOString()).toBe('2031-01-15T16:01:30.000Z');
    // Behind the real time works the same way.
    expect(testClockShiftMs({ CPB_TEST_NOW: '2026-11-26T12:00:00Z' }, REAL)).toBe(-3_600_000);
    expect(onTestClock({ CPB_TEST_NOW: '2031-01-15T10:00:00Z' })).toBe(true);
  });

  it('is ignored with NODE_ENV=production', () => {
    const env = { CPB_TEST_NOW: '2031-01-15T10:00:00Z', NODE_ENV: 'production' };
    expect(testClockShiftMs(env, REAL)).toBe(0);
    expect(createClock(env, () => REAL)().toISOString()).toBe('2026-11-26T13:00:00.000Z');
    expect(onTestClock(env)).toBe(false);
  });

  it('refuses a value that is not an instant with a zone', () => {
    for (const bad of ['2031-01-15', '2031-01-15T10:00:00', 'tomorrow', '2031-13-45T10:00:00Z']) {
      expect(() => testClockShiftMs({ CPB_TEST_NOW: bad }, REAL), bad).toThrow(/CPB_TEST_NOW/);
    }
  });
});
