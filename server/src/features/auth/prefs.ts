import { prefsToMask } from '@cpb/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preferences } from '../../db/schema';

/** The user's preference flags as the bit mask of RULES.md (server-side permission checks). */
export async function loadPrefMask(ex: Executor, userId: number): Promise<number> {
  const found = await ex.select().from(preferences).where(eq(preferences.userId, userId));
  return prefsToMask(
    found.filter((p) => p.prefId <= 6).map((p) => ({ PrefID: p.prefId, PrefValue: p.prefValue })),
  );
}
