/** Pricing event calls: the zone's events (all of them, or the current ones for Set Price's list). */
import { adjustCalls } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import { root } from '../../lib/errors';
import { route } from '../../lib/route';
import type { PricingEventService } from './service';

/** The guard has already checked `{user}` and `{zone}`. */
export async function pricingEventRoutes(
  app: FastifyInstance,
  opts: {
    services: { pricingEvents: PricingEventService };
  },
) {
  const { pricingEvents } = opts.services;
  route(app, adjustCalls.zonePricingEvents, async (req) =>
    root(await pricingEvents.list(req.params.zone, { currentOnly: false })),
  );
  route(app, adjustCalls.currentPricingEvents, async (req) =>
    root(await pricingEvents.list(req.params.zone, { currentOnly: true })),
  );
}
