/**
 * Outside Updates' calls (spec part 2 §7; docs/api-outside-updates.md). POST
 * /zoneImpactedSitesForSelectedItems/{user} is Item Adjustment's coverage call, shared by both
 * screens (features/item-adjust/routes.ts).
 */
import { ouCalls as c, msg } from '@cpb/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, root } from '../../lib/errors';
import { route } from '../../lib/route';
import { assertZone, requireUser } from '../auth/guard';
import type { OutsideUpdatesService } from './service';

/**
 * The spec's message for a call that failed for a reason of the server's own (a database error):
 * logged in full, answered as 500 with the screen's text. Refusals (AppError) pass unchanged.
 */
async function orSpecError<T>(
  req: FastifyRequest,
  code: 'APPLY_OU_FAILED' | 'SITE_IMPACTS_FAILED',
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    req.log.error({ err }, msg(code));
    throw new AppError('INTERNAL', msg(code));
  }
}

export async function outsideUpdateRoutes(
  app: FastifyInstance,
  opts: { services: { db: Db; outsideUpdates: OutsideUpdatesService } },
) {
  const { db, outsideUpdates: ou } = opts.services;
  const userOf = (req: FastifyRequest) => {
    const u = requireUser(req);
    return { userId: u.userId, user: u.userName };
  };

  // Declared before /outsideupdates/:user/:zone, which would otherwise read it as a zone.
  route(app, c.itemCostPerVendor, async (req) => {
    await assertZone(db, req, req.query.ZoneSetupID);
    return root(await ou.itemCostPerVendor(req.query.ZoneSetupID, req.query));
  });

  route(
    app,
    c.list,
    // The answer is the service's JSON text, sent as it is: not checked against its schema at run
    // time (with 10,000 roots and 50,000 included rows that check alone took 80-220 ms, see
    // bench/README.md "Outside Updates"). The presenter's types are the schema's and the API tests
    // parse the answers with the strict schema; the schema still documents the call.
    async (req, reply) => {
      const q = req.query;
      if (q.impactedZoneSetupID !== undefined) await assertZone(db, req, q.impactedZoneSetupID);
      const text = await ou.listJson({
        ...userOf(req),
        zoneId: req.params.zone,
        impactedZoneId: q.impactedZoneSetupID,
        includeTotalCount: q.includeTotalCount,
      });
      return reply.type('application/json; charset=utf-8').send(text as never);
    },
  );

  route(app, c.itemAction, async (req) => {
    const b = req.body;
    await assertZone(db, req, b.ZoneSetupID);
    return root(await ou.setItemActions({ zoneId: b.ZoneSetupID, action: b.Action, items: b.items }));
  });

  route(app, c.apply, async (req) => {
    const { actionItem, updatedMasterItem } = req.body;
    await assertZone(db, req, actionItem.ZoneSetupID);
    const zoneId = actionItem.ZoneSetupID;
    const edits = updatedMasterItem ?? [];
    return root(
      await orSpecError(req, 'APPLY_OU_FAILED', () =>
        ou.apply({ ...userOf(req), zoneId, items: actionItem.items, edits }),
      ),
    );
  });

  route(app, c.updateMasterItemList, async (req) => {
    await assertZone(db, req, req.body.ZoneSetupID);
    const b = req.body;
    return root(
      await ou.updateMasterItems({
        userId: requireUser(req).userId,
        zoneId: b.ZoneSetupID,
        action: b.Action,
        edits: b.Items,
      }),
    );
  });

  route(app, c.coverage, async (req) => {
    await assertZone(db, req, req.body.ZoneSetupID);
    const { ZoneSetupID, SelectedItems } = req.body;
    return root(await orSpecError(req, 'SITE_IMPACTS_FAILED', () => ou.coverage(ZoneSetupID, SelectedItems)));
  });

  // The guard checks {zone} against the signed-in user's zones (403 otherwise).
  route(app, c.negotiatedCosts, async (req) => root(await ou.negotiatedCosts(req.params.zone)));

  route(app, c.siteItemsUsage, async (req) => {
    await assertZone(db, req, req.body.ZoneSetupID);
    return root(await ou.siteItemsUsage(req.body.ZoneSetupID, req.body.SelectedItems));
  });
}
