/**
 * Repeated failed sign-ins for one user name from one address lock that pair for a while.
 * Kept in the database so several instances agree.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginFailures } from '../../db/schema';

export interface ThrottleOptions {
  maxFailures: number;
  lockSeconds: number;
}

export const throttleKey = (userName: string, ip: string) => `${userName.trim().toLowerCase()}|${ip}`;

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
