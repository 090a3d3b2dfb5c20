/**
 * The server's "now" for business-day decisions: what day today is in the business time zone
 * (effective dates of Set Price and the calendar, an undo's slot) and which pricing events are due
 * (the scheduler, /runCurrentPricingEvents). Normally the real time.
 *
 * Test-only: `CPB_TEST_NOW=<ISO instant with a zone>` (e.g. `2031-01-15T10:00:00-06:00`) starts
 * this process's clock at that instant, and it runs on from there at the real pace (real time
 * shifted by a fixed amount), so a journey can run on a known weekday whatever the machine's date
 * (e2e/pricing-event-calendar.spec.ts). With NODE_ENV=production it is ignored; any other value
 * that is not such an instant stops the server at start (a typo must not run on the real date).
 * Record times (history, sessions, files) stay the database's and the machine's.
 */

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** How far the test clock is ahead of the real time (ms; negative: behind); 0 without CPB_TEST_NOW. */
export function testClockShiftMs(env: NodeJS.ProcessEnv = process.env, realNow = Date.now()): number {
  const text = env.CPB_TEST_NOW?.trim();
  if (!text || env.NODE_ENV === 'production') return 0;
  const at = INSTANT.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) {
    throw new Error(
      `CPB_TEST_NOW: '${text}' is not an instant with a zone (such as 2031-01-15T10:00:00-06:00).`,
    );
  }
  return at - realNow;
}

/** A clock: the real time shifted by `testClockShiftMs(env)` (computed once, when it is made). */
export function createClock(env: NodeJS.ProcessEnv = process.env, real: () => number = Date.now): () => Date {
  const shift = testClockShiftMs(env, real());
  return () => new Date(real() + shift);
}

/** This process's clock (CPB_TEST_NOW is read once, when the server starts). */
export const now: () => Date = createClock();

/** Whether CPB_TEST_NOW sets this process's clock (the server says so when it starts). */
export const onTestClock = (env: NodeJS.ProcessEnv = process.env): boolean =>
  Boolean(env.CPB_TEST_NOW?.trim()) && env.NODE_ENV !== 'production';
