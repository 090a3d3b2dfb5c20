/**
 * Transfer status calls: GET /activeSites/{processType}/{user} (spec section 4, the page's poll)
 * and GET /transfers/{user}/latest/{processType} (the newest run with each site's outcome). A user
 * sees only their own transfers (the guard holds `{user}` to the signed-in user).
 */
import { ActiveSitesParams, msg, ProcessType, TransferStatus } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, root } from '../../lib/errors';
import { requireUser } from '../auth/guard';
import type { TransferService } from './service';

const tags = ['transfers'];
const LatestParams = z.object({ user: z.string(), processType: ProcessType });

export async function transferRoutes(
  app: FastifyInstance,
  opts: { services: { transfers: TransferService } },
) {
  const { transfers } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/activeSites/:processType/:user',
    { schema: { tags, params: ActiveSitesParams, response: { 200: z.number().int() } } },
    async (req) =>
      transfers.activeSites({ userName: requireUser(req).userName, kind: req.params.processType }),
  );

  r.get(
    '/transfers/:user/latest/:processType',
    { schema: { tags, params: LatestParams, response: { 200: z.object({ RootResults: TransferStatus }) } } },
    async (req) => {
      const kind = req.params.processType;
      const status = await transfers.status({ userName: requireUser(req).userName, kind });
      if (!status) throw new AppError('NOT_FOUND', msg('NO_TRANSFER', { kind }));
      return root(status);
    },
  );
}
