/**
 * Pricing event calls: the zone's events (all, or the current ones for Set Price's list), the
 * calendar's edits, set prices, mergeFuturePricing, the bulk zonePricingEventsItems, the undo, and
 * /runCurrentPricingEvents (a GET that changes data: it needs the session's X-CSRF-Token).
 */
import { adjustCalls, msg, pricingEventCalls } from '@cpb/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { now } from '../../lib/clock';
import { root } from '../../lib/errors';
import { route } from '../../lib/route';
import { assertCsrfToken } from '../auth/csrf';
import { assertZone, requireUser } from '../auth/guard';
import type { Actor, PricingEventService } from './service';

/** The guard has already checked `{user}` and `{zone}`; a body's zone is checked here (or by beginWrite). */
export async function pricingEventRoutes(
  app: FastifyInstance,
  opts: {
    services: { db: Db; pricingEvents: PricingEventService };
  },
) {
  const { db, pricingEvents } = opts.services;
  const actor = (req: FastifyRequest): Actor => {
    const u = requireUser(req);
    return { userId: u.userId, userName: u.userName };
  };
  const c = pricingEventCalls;

  route(app, adjustCalls.zonePricingEvents, async (req) =>
    root(await pricingEvents.list(req.params.zone, { currentOnly: false })),
  );
  route(app, adjustCalls.currentPricingEvents, async (req) =>
    root(await pricingEvents.list(req.params.zone, { currentOnly: true })),
  );
  route(app, c.runCurrent, async (req) => {
    assertCsrfToken(req);
    const n = await pricingEvents.readyDue(now(), { userId: actor(req).userId });
    return root({ Count: n, Message: msg('EVENTS_READIED', { n }) });
  });
  route(app, c.update, async (req) => root(await pricingEvents.update(actor(req), req.body)));
  route(app, c.change, async (req) => root(await pricingEvents.changeDate(actor(req), req.body)));
  route(app, c.remove, async (req) => root(await pricingEvents.remove(actor(req), req.body)));
  route(app, c.items, async (req) => {
    await assertZone(db, req, req.body.ZoneSetupID);
    return root(await pricingEvents.items(req.body.ZoneSetupID, req.body));
  });
  route(app, c.setPricing, async (req) => root(await pricingEvents.setPricing(actor(req), req.body)));
  route(app, c.mergeFuture, async (req) =>
    root(await pricingEvents.mergeFuture(actor(req), req.body, { iso: false })),
  );
  route(app, c.mergeFutureIso, async (req) =>
    root(await pricingEvents.mergeFuture(actor(req), req.body, { iso: true })),
  );
  route(app, c.zoneEventItems, async (req) => {
    await assertZone(db, req, req.body.ZoneSetupID);
    return root(await pricingEvents.zoneEventItems(req.body.ZoneSetupID, req.body));
  });
  route(app, c.undo, async (req) => root(await pricingEvents.undo(actor(req), req.body)));
}
