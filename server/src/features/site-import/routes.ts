/**
 * Site Import calls (spec part 2, section 4 and section 9 "Site Import"): the zone/site picker
 * (`/zonesSites`, `/refreshUserZones`) and starting an import of the chosen sites.
 */
import { transferCalls as c } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import { pgArray } from '../../db/arrays';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { AppError, root } from '../../lib/errors';
import { route } from '../../lib/route';
import { requireUser } from '../auth/guard';
import { assertWritableSites } from '../auth/site-access';
import type { TransferService } from '../transfers/service';
import { collectAcks } from './collect-acks';
import { zonesSites } from './zones-sites';

/** Site numbers to site IDs; an unknown number is a 400. */
export async function siteIdsOf(db: Db, siteNos: number[]): Promise<number[]> {
  const found = await rows<{ id: number; site_no: number }>(
    db,
    sql`select id, site_no from sites where site_no = any(${pgArray(siteNos, 'int')})`,
  );
  const unknown = siteNos.filter((n) => !found.some((f) => f.site_no === n));
  if (unknown.length) throw new AppError('VALIDATION', `sitenos: no site ${unknown.join(', ')}.`);
  return siteNos.map((n) => found.find((f) => f.site_no === n)?.id as number);
}

export async function siteImportRoutes(
  app: FastifyInstance,
  opts: { services: { db: Db; config: AppConfig; transfers: Pick<TransferService, 'start'> } },
) {
  const { db } = opts.services;

  for (const picker of [c.zonesSites, c.refreshUserZones])
    route(app, picker, async (req) => {
      // The guard has checked that {zone} is one of the user's zones.
      const userId = requireUser(req).userId;
      const zones = await zonesSites(db, userId, req.params.zone);
      const siteIds = zones.flatMap((z) =>
        z.ZoneSites.filter((s) => s.LastDistribution?.Confirmed === false).map((s) => s.SetupID),
      );
      if (
        siteIds.length &&
        (await collectAcks(db, opts.services.config.sitesDir, [...new Set(siteIds)])).length
      )
        return root(await zonesSites(db, userId, req.params.zone));
      return root(zones);
    });

  route(app, c.importSelectedSites, async (req) => {
    const b = req.body;
    const siteIds = await siteIdsOf(db, b.sitenos);
    const user = requireUser(req);
    await assertWritableSites(db, user.userId, siteIds, 'sitenos');
    const id = await opts.services.transfers.start({
      kind: 'Site Import',
      userName: user.userName,
      siteIds,
      options: { bBuildMaster: b.bBuildMaster, bDoDTS: b.bDoDTS, bModifiedOnly: b.bModifiedOnly },
      notes: b.Notes ?? null,
    });
    return root({ TransferID: id, Sites: siteIds.length });
  });
}
