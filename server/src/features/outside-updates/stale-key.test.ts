/**
 * A root's UpdateKey changes whenever its incoming values do: a later Site Import that brings new
 * values for a waiting root makes an Accept, Reject, edit or restore sent with the key the user
 * loaded a 409 that writes nothing (issue 27, "Accept writes values the user never saw").
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import { PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { storeSendsPrices } from '../../../test/support/store-sends';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let sitesDir: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie, sitesDir } = await openPricebookSuite({ sitesDir: true }));
});
afterAll(() => closeSuite({ tdb, app, pb, cookie, sitesDir }));

let clock = Date.now();
const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

/** Store 11 (zone North only) sends `itemId` at `price`, then Site Import runs. */
function storeSends(itemId: string, price: string) {
  clock += 1000;
  return storeSendsPrices({
    db: tdb.db,
    app,
    cookie,
    sitesDir,
    storeNo: 11,
    siteId: pb.sites.s11,
    prices: { [itemId]: price },
    at: new Date(clock),
  });
}

async function loadedRoot(itemId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/outsideupdates/ann/${pb.north.id}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  const root = (res.json().root as Array<{ Idcode: string; UpdateKey: string; Price: string }>).find(
    (r) => r.Idcode === itemId,
  );
  if (!root) throw new Error(`no root for ${itemId}`);
  return root;
}

const prices = (itemId: string) =>
  rows<{ unit_list: string }>(
    tdb.db,
    sql`select distinct unit_list::text as unit_list from site_items si join zone_sites zs on zs.site_id = si.site_id
      where zs.zone_id = ${pb.north.id} and si.item_id = ${itemId} and si.pack_size = 1 order by 1`,
  );

describe('a root changed by a later import', () => {
  it('refuses Accept, Reject, an edit and a restore sent with the key loaded before it (409, nothing written); the new key accepts', async () => {
    const item = PB_ITEMS.COKE;
    await storeSends(item, '2.60');
    const seen = await loadedRoot(item);
    expect(seen.Price).toBe('2.60');
    const before = await prices(item);

    // The store changes the price again and a later Site Import brings it to the waiting root.
    await storeSends(item, '77.77');
    const now = await loadedRoot(item);
    expect(now.Price).toBe('77.77');
    expect(now.UpdateKey).not.toBe(seen.UpdateKey);

    const apply = (action: string, UpdateKey: string) =>
      post('/outsideupdates/applyOUChanges/ann', {
        actionItem: {
          ZoneSetupID: pb.north.id,
          items: [{ ID: item, PackSize: 1, Action: action, UpdateKey }],
        },
      });
    const accept = await apply('accept', seen.UpdateKey);
    expect(accept.statusCode, accept.body).toBe(409);
    expect((await apply('reject', seen.UpdateKey)).statusCode).toBe(409);
    const edit = await post('/updateMasterItemList/ann', {
      ZoneSetupID: pb.north.id,
      Items: [{ ID: item, PackSize: 1, Price: '2.65', UpdateKey: seen.UpdateKey }],
    });
    expect(edit.statusCode, edit.body).toBe(409);
    const restore = await post('/updateMasterItemList/ann', {
      ZoneSetupID: pb.north.id,
      Items: [{ ID: item, PackSize: 1, Restore: true, UpdateKey: seen.UpdateKey }],
    });
    expect(restore.statusCode).toBe(409);
    expect(await prices(item)).toEqual(before);
    expect((await loadedRoot(item)).Price).toBe('77.77');

    // The same values arriving again keep the key (nothing new to see).
    await storeSends(item, '77.77');
    expect((await loadedRoot(item)).UpdateKey).toBe(now.UpdateKey);

    const ok = await apply('accept', now.UpdateKey);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await prices(item)).toEqual([{ unit_list: '77.77' }]);
  });
});
