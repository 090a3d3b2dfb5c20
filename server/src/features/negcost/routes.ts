/** Negotiated cost calls: the zone's headers with their items (Set Negotiated Cost's templates). */
import { adjustCalls } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import type { NegCostService } from './service';

/** The guard has already checked `{user}` and `{zone}`. */
export async function negCostRoutes(app: FastifyInstance, opts: { services: { negCosts: NegCostService } }) {
  const { negCosts } = opts.services;
  route(app, adjustCalls.negCostHeaders, async (req) => {
    const zoneId = req.params.zone;
    return { root: await negCosts.listHeaders(zoneId), included: await negCosts.listItems(zoneId) };
  });
}
