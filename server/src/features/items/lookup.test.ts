import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import {
  COKE,
  COKE_UPC,
  type ItemsFixture,
  type itemsApi,
  LAYS,
  startItemsSuite,
  stopSuite,
} from '../../../test/support/items-fixture';
import { rows } from '../../db/client';

let tdb: TestDatabase;
let app: FastifyInstance;
let fx: ItemsFixture;
let api: ReturnType<typeof itemsApi>;

beforeAll(async () => {
  ({ tdb, fx, app, api } = await startItemsSuite());
});
afterAll(() => stopSuite({ app, tdb }));

describe('lookUpBatchItem', () => {
  it('answers an item found nowhere as new, with cost 0.0000', async () => {
    const res = await api.lookup('new0001', '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toEqual({
      ID: 'NEW0001',
      PackSize: 1,
      idplu: 'NEW0001@1',
      UpcCode: null,
      UpcPackSize: 1,
      Description: '',
      ReceiptDescription: '',
      InvType: 'I',
      DeptSub: null,
      Dept: null,
      SubDept: null,
      DeptSubNum: null,
      UnitList: '0.00',
      UnitCost: '0.0000',
      Margin: '0.000',
      TaxGroupId: null,
      CrvID: null,
      ItemGroups: [],
      VendorId: null,
      Vendors: [],
      Active: true,
      MinOnHand: null,
      MaxOnHand: null,
      MinPurchaseQty: null,
      SendToPos: true,
      RecipeInstructions: null,
      SizeDescs: [],
      Recipes: [],
      ExistingItem: false,
      IsNew: true,
      OutOfZone: false,
      ItemOriginatedOutOfZone: false,
      SourceSite: null,
      UpdateKey: null,
      SiteCount: 0,
      ZoneSiteCount: 3,
      ZoneSetupID: fx.north.id,
      ZoneNum: 1,
      ZoneName: 'North',
      IsPriceUniform: true,
      IsCostUniform: true,
      IsDeptSubUniform: true,
      IsDescUniform: true,
      isUniform: true,
      HasHistory: false,
      operation: 'Add Item',
      MissingUOMs: [],
      Message: 'Success: New Item.',
    });
  });

  it('answers an item of the zone as existing, with its catalogue facts', async () => {
    const item = await api.item(COKE);
    expect(item).toMatchObject({
      ID: COKE,
      idplu: `${COKE}@1`,
      UpcCode: COKE_UPC,
      Description: 'COKE 20OZ',
      InvType: 'I',
      DeptSub: '2.01',
      Dept: 2,
      SubDept: 1,
      // Store 11 (priority 1) has 1.79; store 13 has 1.89.
      UnitList: '1.79',
      UnitCost: '1.0740',
      // (1.79 - 1.074) / 1.79 = 0.716 / 1.79 = 40%.
      Margin: '40.000',
      TaxGroupId: 2,
      CrvID: 1,
      VendorId: 'COREMARK',
      ItemGroups: ['SODA'],
      ExistingItem: true,
      IsNew: false,
      OutOfZone: false,
      SourceSite: { SetupID: fx.sites.s11, SiteNo: 11, SiteName: 'Store 11' },
      SiteCount: 3,
      IsPriceUniform: false,
      isUniform: false,
      operation: 'UpdateBatchItem',
      Message: 'Success: Existing Item.',
    });
    // The key is the newest version of the item's rows at the zone's stores (11, 12, 13).
    const [newest] = await rows<{ v: string }>(
      tdb.db,
      sql`select max(si.version)::text v from site_items si join zone_sites zs on zs.site_id = si.site_id
        where zs.zone_id = ${fx.north.id} and si.item_id = ${COKE} and si.pack_size = 1`,
    );
    expect(item.UpdateKey).toBe(newest.v);
    expect(item.Vendors).toEqual([
      { VendorID: 'COREMARK', VendorItem: '400013', Text: 'COREMARK - Core-Mark' },
      { VendorID: 'MCLANE', VendorItem: 'M700007', Text: 'MCLANE - McLane' },
    ]);
    // By quantity: EA (1) then CS (24); COMBO1 uses the cola by the each.
    expect(item.SizeDescs).toEqual([
      {
        Unit: 'EA',
        Qty: '1',
        OldQty: '1',
        Status: 'Existing',
        InRecipes: true,
        RecipeCount: 1,
        UomType: 'Each',
        ItemDisplayText: 'EA - Each',
      },
      {
        Unit: 'CS',
        Qty: '24',
        OldQty: '24',
        Status: 'Existing',
        InRecipes: false,
        RecipeCount: 0,
        UomType: 'Case',
        ItemDisplayText: 'CS - Case',
      },
    ]);
  });

  it('takes the values of the highest-priority site that carries the item, not the most common', async () => {
    const prio1 = await api.item('PRIO1');
    // Store 11 (priority 1): 2.29, cost 1.1000, 4.01; stores 12 and 13 agree on 1.99 and 2.01.
    // Margin (2.29 - 1.10) / 2.29 = 51.96506...% -> 51.965.
    expect(prio1).toMatchObject({
      Description: 'TOP SITE VALUE',
      UnitList: '2.29',
      UnitCost: '1.1000',
      Margin: '51.965',
      DeptSub: '4.01',
      SourceSite: { SiteNo: 11 },
      SiteCount: 3,
      IsPriceUniform: false,
      IsDescUniform: false,
    });
    // The zone summary (Item Adjustment's view) shows the most common value instead.
    const grid = await api.post('/adjust/ann/sscitems', {
      ZoneSetupID: fx.north.id,
      clientCriterias: { ApplyInventoryID: true, InventoryID: 'PRIO1' },
    });
    expect(grid.json().GetSSCSItemsResult.Items[0]).toMatchObject({
      UnitList: '1.99',
      Description: 'COMMON VALUE',
    });

    // PRIO2 is not at store 11: store 12 (priority 2) wins over store 13.
    expect(await api.item('PRIO2')).toMatchObject({
      Description: 'SECOND SITE',
      UnitList: '3.49',
      SourceSite: { SiteNo: 12 },
      SiteCount: 2,
    });
  });

  it('follows the zone priority, not the site number', async () => {
    // West lists store 14 before store 12.
    expect(await api.item('WEST1', 1, fx.west.id)).toMatchObject({
      Description: 'AT STORE 14',
      UnitList: '6.00',
      SourceSite: { SiteNo: 14 },
      SiteCount: 2,
      ZoneName: 'West',
    });
    // North holds only store 12 of the two.
    expect(await api.item('WEST1')).toMatchObject({
      UnitList: '5.00',
      SourceSite: { SiteNo: 12 },
      SiteCount: 1,
    });
  });

  it('answers an item carried only outside the zone with the first such site named', async () => {
    const item = await api.item('ELSEWHERE');
    expect(item).toMatchObject({
      ID: 'ELSEWHERE',
      ExistingItem: false,
      IsNew: false,
      OutOfZone: true,
      ItemOriginatedOutOfZone: true,
      // Stores 14 and 15 carry it; 14 is the lower number.
      Description: 'OUTSIDE AT 14',
      UnitList: '2.59',
      UnitCost: '1.2500',
      DeptSub: '4.01',
      SourceSite: { SetupID: fx.sites.s14, SiteNo: 14, SiteName: 'Store 14' },
      UpdateKey: null,
      SiteCount: 0,
      operation: 'Add Item',
      Message: 'Item found outside the zone at site 14 - Store 14.',
    });
  });

  it('expands a UPC-E typed after a slash and upper-cases the ID', async () => {
    // /425261: d6 = 1 -> 0 42 1 0000 526.
    expect(await api.item('/425261')).toMatchObject({ ID: '04210000526', IsNew: true });
    expect(await api.item('prio1')).toMatchObject({ ID: 'PRIO1', ExistingItem: true });
  });

  it('refuses a missing ID, a pack size below 1 and a zone the user does not have', async () => {
    const noId = await api.lookup('  ');
    expect(noId.statusCode).toBe(400);
    expect(noId.json().ErrorMessage).toBe('ID: Required.');
    const pack = await api.lookup(COKE, 0);
    expect(pack.statusCode).toBe(400);
    expect(pack.json().ErrorMessage).toBe('PackSize: Enter a minimum of 1.');
    const zone = await api.lookup(COKE, 1, fx.other.id);
    expect(zone.statusCode).toBe(403);
    expect(zone.json().ErrorMessage).toBe('You do not have access to this zone.');
  });
});

