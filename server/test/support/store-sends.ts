/**
 * A store sends prices back: its item file (NAXML, `initialize`, the store's own items with these
 * prices flagged changed) written into its from-site folder, then Site Import runs for it.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { writeStampedExclusive } from '../../src/exchange/exclusive-write';
import { buildStoreItemFile } from '../../src/exchange/naxml/store-files';
import { fromSiteDir } from '../../src/exchange/site-folders';
import { siteStoreItems } from './store-items';
import { runTransfersNow } from './transfers';

export async function storeSendsPrices(o: {
  db: Db;
  app: FastifyInstance;
  cookie: string;
  sitesDir: string;
  /** The store's number (its folder) and its site id. */
  storeNo: number;
  siteId: number;
  prices: Record<string, string>;
  /** The file's time stamp (later files are read after earlier ones). */
  at: Date;
}): Promise<void> {
  const dir = fromSiteDir(o.sitesDir, o.storeNo);
  fs.mkdirSync(dir, { recursive: true });
  const items = (await siteStoreItems(o.db, o.siteId)).map((i) =>
    o.prices[i.itemId] ? { ...i, unitList: o.prices[i.itemId], changed: true } : i,
  );
  await writeStampedExclusive(
    dir,
    `ITT${String(o.storeNo).padStart(3, '0')}`,
    '.xml',
    buildStoreItemFile({ storeNo: o.storeNo, tableAction: 'initialize', items }),
    o.at,
  );
  const res = await o.app.inject({
    method: 'POST',
    url: '/importSelectedSites/ann',
    headers: { cookie: o.cookie },
    payload: { sitenos: String(o.storeNo) },
  });
  expect(res.statusCode, res.body).toBe(200);
  await runTransfersNow(o.app);
}
