/** Negotiated cost calls: the zone's headers with their items (Set Negotiated Cost's templates). */
import { UserZoneParams } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { NegCostService } from './service';

const tags = ['item adjustment'];

/** The guard has already checked `{user}` and `{zone}`. */
export async function negCostRoutes(app: FastifyInstance, opts: { services: { negCosts: NegCostService } }) {
  const { negCosts } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/adjust/negcosthdrs/:user/:zone', { schema: { tags, params: UserZoneParams } }, async (req) => {
    const zoneId = req.params.zone;
    return { root: await negCosts.listHeaders(zoneId), included: await negCosts.listItems(zoneId) };
  });
}
