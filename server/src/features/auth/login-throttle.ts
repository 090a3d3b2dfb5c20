/**
 * Failed sign-ins lock a user name in two ways, kept in the database so several instances agree:
 * - per (user name, address): LOGIN_MAX_FAILURES failures lock that pair;
 * - per user name from any address: LOGIN_MAX_NAME_FAILURES failures lock the name itself, so
 *   rotating addresses (or a forged X-Forwarded-For) does not buy more guesses.
 * Both locks last LOGIN_LOCK_SECONDS, which is also the window failures are counted in.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginFailures } from '../../db/schema';

export interface ThrottleOptions {
  maxFailures: number;
  lockSeconds: number;
}

export interface LoginThrottleOptions {
  /** Failures of one name from one address before that pair is locked. */
  maxFailures: number;
  /** Failures of one name from any address before the name is locked. */
  maxNameFailures: number;
  lockSeconds: number;
}

const normal = (userName: string) => userName.trim().toLowerCase();
export const throttleKey = (userName: string, ip: string) => `${normal(userName)}|${ip}`;
/** The per-name counter; no address is `*`, so it cannot clash with a pair key. */
export const nameThrottleKey = (userName: string) => `${normal(userName)}|*`;

/** Seconds left on a lock, or 0 when sign-in may be tried. */
export async function lockedFor(ex: Executor, key: string): Promise<number> {
  const [row] = await ex.select().from(loginFailures).where(eq(loginFailures.key, key));
  if (!row?.lockedUntil) return 0;
  const left = Math.ceil((row.lockedUntil.getTime() - Date.now()) / 1000);
  return Math.max(left, 0);
}

export async function recordFailure(ex: Executor, key: string, opts: ThrottleOptions): Promise<void> {
  const windowSql = sql`now() - make_interval(secs => ${opts.lockSeconds})`;
  await ex
    .insert(loginFailures)
    .values({ key, failures: 1, windowStart: sql`now()` as unknown as Date })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.windowStart} < ${windowSql} or ${loginFailures.lockedUntil} < now() then 1 else ${loginFailures.failures} + 1 end`,
        windowStart: sql`case when ${loginFailures.windowStart} < ${windowSql} or ${loginFailures.lockedUntil} < now() then now() else ${loginFailures.windowStart} end`,
        lockedUntil: sql`null`,
      },
    });
  await ex
    .update(loginFailures)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${opts.lockSeconds})` })
    .where(sql`${loginFailures.key} = ${key} and ${loginFailures.failures} >= ${opts.maxFailures}`);
}

export async function clearFailures(ex: Executor, key: string): Promise<void> {
  await ex.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** Both counters of one sign-in attempt. */
export function loginThrottle(ex: Executor, opts: LoginThrottleOptions) {
  return {
    /** Seconds left on the longer of the two locks, or 0. */
    async lockedFor(userName: string, ip: string): Promise<number> {
      const [pair, name] = await Promise.all([
        lockedFor(ex, throttleKey(userName, ip)),
        lockedFor(ex, nameThrottleKey(userName)),
      ]);
      return Math.max(pair, name);
    },
    async failed(userName: string, ip: string): Promise<void> {
      await recordFailure(ex, throttleKey(userName, ip), {
        maxFailures: opts.maxFailures,
        lockSeconds: opts.lockSeconds,
      });
      await recordFailure(ex, nameThrottleKey(userName), {
        maxFailures: opts.maxNameFailures,
        lockSeconds: opts.lockSeconds,
      });
    },
    async succeeded(userName: string, ip: string): Promise<void> {
      await ex
        .delete(loginFailures)
        .where(inArray(loginFailures.key, [throttleKey(userName, ip), nameThrottleKey(userName)]));
    },
  };
}
