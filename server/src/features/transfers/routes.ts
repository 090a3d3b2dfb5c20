/**
 * Transfer status calls: GET /activeSites/{processType}/{user} (spec section 4, the page's poll)
 * and GET /transfers/{user}/latest/{processType} (the newest run with each site's outcome). A user
 * sees only their own transfers (the guard holds `{user}` to the signed-in user).
 */
import { transferCalls as c, msg } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import { AppError, root } from '../../lib/errors';
import { route } from '../../lib/route';
import { requireUser } from '../auth/guard';
import type { TransferService } from './service';

export async function transferRoutes(
  app: FastifyInstance,
  opts: { services: { transfers: TransferService } },
) {
  const { transfers } = opts.services;

  route(app, c.activeSites, async (req) =>
    transfers.activeSites({ userName: requireUser(req).userName, kind: req.params.processType }),
  );

  route(app, c.latest, async (req) => {
    const kind = req.params.processType;
    const status = await transfers.status({ userName: requireUser(req).userName, kind });
    if (!status) throw new AppError('NOT_FOUND', msg('NO_TRANSFER', { kind }));
    return root(status);
  });
}
