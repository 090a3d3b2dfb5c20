/**
 * The signed-in user's preferences (spec part 2 §7 "Preferences"; docs/api.md): read the flags and
 * the Cost Compare Variance, set them. What the flags gate is checked by each call that they gate
 * (docs/gates.md).
 */
import { preferenceCalls as c } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { root } from '../../lib/errors';
import { route } from '../../lib/route';
import { requireUser } from '../auth/guard';
import { readPreferenceInt, readPreferences, writePreferenceInt, writePreferences } from './store';

export async function preferenceRoutes(app: FastifyInstance, opts: { services: { db: Db } }) {
  const { db } = opts.services;
  route(app, c.preferences, async (req) =>
    root(await readPreferences(db, requireUser(req).userId, req.body.PrefID)),
  );
  route(app, c.preferencesInt, async (req) => root(await readPreferenceInt(db, requireUser(req).userId)));
  route(app, c.setPreference, async (req) => {
    const { userId } = requireUser(req);
    return root(
      await db.transaction(async (tx) => {
        await writePreferences(tx, userId, req.body);
        return readPreferences(tx, userId);
      }),
    );
  });
  route(app, c.setPreferenceInt, async (req) => {
    const { userId } = requireUser(req);
    await writePreferenceInt(db, userId, req.body.PrefValue, req.body.PrefString);
    return root(await readPreferenceInt(db, userId));
  });
}
