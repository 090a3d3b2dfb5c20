/**
 * Negotiated cost calls: the zone's headers with their items (Set Negotiated Cost's templates and
 * the manager's grids) and the Negotiated Cost Manager's writes (manager.ts). The guard has already
 * checked `{user}` and a `{zone}` in the path; a header's zone and a body's zone are checked here.
 */
import { adjustCalls, msg, negCostCalls } from '@cpb/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, root } from '../../lib/errors';
import { route } from '../../lib/route';
import { assertZone } from '../auth/guard';
import { headerZones, negCostManager } from './manager';
import type { NegCostService } from './service';

export async function negCostRoutes(
  app: FastifyInstance,
  opts: { services: { db: Db; negCosts: NegCostService } },
) {
  const { db, negCosts } = opts.services;
  const manager = negCostManager({ db, negCosts });

  /** The zone of each header, each one the user's (403 otherwise); a missing header is `missing`. */
  async function zoneOfHeaders(req: FastifyRequest, ids: number[], missing: () => AppError): Promise<number> {
    const zones = await headerZones(db, ids);
    let zone = 0;
    for (const id of ids) {
      const z = zones.get(id);
      if (z === undefined) throw missing();
      await assertZone(db, req, z);
      zone = z;
    }
    return zone;
  }

  route(app, adjustCalls.negCostHeaders, async (req) => {
    const zoneId = req.params.zone;
    return { root: await negCosts.listHeaders(zoneId), included: await negCosts.listItems(zoneId) };
  });

  route(app, negCostCalls.updateHeaders, async (req) => {
    const h = req.body.NegotiatedCostHeader;
    const zone = await zoneOfHeaders(
      req,
      [h.NegCostID],
      () => new AppError('CANNOT_SAVE', msg('BACKEND_CANNOT_SAVE')),
    );
    return root(await manager.saveHeader(zone, h));
  });

  route(app, negCostCalls.deleteHeaders, async (req) => {
    const body = req.body.NegotiatedCostHeader;
    const refs = Array.isArray(body) ? body : [body];
    await zoneOfHeaders(
      req,
      refs.map((r) => r.NegCostID),
      () => new AppError('NOT_FOUND', msg('NEG_COST_HEADER_NOT_FOUND', { id: refs[0].NegCostID })),
    );
    return root(await manager.deleteHeaders(refs));
  });

  route(app, negCostCalls.addItems, async (req) => {
    const { dto } = req.body;
    const headerId = dto.NegCostID ?? req.body.NegotiatedCostHeader?.NegCostID ?? null;
    let zone: number | null = null;
    if (headerId !== null) {
      const zones = await headerZones(db, [headerId]);
      zone = zones.get(headerId) ?? null;
      if (zone !== null) await assertZone(db, req, zone);
    }
    // A header that does not exist is no header selected ('Need to select Neg. Cost Header').
    return root(await manager.addItem(zone, { ...dto, NegCostID: zone === null ? null : headerId }));
  });

  route(app, negCostCalls.updateItems, async (req) => {
    const { NegCostID } = req.body.NegotiatedCostHeader;
    const zone = await zoneOfHeaders(
      req,
      [NegCostID],
      () => new AppError('NOT_FOUND', msg('NEG_COST_HEADER_NOT_FOUND', { id: NegCostID })),
    );
    return root(await manager.removeItems(zone, NegCostID, req.body.RemovedItems));
  });

  route(app, negCostCalls.combo, async (req) => {
    await assertZone(db, req, req.body.ZoneSetupID);
    return root(await manager.combo(req.body.ZoneSetupID));
  });

  route(app, negCostCalls.lookupItem, async (req) => {
    await assertZone(db, req, req.body.ZoneSetupID);
    const item = await manager.lookupItem(req.body.ZoneSetupID, req.body.ID, req.body.PackSize);
    if (!item) throw new AppError('NOT_FOUND', msg('NO_ITEMS_FOUND'));
    return root(item);
  });
}
