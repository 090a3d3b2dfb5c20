import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildSiteItems } from '../../../test/support/factories';
import { buildPricebook, type Pricebook } from '../../../test/support/pricebook-fixture';
import * as t from '../../db/schema';
import { refreshZoneSummary } from '../pricebook/summary';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  pb = await buildPricebook(tdb.db);
  // Store 14 (South only): an item whose ID is the UPC-A body of UPC-E 0123456(5), sold in 12-packs
  // whose case UPC carries pack size 12.
  await buildSiteItems(tdb.db, [
    { siteId: pb.sites.s14, itemId: '01234500006', description: 'GUM SPEARMINT' },
    { siteId: pb.sites.s14, itemId: '01234500007', description: 'GUM PEPPERMINT' },
  ]);
  await tdb.db
    .update(t.items)
    .set({ upcCode: '012345000065', upcPackSize: 12 })
    .where(sql`item_id = '01234500006'`);
  await tdb.db
    .update(t.items)
    .set({ upcCode: '012345000072', upcPackSize: 1 })
    .where(sql`item_id = '01234500007'`);
  await refreshZoneSummary(tdb.db);
  app = await makeApp(tdb.db);
  cookie = await signIn(app, 'ann', 'ann-pw');
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const ids = async (criteria: Record<string, unknown>) => {
  const res = await app.inject({
    method: 'POST',
    url: '/adjust/ann/sscitems',
    headers: { cookie },
    payload: { ZoneSetupID: pb.south.id, clientCriterias: criteria },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().GetSSCSItemsResult.Items.map((i: { idplu: string }) => i.idplu);
};

describe('Item Adjustment search by codes', () => {
  it('expands a typed /UPC-E to the item ID it stands for', async () => {
    expect(await ids({ ApplyInventoryID: true, InventoryID: '/0123456' })).toEqual(['01234500006@1']);
    expect(await ids({ ApplyInventoryID: true, InventoryID: '/01234565' })).toEqual(['01234500006@1']);
  });

  it('finds by UPC prefix and by UPC pack size', async () => {
    expect(await ids({ ApplyUPC: true, UPC: '0123450000' })).toEqual(['01234500006@1', '01234500007@1']);
    expect(await ids({ ApplyUPC: true, UPC: '012345000072' })).toEqual(['01234500007@1']);
    expect(await ids({ ApplyUPCPackSize: true, UPCPackSize: '12' })).toEqual(['01234500006@1']);
  });

  it('refuses a pack size below 1 with the spec message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/adjust/ann/sscitems',
      headers: { cookie },
      payload: { ZoneSetupID: pb.south.id, clientCriterias: { ApplyPackSize: true, PackSize: '0' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorMessage).toBe('PackSize: Enter a minimum of 1.');
  });
});
