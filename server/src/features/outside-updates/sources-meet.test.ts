/**
 * A store's change and a vendor's change of one item meet in one root (issue 21, docs/decisions.md
 * "A vendor change and a store change for the same item meet in one root"): each arrival writes only
 * the fields its source carries, a vendor value that is absent leaves the store's, a field both carry
 * takes the latest arrival's, the change bits add up, the store's origin row stays, the root's key
 * moves, and Accept writes both sources' values.
 */
import { CHANGE_FLD } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import { PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { storeSendsPrices } from '../../../test/support/store-sends';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';
import { VENDOR_FIELDS, VENDOR_IMPORT_SOURCE } from '../vendor-import/import-lines';
import { receive } from './inbox';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let sitesDir: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie, sitesDir } = await openPricebookSuite({ sitesDir: true }));
});
afterAll(() => closeSuite({ tdb, app, pb, cookie, sitesDir }));

const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

/** Store 11 (zone North only) sends these prices in one item file, then Site Import runs. */
const storeSends = (prices: Record<string, string>) =>
  storeSendsPrices({
    db: tdb.db,
    app,
    cookie,
    sitesDir,
    storeNo: 11,
    siteId: pb.sites.s11,
    prices,
    at: new Date(),
  });

/** A vendor file's lines for zone North, as Vendor Import hands them to the inbox. */
const vendorSends = (lines: Array<{ itemId: string; unitCost: string; retail: string | null }>) =>
  tdb.db.transaction((tx) =>
    receive(tx, {
      source: VENDOR_IMPORT_SOURCE,
      fields: VENDOR_FIELDS,
      to: { zoneId: pb.north.id },
      keepsOnNull: true,
      items: lines.map((l) => ({
        itemId: l.itemId,
        packSize: 1,
        values: { description: null, unitCost: l.unitCost, unitList: l.retail, vendorId: null },
        flds: CHANGE_FLD.cost | (l.retail === null ? 0 : CHANGE_FLD.price),
      })),
    }),
  );

interface Listed {
  root: Array<{
    Idcode: string;
    UpdateKey: string;
    Price: string;
    Cost: string;
    Source: string;
    changeFlds: number;
  }>;
  included: Array<{ Idcode: string; SiteNo: number }>;
}
async function listed(): Promise<Listed> {
  const res = await app.inject({
    method: 'GET',
    url: `/outsideupdates/ann/${pb.north.id}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const rootOf = (l: Listed, id: string) => {
  const r = l.root.find((x) => x.Idcode === id);
  if (!r) throw new Error(`no root for ${id}`);
  return r;
};

describe('a store change and a vendor change of one item', () => {
  it('meet in one root: store price kept where the vendor brings none, latest arrival wins a shared field; Accept writes both', async () => {
    const { SPRITE, COKE } = PB_ITEMS;
    await storeSends({ [SPRITE]: '2.49', [COKE]: '2.39' });
    const before = await listed();
    expect(rootOf(before, SPRITE)).toMatchObject({ Price: '2.49', Source: 'Site Import' });

    // Sprite: a new cost, no suggested retail. Coke: a new cost and a suggested retail.
    await vendorSends([
      { itemId: SPRITE, unitCost: '0.9100', retail: null },
      { itemId: COKE, unitCost: '1.0300', retail: '2.59' },
    ]);
    const after = await listed();
    const sprite = rootOf(after, SPRITE);
    const coke = rootOf(after, COKE);
    expect(sprite).toMatchObject({ Price: '2.49', Cost: '0.910000', Source: VENDOR_IMPORT_SOURCE });
    expect(coke).toMatchObject({ Price: '2.59', Cost: '1.030000', Source: VENDOR_IMPORT_SOURCE });
    expect(sprite.changeFlds & CHANGE_FLD.price).toBe(CHANGE_FLD.price);
    expect(sprite.changeFlds & CHANGE_FLD.cost).toBe(CHANGE_FLD.cost);
    // New incoming values: a new key. The store's origin row is still there.
    expect(sprite.UpdateKey).not.toBe(rootOf(before, SPRITE).UpdateKey);
    expect(after.included.filter((i) => i.Idcode === SPRITE).map((i) => i.SiteNo)).toEqual([11]);

    const accept = await post('/outsideupdates/applyOUChanges/ann', {
      actionItem: {
        ZoneSetupID: pb.north.id,
        items: [SPRITE, COKE].map((ID) => ({
          ID,
          PackSize: 1,
          Action: 'accept',
          UpdateKey: rootOf(after, ID).UpdateKey,
        })),
      },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const stores = await rows<{ item_id: string; unit_list: string; unit_cost: string }>(
      tdb.db,
      sql`select distinct si.item_id, si.unit_list::text as unit_list, si.unit_cost::text as unit_cost
        from site_items si join zone_sites zs on zs.site_id = si.site_id and zs.zone_id = ${pb.north.id}
        where si.item_id in (${SPRITE}, ${COKE}) and si.pack_size = 1 and not si.deleted order by 1`,
    );
    expect(stores).toEqual([
      { item_id: COKE, unit_list: '2.59', unit_cost: '1.0300' },
      { item_id: SPRITE, unit_list: '2.49', unit_cost: '0.9100' },
    ]);
  });
});
