/**
 * The Current Prices Report (spec part 2; docs/api.md "Current Prices Report"). The report's path
 * has no zone or user segment: the body's zone goes through the same zone check as every call.
 */
import { currentPricesCalls as c, currentPricesCriteriaSchema, msg } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, root } from '../../lib/errors';
import { route } from '../../lib/route';
import { assertZone, requireUser } from '../auth/guard';
import { applyCurrentPrices, undoCurrentPrices } from './apply';
import { lastApply } from './last-apply';
import { currentPricesReport } from './report';

export async function currentPricesRoutes(app: FastifyInstance, opts: { services: { db: Db } }) {
  const { db } = opts.services;
  route(app, c.report, async (req) => {
    await assertZone(db, req, req.body.ZoneSetupID);
    const parsed = currentPricesCriteriaSchema.safeParse(req.body.clientCriterias);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      throw new AppError('VALIDATION', `${where}${issue.message || msg('CORRECT_REQUIRED_FIELDS')}`);
    }
    return root(await currentPricesReport(db, req.body.ZoneSetupID, parsed.data));
  });
  route(app, c.apply, async (req) => {
    const user = requireUser(req);
    const b = req.body;
    return root(
      await applyCurrentPrices(db, {
        user: user.userName,
        userId: user.userId,
        zoneId: b.ZoneSetupID,
        items: b.Items,
      }),
    );
  });
  // The zone segment is checked by the guard (the user's zones only).
  route(app, c.lastApply, async (req) =>
    root(await lastApply(db, { user: requireUser(req).userName, zoneId: req.params.zone })),
  );
  route(app, c.undo, async (req) => {
    const user = requireUser(req);
    const b = req.body;
    return root(
      await undoCurrentPrices(db, {
        user: user.userName,
        userId: user.userId,
        zoneId: b.ZoneSetupID,
        items: b.Items,
      }),
    );
  });
}
