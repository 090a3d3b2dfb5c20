/** The signed-in user's preference flags (what the page may enable; the server checks again). */
import { maskToForm, UserParams } from '@cpb/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { preferences } from '../../db/schema';
import { root } from '../../lib/errors';
import { requireUser } from '../auth/guard';
import { loadPrefMask } from '../auth/prefs';

export async function preferenceRoutes(app: FastifyInstance, opts: { services: { db: Db } }) {
  const { db } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
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
  const params = UserParams;
  r.get('/userPreferences/:user', { schema: { tags: ['preferences'], params } }, answer);
  r.post('/preferences/:user', { schema: { tags: ['preferences'], params } }, answer);
}
