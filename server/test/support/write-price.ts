/** A price (or removal) written through the write path, as Item Adjustment writes it, for tests. */
import type { Db } from '../../src/db/client';
import { writeSiteItems } from '../../src/features/pricebook/write';
import { beginWrite } from '../../src/features/pricebook/write-scope';

export async function writePrice(o: {
  db: Db;
  userId: number;
  zoneId: number;
  itemId: string;
  packSize: number;
  price: string;
  /** Site IDs; a negative one removes the item there (the coverage dialog's remove). */
  coverage?: number[];
}): Promise<void> {
  await o.db.transaction(async (tx) => {
    const scope = await beginWrite(tx, {
      userId: o.userId,
      zoneId: o.zoneId,
      siteIds: o.coverage?.map(Math.abs),
    });
    await writeSiteItems({
      ex: tx,
      scope,
      user: 'ann',
      source: 'Item Adjustment',
      zoneId: o.zoneId,
      fields: ['unitList'],
      changes: [{ itemId: o.itemId, packSize: o.packSize, values: { unitList: o.price } }],
      coverage: o.coverage,
    });
  });
}
