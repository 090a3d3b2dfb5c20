/** Distribution calls: send chosen items to chosen stores now (Item Adjustment's coverage dialog). */
import { DistributeBody, msg, UserParams } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { root } from '../../lib/errors';
import { assertZone, requireUser } from '../auth/guard';
import { assertWritableSites } from '../auth/site-access';
import { dtsRoutes, type MailSender } from './dts-routes';
import type { DistributionService } from './service';

const tags = ['item adjustment'];

export async function distributionRoutes(
  app: FastifyInstance,
  opts: {
    services: { db: Db; distribution: DistributionService; mail?: MailSender };
  },
) {
  await app.register(dtsRoutes, { services: opts.services });
  const { db, distribution } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/adjust/:user/distributeSelItemsToSelSites',
    { schema: { tags, params: UserParams, body: DistributeBody } },
    async (req) => {
      const b = req.body;
      await assertZone(db, req, b.zonesetupid);
      const siteIds = b.sites;
      // Each store must be the user's and in the call's zone (403, nothing written).
      await assertWritableSites(db, requireUser(req).userId, siteIds, 'sites', { zoneId: b.zonesetupid });
      const sites = await distribution.sendSelected({
        siteIds,
        items: b.SelectedItems.map((i) => ({ itemId: i.ID, packSize: i.PackSize })),
      });
      return root({ Sites: sites, Message: msg('SUCCESSFULLY_SAVED') });
    },
  );
}
