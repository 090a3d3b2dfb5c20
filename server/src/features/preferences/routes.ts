/** The signed-in user's preference flags (what the page may enable; the server checks again). */
import { maskToForm, preferenceCalls } from '@cpb/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { preferences } from '../../db/schema';
import { root } from '../../lib/errors';
import { route } from '../../lib/route';
import { requireUser } from '../auth/guard';
import { loadPrefMask } from '../auth/prefs';

export async function preferenceRoutes(app: FastifyInstance, opts: { services: { db: Db } }) {
  const { db } = opts.services;
  const answer = async (req: FastifyRequest) => {
    const user = requireUser(req);
    const mask = await loadPrefMask(db, user.userId);
    const stored = await db.select().from(preferences).where(eq(preferences.userId, user.userId));
    return root({
      Mask: mask,
      Flags: maskToForm(mask),
      Prefs: stored
        .filter((p) => p.prefId <= 6)
        .map((p) => ({ PrefID: p.prefId, PrefValue: Boolean(p.prefValue) })),
      CostCompareVariance: stored.find((p) => p.prefId === 7)?.prefInt ?? 0,
    });
  };
  route(app, preferenceCalls.userPreferences, answer);
  route(app, preferenceCalls.preferences, answer);
}