describe('getLinkedItems', () => {
  it('lists the linked items with their zone cost and the ingredient cost', async () => {
    const res = await api.get(
      `/additem/ann/getLinkedItems?ZoneSetupID=${fx.north.id}&ID=combo1&PS=1&userName=ann`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toEqual([
      {
        ItemID: LAYS,
        ItemPkSz: 1,
        Desc: 'LAYS CLASSIC 1OZ',
        Unit: null,
        UnitQty: null,
        Qty: '1',
        Cost: '0.5500',
        // 0.55 x 1 x 1
        IngredientCost: '0.5500',
        status: 'Existing',
      },
      {
        ItemID: COKE,
        ItemPkSz: 1,
        Desc: 'COKE 20OZ',
        Unit: 'EA',
        UnitQty: '1',
        Qty: '2',
        Cost: '1.0740',
        // 1.074 x 1 x 2
        IngredientCost: '2.1480',
        status: 'Existing',
      },
    ]);
    // The lookup answers the same rows.
    expect((await api.item('COMBO1')).Recipes).toEqual(res.json().RootResults);
  });
});

describe('ingredients', () => {
  it('lists active non-expense items of the zone by description, with their units', async () => {
    const res = await api.get(`/ingredients/ann/${fx.north.id}?search=049`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toEqual([
      {
        ItemID: COKE,
        ItemPkSz: 1,
        Desc: 'COKE 20OZ',
        Cost: '1.0740',
        Units: [
          { Unit: 'EA', Qty: '1' },
          { Unit: 'CS', Qty: '24' },
        ],
      },
      { ItemID: '04900000045', ItemPkSz: 1, Desc: 'SPRITE 20OZ', Cost: '1.0000', Units: [] },
    ]);
    const lays = await api.get(`/ingredients/ann/${fx.north.id}?search=lays`);
    expect(
      lays.json().RootResults.map((i: { Desc: string; ItemPkSz: number }) => [i.Desc, i.ItemPkSz]),
    ).toEqual([
      ['LAYS CLASSIC 1OZ', 1],
      ['LAYS CLASSIC 6PK', 6],
    ]);
    // 9001 (register paper) is an expense item.
    expect((await api.get(`/ingredients/ann/${fx.north.id}?search=9001`)).json().RootResults).toEqual([]);
    const one = await api.get(`/ingredients/ann/${fx.north.id}?search=049&limit=1`);
    expect(one.json().RootResults.map((i: { ItemID: string }) => i.ItemID)).toEqual([COKE]);
  });

  it('lists the whole zone ordered by description when no search is given', async () => {
    const res = await api.get(`/ingredients/ann/${fx.north.id}`);
    const descs = res.json().RootResults.map((i: { Desc: string }) => i.Desc);
    expect(descs).toContain('COLA AND CHIPS');
    expect(descs).not.toContain('REGISTER PAPER');
    expect(descs).toEqual([...descs].sort());
  });

  it('is refused for a zone the user does not have', async () => {
    expect((await api.get(`/ingredients/ann/${fx.other.id}`)).statusCode).toBe(403);
  });
});

describe('vendorsPerItem', () => {
  it('lists the vendor item numbers of the item at the pack size asked', async () => {
    const res = await api.get(`/vendorsPerItem/ann/${fx.north.id}/${COKE}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toEqual([
      { VendorID: 'COREMARK', VendorItem: '400013', Text: 'COREMARK - Core-Mark' },
      { VendorID: 'MCLANE', VendorItem: 'M700007', Text: 'MCLANE - McLane' },
    ]);
    expect((await api.get(`/vendorsPerItem/ann/${fx.north.id}/${COKE}?PS=6`)).json().RootResults).toEqual([]);
  });
});
