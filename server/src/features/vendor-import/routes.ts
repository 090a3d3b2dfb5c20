/**
 * Vendor Import Setup and Vendor Import calls (spec part 2 section 7; docs/vendor-import.md):
 *   GET  /vendorImportSetup/{user}, /vendorImportTypes/{user}
 *   GET  /vendorImportZones/{user}/GetVendorImportZones?SiteNumber&MclaneExtension&CmarkExtension
 *   POST /createVendorImportSetup/{user}, /updateVendorImportSetup/{user}, /delVendorImportSetup/{user}
 *   GET  /vendorImport/{user} (starts a run: requires the session's X-CSRF-Token), /vendorImport/status/{user}
 */
import { vendorImportCalls as c, msg, VENDOR_SOURCE_TYPES } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { AppError, root } from '../../lib/errors';
import { route } from '../../lib/route';
import { assertCsrfToken } from '../auth/csrf';
import { requireUser } from '../auth/guard';
import { writableSiteNos } from '../auth/site-access';
import type { TransferService } from '../transfers/service';
import { listVendorFiles, readVendorFile, vendorDir } from './folder';
import { createSetup, deleteSetup, listSetups, setupRows, updateSetup } from './setups';
import { readVendorCatalog } from './vendor-file';

export async function vendorImportRoutes(
  app: FastifyInstance,
  opts: { services: { db: Db; config: AppConfig; transfers: Pick<TransferService, 'start' | 'status'> } },
) {
  const { db, config, transfers } = opts.services;

  route(app, c.setups, async (req) => root(await listSetups(db, requireUser(req).userId)));
  route(app, c.types, async () => root([...VENDOR_SOURCE_TYPES]));

  route(app, c.zones, async (req) => {
    const q = req.query;
    const [siteId] = await writableSiteNos(db, requireUser(req).userId, [q.SiteNumber], 'SiteNumber');
    const source = q.MclaneExtension ? 'MCLANE' : 'COREMARK';
    const mask = q.MclaneExtension || q.CmarkExtension;
    if (!mask) throw new AppError('VALIDATION', `MclaneExtension or CmarkExtension: ${msg('REQUIRED')}`);
    const [site] = await rows<{ site_no: number; exchange_dir: string | null }>(
      db,
      sql`select site_no, exchange_dir from sites where id = ${siteId}`,
    );
    const dir = vendorDir(config.sitesDir, { siteNo: site.site_no, exchangeDir: site.exchange_dir });
    const zones = new Set<string>();
    for (const f of await listVendorFiles(dir, [mask])) {
      try {
        const read = await readVendorFile(f, config.storeFileMaxBytes);
        for (const z of readVendorCatalog(read.text, source).zones) zones.add(z);
      } catch {
        // A file that cannot be read names no zone; the import reports it.
      }
    }
    return root([...zones].sort().map((z) => ({ Text: z, Value: z })));
  });

  route(app, c.create, async (req) =>
    root(await db.transaction((tx) => createSetup(tx, requireUser(req).userId, req.body))),
  );
  route(app, c.update, async (req) =>
    root(await db.transaction((tx) => updateSetup(tx, requireUser(req).userId, req.body))),
  );
  route(app, c.remove, async (req) =>
    root(await db.transaction((tx) => deleteSetup(tx, requireUser(req).userId, req.body.MasterID))),
  );

  route(app, c.start, async (req) => {
    // A GET that starts work: a cross-site page must not be able to (docs/decisions.md, Log Off).
    assertCsrfToken(req);
    const user = requireUser(req);
    const siteIds = [...new Set((await setupRows(db, user.userId)).map((s) => s.site_id))];
    if (siteIds.length === 0)
      throw new AppError('VALIDATION', 'No vendor import setup: add one in Vendor Import Setup.');
    const id = await transfers.start({ kind: 'Vendor Import', userName: user.userName, siteIds });
    return root({ TransferID: id, Sites: siteIds.length });
  });

  route(app, c.status, async (req) => {
    const s = await transfers.status({ userName: requireUser(req).userName, kind: 'Vendor Import' });
    if (!s) return root({ Status: 'IDLE' as const, TransferID: null, Log: [] });
    const log = s.Sites.flatMap((site) => {
      if (site.Status === 'FAILED') return [`Site ${site.SiteNo}: failed: ${site.Error ?? ''}`];
      const text = site.Result?.Log;
      return typeof text === 'string' && text ? text.split('\n') : [];
    });
    if (s.Message) log.push(s.Message);
    return root({ Status: s.Status, TransferID: s.TransferID, Log: log });
  });
}
