/**
 * A test-only pause at a named point of background work, so a test can kill the real server
 * process at a known moment (server/test/dts-crash.test.ts). Set `CPB_TEST_PAUSE=<point>:<ms>`
 * (e.g. `dts-after-file:3000`: each Distribute to Sites task waits 3 s after writing its file,
 * before marking its rows). Unset, or with NODE_ENV=production, it does nothing.
 */
export type PausePoint = 'dts-after-file';

function pauseMs(point: PausePoint, env: NodeJS.ProcessEnv): number {
  if (env.NODE_ENV === 'production') return 0;
  const m = /^([a-z-]+):(\d+)$/.exec(env.CPB_TEST_PAUSE?.trim() ?? '');
  return m && m[1] === point ? Number(m[2]) : 0;
}

/** Waits the configured time at `point`; resolves at once unless CPB_TEST_PAUSE names it. */
export async function testPause(point: PausePoint, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const ms = pauseMs(point, env);
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
}
