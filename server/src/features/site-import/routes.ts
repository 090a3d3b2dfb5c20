/**
 * Site Import calls (spec part 2, section 4 and section 9 "Site Import"): the zone/site picker
 * (`/zonesSites`, `/refreshUserZones`) and starting an import of the chosen sites.
 */
import {
  ImportSelectedSitesBody,
  TransferStarted,
  UserParams,
  UserZoneParams,
  ZonesSitesResult,
} from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { pgArray } from '../../db/arrays';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import type { JobService } from '../../jobs/service';
import { AppError, root } from '../../lib/errors';
import { requireUser } from '../auth/guard';
import { writableSiteNos } from '../auth/site-access';
import type { TransferService } from '../transfers/service';
import { ACK_JOB } from './ack-job';
import { zonesSites } from './zones-sites';

const tags = ['site import'];
const Picker = z.object({ RootResults: ZonesSitesResult });

export async function siteImportRoutes(
  app: FastifyInstance,
  opts: {
    services: {
      db: Db;
      config: AppConfig;
      transfers: Pick<TransferService, 'start'>;
      jobs: Pick<JobService, 'send'>;
    };
  },
) {
  const { db } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const path of ['/zonesSites/:user/:zone', '/refreshUserZones/:user/:zone'])
    r.get(path, { schema: { tags, params: UserZoneParams, response: { 200: Picker } } }, async (req) => {
      // The guard has checked that {zone} is one of the user's zones.
      const userId = requireUser(req).userId;
      const zones = await zonesSites(db, userId, req.params.zone);
      // The stores' acknowledgements are read by a job (ack-job.ts), never here: a site still
      // waiting for one asks the job to look now (a throttled nudge), and the next read shows it.
      if (zones.some((z) => z.ZoneSites.some((s) => s.LastDistribution?.Confirmed === false)))
        await opts.services.jobs.send(ACK_JOB, {});
      return root(zones);
    });

  r.post(
    '/importSelectedSites/:user',
    {
      schema: {
        tags,
        params: UserParams,
        body: ImportSelectedSitesBody,
        response: { 200: z.object({ RootResults: TransferStarted }) },
      },
    },
    async (req) => {
      const b = req.body;
      const user = requireUser(req);
      // 403 for a number that is not one of the user's stores (an unknown one alike).
      const siteIds = await writableSiteNos(db, user.userId, b.sitenos);
      const id = await opts.services.transfers.start({
        kind: 'Site Import',
        userName: user.userName,
        siteIds,
        options: { bBuildMaster: b.bBuildMaster, bDoDTS: b.bDoDTS, bModifiedOnly: b.bModifiedOnly },
        notes: b.Notes ?? null,
      });
      return root({ TransferID: id, Sites: siteIds.length });
    },
  );
}
