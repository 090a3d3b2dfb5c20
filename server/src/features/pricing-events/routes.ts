/** Pricing event calls: the zone's events (all of them, or the current ones for Set Price's list). */
import { PricingEvent, rootOf, UserZoneParams } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { root } from '../../lib/errors';
import type { PricingEventService } from './service';

const tags = ['item adjustment'];

/** The guard has already checked `{user}` and `{zone}`. */
export async function pricingEventRoutes(
  app: FastifyInstance,
  opts: {
    services: { pricingEvents: PricingEventService };
  },
) {
  const { pricingEvents } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags, params: UserZoneParams, response: { 200: rootOf(z.array(PricingEvent)) } };
  r.get('/getZonePricingEvents/:user/:zone', { schema }, async (req) =>
    root(await pricingEvents.list(req.params.zone, { currentOnly: false })),
  );
  r.get('/currentPricingEvents/:user/:zone', { schema }, async (req) =>
    root(await pricingEvents.list(req.params.zone, { currentOnly: true })),
  );
}
