/**
 * Distribution: sending the price book to the stores' POS through their to-site folders
 * (SITES_DIR): chosen items to chosen stores now (Item Adjustment's coverage dialog), and
 * Distribute to Sites runs (dts.ts; their per-site handler is dts-site.ts).
 */
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { dtsService, type StartInTx } from './dts';
import { distributeSelected, type SiteResult } from './selected';

export type { SiteResult } from './selected';

/** The items to send (item ID and pack size), as the sender takes them. */
type Items = Parameters<typeof distributeSelected>[0]['items'];

export function distributionService(deps: { db: Db; config: AppConfig; start?: StartInTx }) {
  return {
    /** Distribute to Sites: start a run, its reports (dts.ts). */
    dts: dtsService(deps),
    /** Writes one maintenance request per store for the items, then marks the rows sent. */
    sendSelected: (o: { siteIds: number[]; items: Items }): Promise<SiteResult[]> =>
      distributeSelected({
        db: deps.db,
        sitesDir: deps.config.sitesDir,
        modifier: deps.config.posCodeModifier,
        siteIds: o.siteIds,
        items: o.items,
      }),
  };
}

export type DistributionService = ReturnType<typeof distributionService>;
