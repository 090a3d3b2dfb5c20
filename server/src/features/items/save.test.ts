import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/support/app';
import type { TestDatabase } from '../../../test/support/database';
import { buildUser } from '../../../test/support/factories';
import {
  COKE,
  COKE_UPC,
  type ItemsFixture,
  type itemsApi,
  LAYS,
  snapshotItems,
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

const q = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => rows<T>(tdb.db, query);
const siteRows = (itemId: string, packSize = 1) =>
  q(sql`select s.site_no, si.description, si.unit_list::text, si.unit_cost::text, si.dept, si.sub, si.version::int as version
    from site_items si join sites s on s.id = si.site_id
    where si.item_id = ${itemId} and si.pack_size = ${packSize} and not si.deleted order by s.site_no`);
/** The rows without their version (a sequence number; see versionsOf). */
const siteValues = async (itemId: string, packSize = 1) =>
  (await siteRows(itemId, packSize)).map(({ version: _, ...r }) => r);
/** Versions of the item's live rows by store number. */
const versionsOf = async (itemId: string, packSize = 1) =>
  new Map((await siteRows(itemId, packSize)).map((r) => [r.site_no as number, Number(r.version)]));
const historyOf = (itemId: string, packSize = 1) =>
  q<{ site_no: number; source: string; changed_by: string; unit_list: string }>(
    sql`select s.site_no, h.source, h.changed_by, h.unit_list::text from item_history h
      join sites s on s.id = h.site_id where h.item_id = ${itemId} and h.pack_size = ${packSize} order by h.id`,
  );
const summaryOf = (zoneId: number, itemId: string) =>
  q(sql`select unit_list::text, unit_cost::text, margin::text, description, site_count, upc_code,
      is_price_uniform from zone_items where zone_id = ${zoneId} and item_id = ${itemId} and pack_size = 1`).then(
    (r) => r[0],
  );

/** A complete new item as the Add Item form sends it. */
const newItem = (over: Record<string, unknown> = {}) => ({
  operation: 'Add Item',
  ID: 'NEW0001',
  PackSize: 1,
  // 01234567890 -> weights give 85 -> check digit 5.
  UpcCode: '012345678905',
  UpcPackSize: 1,
  InvType: 'I',
  Description: 'NEW ENERGY DRINK',
  ReceiptDescription: 'ENERGY',
  DeptSub: '2.01',
  UnitList: '2.49',
  UnitCost: '1.2000',
  TaxGroupId: 2,
  CrvID: 1,
  Active: true,
  SendToPos: true,
  VendorId: 'COREMARK',
  Vendors: [{ VendorID: 'COREMARK', VendorItem: '123456', Text: 'COREMARK - Core-Mark' }],
  ItemGroups: ['SODA'],
  SizeDescs: [
    { Unit: 'EA', Qty: '1', Status: 'New' },
    { Unit: 'CS', Qty: '12', Status: 'New' },
  ],
  Recipes: null,
  MinOnHand: 2,
  MaxOnHand: 10,
  MinPurchaseQty: 1,
  ...over,
});

describe('creating a new item', () => {
  it('creates it at every site of the zone with history, catalogue row and zone summary', async () => {
    const res = await api.save([newItem()]);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().RootResults;
    expect(out.Saved).toBe(1);
    expect(out.Message).toBe('NEW0001@1 saved.');
    expect(out.MissingUOMs).toEqual([]);
    expect(out.Items[0]).toMatchObject({
      ID: 'NEW0001',
      ExistingItem: true,
      IsNew: false,
      UpcCode: '012345678905',
      UnitList: '2.49',
      UnitCost: '1.2000',
      // (2.49 - 1.20) / 2.49 = 51.8072...%
      Margin: '51.807',
      TaxGroupId: 2,
      CrvID: 1,
      MinOnHand: 2,
      MaxOnHand: 10,
      ItemGroups: ['SODA'],
      Vendors: [{ VendorID: 'COREMARK', VendorItem: '123456', Text: 'COREMARK - Core-Mark' }],
      SiteCount: 3,
      HasHistory: true,
      Message: 'NEW0001@1 saved.',
    });
    expect(out.Items[0].SizeDescs.map((u: { Unit: string; Qty: string }) => [u.Unit, u.Qty])).toEqual([
      ['EA', '1'],
      ['CS', '12'],
    ]);
    const row = {
      description: 'NEW ENERGY DRINK',
      unit_list: '2.49',
      unit_cost: '1.2000',
      dept: 2,
      sub: 1,
    };
    expect(await siteValues('NEW0001')).toEqual([
      { site_no: 11, ...row },
      { site_no: 12, ...row },
      { site_no: 13, ...row },
    ]);
    // The key handed out is the newest version of the zone's rows.
    expect(out.Items[0].UpdateKey).toBe(String(Math.max(...(await versionsOf('NEW0001')).values())));
    expect(await q(sql`select upc_code, upc_pack_size from items where item_id = 'NEW0001'`)).toEqual([
      { upc_code: '012345678905', upc_pack_size: 1 },
    ]);
    expect(
      (await historyOf('NEW0001')).map((h) => [h.site_no, h.source, h.changed_by, h.unit_list]).sort(),
    ).toEqual([
      [11, 'Add Item', 'ann', '2.49'],
      [12, 'Add Item', 'ann', '2.49'],
      [13, 'Add Item', 'ann', '2.49'],
    ]);
    expect(await summaryOf(fx.north.id, 'NEW0001')).toEqual({
      unit_list: '2.49',
      unit_cost: '1.2000',
      margin: '51.807',
      description: 'NEW ENERGY DRINK',
      site_count: 3,
      upc_code: '012345678905',
      is_price_uniform: true,
    });
    // Store 13 is in South too: South now shows the item at one site.
    expect(await summaryOf(fx.south.id, 'NEW0001')).toMatchObject({ site_count: 1, unit_list: '2.49' });

    // Item Adjustment finds it, and the lookup now says existing.
    const grid = await api.post('/adjust/ann/sscitems', {
      ZoneSetupID: fx.north.id,
      clientCriterias: { ApplyInventoryID: true, InventoryID: 'NEW0001' },
    });
    expect(grid.json().GetSSCSItemsResult).toMatchObject({
      TotalCount: 1,
      Items: [{ ID: 'NEW0001', UnitList: '2.49', Description: 'NEW ENERGY DRINK', SiteCount: 3 }],
    });
    expect(await api.item('NEW0001')).toMatchObject({
      ExistingItem: true,
      Message: 'Success: Existing Item.',
    });
  });

  it('accepts the body as a single model too', async () => {
    const res = await api.post('/updateBatchItem/ann', {
      model: { ...newItem({ ID: 'NEW0002', Vendors: null, VendorId: null }), ZoneSetupID: fx.north.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toMatchObject({ Saved: 1, Message: 'NEW0002@1 saved.' });
    expect((await siteRows('NEW0002')).length).toBe(3);
  });

  it('saves many items in one call', async () => {
    const res = await api.save([newItem({ ID: 'MANY1' }), newItem({ ID: 'MANY2', UnitList: '3.00' })]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toMatchObject({ Saved: 2, Message: 'Success : 2 item(s) saved.' });
    expect((await siteRows('MANY2')).map((r) => r.unit_list)).toEqual(['3.00', '3.00', '3.00']);
  });

  it('refuses the whole list when one item is refused', async () => {
    const before = await snapshotItems(tdb.db);
    const res = await api.save([newItem({ ID: 'GOOD1' }), newItem({ ID: 'BAD1', Description: '' })]);
    expect(res.statusCode).toBe(420);
    expect(res.json().ErrorMessage).toBe('BAD1@1 Description: Required (35 char max).');
    expect(await snapshotItems(tdb.db)).toEqual(before);
  });
});

describe('updating an existing item', () => {
  it('writes the changed fields at the zone sites carrying it, with history and summaries', async () => {
    const item = await api.item(COKE);
    const before = await versionsOf(COKE);
    const res = await api.save([
      { ...item, operation: 'UpdateBatchItem', Description: 'COKE 20 OZ BOTTLE', UnitList: '1.99' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults.Items[0]).toMatchObject({
      Description: 'COKE 20 OZ BOTTLE',
      UnitList: '1.99',
      IsPriceUniform: true,
    });
    // The three North rows got new versions, above any before; store 14 (South only) kept its own.
    const after = await versionsOf(COKE);
    const newest = Math.max(...before.values());
    expect([11, 12, 13].every((n) => (after.get(n) ?? 0) > newest)).toBe(true);
    expect(after.get(14)).toBe(before.get(14));
    expect(res.json().RootResults.Items[0].UpdateKey).toBe(
      String(Math.max(...[11, 12, 13].map((n) => after.get(n)!))),
    );
    expect(await siteValues(COKE)).toEqual([
      {
        site_no: 11,
        description: 'COKE 20 OZ BOTTLE',
        unit_list: '1.99',
        unit_cost: '1.0740',
        dept: 2,
        sub: 1,
      },
      {
        site_no: 12,
        description: 'COKE 20 OZ BOTTLE',
        unit_list: '1.99',
        unit_cost: '1.0740',
        dept: 2,
        sub: 1,
      },
      {
        site_no: 13,
        description: 'COKE 20 OZ BOTTLE',
        unit_list: '1.99',
        unit_cost: '1.0740',
        dept: 2,
        sub: 1,
      },
      // Store 14 is only in South.
      {
        site_no: 14,
        description: 'COKE 20OZ',
        unit_list: '1.79',
        unit_cost: '1.0740',
        dept: 2,
        sub: 1,
      },
    ]);
    expect((await historyOf(COKE)).map((h) => [h.site_no, h.source, h.unit_list]).sort()).toEqual([
      [11, 'Edit Item', '1.99'],
      [12, 'Edit Item', '1.99'],
      [13, 'Edit Item', '1.99'],
    ]);
    expect(await summaryOf(fx.north.id, COKE)).toMatchObject({ unit_list: '1.99', is_price_uniform: true });
    expect(await summaryOf(fx.south.id, COKE)).toMatchObject({ is_price_uniform: false, site_count: 2 });
  });

  it('leaves the other fields of each site as they are, unless a change flag forces them', async () => {
    // PRIO1: store 11 has 2.29 and 'TOP SITE VALUE'; stores 12 and 13 have 1.99 and 'COMMON VALUE'.
    const item = await api.item('PRIO1');
    const res = await api.save([{ ...item, Description: 'PRIORITY ITEM' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await siteRows('PRIO1')).map((r) => [r.site_no, r.description, r.unit_list])).toEqual([
      [11, 'PRIORITY ITEM', '2.29'],
      [12, 'PRIORITY ITEM', '1.99'],
      [13, 'PRIORITY ITEM', '1.99'],
    ]);
    const again = await api.item('PRIO1');
    const forced = await api.save([{ ...again, HasPriceChanged: true }]);
    expect(forced.statusCode, forced.body).toBe(200);
    expect((await siteRows('PRIO1')).map((r) => r.unit_list)).toEqual(['2.29', '2.29', '2.29']);
  });

  it('takes a partial model: keys left out keep their values', async () => {
    const item = await api.item('04900000045');
    const res = await api.save([
      {
        operation: 'UpdateBatchItem',
        ID: '04900000045',
        PackSize: 1,
        UpdateKey: item.UpdateKey,
        UnitCost: '0.9500',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults.Items[0]).toMatchObject({
      Description: 'SPRITE 20OZ',
      UnitList: '1.79',
      UnitCost: '0.9500',
      VendorId: 'COREMARK',
    });
  });

  it('counts an unchanged item as saved without writing it', async () => {
    const item = await api.item(LAYS);
    const before = await snapshotItems(tdb.db);
    const res = await api.save([item]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toMatchObject({ Saved: 1, Message: `${LAYS}@1 saved.` });
    expect(await snapshotItems(tdb.db)).toEqual(before);
  });

  it('refuses a stale UpdateKey with 409 and changes nothing', async () => {
    const item = await api.item('07700000080');
    // Someone else changes the phone card through Item Adjustment meanwhile.
    const other = await api.post('/adjust/ann/submitChange', {
      ZoneSetupID: fx.north.id,
      Item: { ID: '07700000080', PackSize: 1, Description: 'PHONE CARD $10' },
    });
    expect(other.statusCode, other.body).toBe(200);
    const before = await snapshotItems(tdb.db);
    const res = await api.save([{ ...item, UnitList: '10.50' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      ErrorMessage:
        'This item was changed by someone else since you loaded it. Reload and try again. (07700000080@1)',
      AjaxError: {
        Status: 409,
        StatusText: 'Conflict',
        Message:
          'Error : Unable to save item, error=This item was changed by someone else since you loaded it. Reload and try again. (07700000080@1)',
        Errors: [],
      },
    });
    expect(await snapshotItems(tdb.db)).toEqual(before);
  });
});

describe('cloning', () => {
  it('creates the clone from the original named in CloneOf, with its catalogue facts', async () => {
    const res = await api.save([
      { operation: 'Add Item', Status: 'Cloning', ID: 'cola2', PackSize: 1, CloneOf: `${COKE}@1` },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const clone = res.json().RootResults.Items[0];
    const original = await api.item(COKE);
    for (const f of [
      'UpcCode',
      'UpcPackSize',
      'Description',
      'InvType',
      'DeptSub',
      'UnitList',
      'UnitCost',
      'TaxGroupId',
      'CrvID',
      'VendorId',
      'Vendors',
      'ItemGroups',
      'Recipes',
    ]) {
      expect(clone[f], f).toEqual(original[f]);
    }
    const units = (m: Record<string, unknown>) =>
      (m.SizeDescs as { Unit: string; Qty: string }[]).map((u) => [u.Unit, u.Qty]);
    expect(units(clone)).toEqual([
      ['EA', '1'],
      ['CS', '24'],
    ]);
    expect(units(clone)).toEqual(units(original));
    expect(clone).toMatchObject({ ID: 'COLA2', UpcCode: COKE_UPC, ExistingItem: true, SiteCount: 3 });
    expect((await historyOf('COLA2')).map((h) => h.source)).toEqual(['Add Item', 'Add Item', 'Add Item']);
  });

  it('creates a clone sent as a copy of the lookup with a new ID and pack size', async () => {
    const original = await api.item(LAYS);
    // 02840000001: weights give 33, check digit 7 (a new item needs its UPC).
    const res = await api.save([
      {
        ...original,
        ID: LAYS,
        PackSize: 12,
        UpcCode: '028400000017',
        UpdateKey: null,
        operation: 'Add Item',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await siteValues(LAYS, 12)).toEqual(
      [11, 12, 13].map((site_no) => ({
        site_no,
        description: 'LAYS CLASSIC 1OZ',
        unit_list: '0.99',
        unit_cost: '0.5500',
        dept: 4,
        sub: 1,
      })),
    );
  });

  it("asks for the clone's ID, and refuses an ID that exists", async () => {
    const noId = await api.save([{ operation: 'Add Item', Status: 'Cloning', ID: '', CloneOf: `${COKE}@1` }]);
    expect(noId.statusCode).toBe(420);
    expect(noId.json().ErrorMessage).toBe("ID: Please Enter Clone's ID/PkSz");
    const taken = await api.save([{ operation: 'Add Item', ID: '04900000045', CloneOf: `${COKE}@1` }]);
    expect(taken.statusCode).toBe(420);
    expect(taken.json().ErrorMessage).toBe('ID: ID Already Exists');
  });
});

describe('an item found outside the zone', () => {
  it('is saved in this zone at every site with the price the user typed; the outside sites keep theirs', async () => {
    const item = await api.item('ELSEWHERE');
    const before = await versionsOf('ELSEWHERE');
    const res = await api.save([{ ...item, UnitList: '2.79' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults.Items[0]).toMatchObject({
      ExistingItem: true,
      OutOfZone: false,
      SiteCount: 3,
    });
    expect((await siteRows('ELSEWHERE')).map((r) => [r.site_no, r.description, r.unit_list, r.dept])).toEqual(
      [
        [11, 'OUTSIDE AT 14', '2.79', 4],
        [12, 'OUTSIDE AT 14', '2.79', 4],
        [13, 'OUTSIDE AT 14', '2.79', 4],
        [14, 'OUTSIDE AT 14', '2.59', 4],
        [15, 'OUTSIDE AT 15', '2.69', 2],
      ],
    );
    // The outside rows were not written.
    const after = await versionsOf('ELSEWHERE');
    expect([after.get(14), after.get(15)]).toEqual([before.get(14), before.get(15)]);
  });
});

describe('units of measure and linked items', () => {
  it('stores linked items and reports the units the linked item lacks', async () => {
    const res = await api.save([
      newItem({
        ID: 'MEAL1',
        Description: 'COLA CASE AND CHIPS',
        Vendors: null,
        VendorId: null,
        ItemGroups: null,
        SizeDescs: null,
        Recipes: [
          { ItemID: COKE, ItemPkSz: 1, Unit: 'CS', UnitQty: '24', Qty: '1', status: 'New' },
          { ItemID: LAYS, ItemPkSz: 1, Unit: 'PK', UnitQty: '6', Qty: '2', status: 'New' },
        ],
      }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().RootResults;
    expect(out.MissingUOMs).toEqual([{ ItemID: LAYS, ItemPkSz: 1, Unit: 'PK', ForItem: 'MEAL1@1' }]);
    expect(out.Items[0].MissingUOMs).toEqual([{ ItemID: LAYS, ItemPkSz: 1, Unit: 'PK' }]);
    // A later lookup reports it too, until the unit is added.
    expect((await api.item('MEAL1')).MissingUOMs).toEqual([{ ItemID: LAYS, ItemPkSz: 1, Unit: 'PK' }]);
    // Cola in North costs 1.0740 (a clone test above did not change it): 1.074 x 24 x 1 = 25.776;
    // chips 0.55 x 6 x 2 = 6.6.
    expect(
      out.Items[0].Recipes.map((r: Record<string, unknown>) => [r.ItemID, r.Unit, r.Cost, r.IngredientCost]),
    ).toEqual([
      [LAYS, 'PK', '0.5500', '6.6000'],
      [COKE, 'CS', '1.0740', '25.7760'],
    ]);

    // The page appends the missing unit and saves again: the chips gain PK (qty from the link's UnitQty).
    const layVersions = await versionsOf(LAYS);
    const again = await api.save([
      { ...out.Items[0], MissingUOMs: [{ ItemID: LAYS, ItemPkSz: 1, Unit: 'PK' }] },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().RootResults.MissingUOMs).toEqual([]);
    expect(
      await q(sql`select unit, qty::text from item_uoms where item_id = ${LAYS} and pack_size = 1`),
    ).toEqual([{ unit: 'PK', qty: '6.0000' }]);
    // A catalogue change marks the chips pending at every site carrying them.
    const newest = Math.max(...layVersions.values());
    const now = await versionsOf(LAYS);
    expect([...now.keys()]).toEqual([...layVersions.keys()]);
    expect([...now.values()].every((v) => v > newest)).toBe(true);
    expect((await historyOf(LAYS)).map((h) => h.source)).toEqual(['Edit Item', 'Edit Item', 'Edit Item']);
  });

  it('accepts a link to an item created in the same save', async () => {
    const res = await api.save([
      newItem({ ID: 'KIT1', Recipes: [{ ItemID: 'PART1', ItemPkSz: 1, Unit: 'EA', Qty: '3' }] }),
      newItem({ ID: 'PART1' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults.MissingUOMs).toEqual([]);
    expect(await q(sql`select link_item_id, unit, qty::text from item_links where item_id = 'KIT1'`)).toEqual(
      [{ link_item_id: 'PART1', unit: 'EA', qty: '3.0000' }],
    );
  });

  it('refuses a linked item named twice, or one that does not exist, and changes nothing', async () => {
    const before = await snapshotItems(tdb.db);
    const dup = await api.save([
      newItem({
        ID: 'MEAL2',
        Recipes: [
          { ItemID: COKE, ItemPkSz: 1, Unit: 'EA', Qty: '1' },
          { ItemID: COKE, ItemPkSz: '1', Unit: 'CS', Qty: '1', status: 'Duplicate' },
        ],
      }),
    ]);
    expect(dup.statusCode).toBe(420);
    expect(dup.json().ErrorMessage).toBe(`Recipes.1.ItemID: Duplicate: ${COKE}@1 is linked more than once.`);
    const missing = await api.save([newItem({ ID: 'MEAL2', Recipes: [{ ItemID: 'nosuch', Qty: '1' }] })]);
    expect(missing.statusCode).toBe(420);
    expect(missing.json().ErrorMessage).toBe('Recipes.0.ItemID: Linked item NOSUCH@1 does not exist.');
    const self = await api.save([newItem({ ID: 'MEAL2', Recipes: [{ ItemID: 'MEAL2', Qty: '1' }] })]);
    expect(self.json().ErrorMessage).toBe('Recipes.0.ItemID: An item cannot be linked to itself.');
    const qty = await api.save([newItem({ ID: 'MEAL2', Recipes: [{ ItemID: COKE, Qty: '0' }] })]);
    expect(qty.json().ErrorMessage).toBe('Recipes.0.Qty: Value must be greater than zero');
    expect(await snapshotItems(tdb.db)).toEqual(before);
  });

  it('replaces the units of measure, dropping rows marked deleted', async () => {
    const item = await api.item('04900000045');
    const res = await api.save([
      {
        ...item,
        SizeDescs: [
          { Unit: 'ea', Qty: '1', Status: 'New' },
          { Unit: 'CTN', Qty: '10.5', Status: 'New' },
          { Unit: 'CS', Qty: '24', Status: 'Deleted' },
        ],
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().RootResults.Items[0].SizeDescs.map((u: { Unit: string; Qty: string }) => [u.Unit, u.Qty]),
    ).toEqual([
      ['EA', '1'],
      ['CTN', '10.5'],
    ]);
    const unknown = await api.save([{ ...item, UpdateKey: null, SizeDescs: [{ Unit: 'XX', Qty: '1' }] }]);
    expect(unknown.statusCode).toBe(420);
    expect(unknown.json().ErrorMessage).toBe("SizeDescs.0.Unit: Unknown unit of measure 'XX'.");
  });
});

describe('vendors', () => {
  it('replaces the vendor item numbers and marks the item pending at sites outside the zone', async () => {
    const item = await api.item(COKE);
    const s14Before = (await versionsOf(COKE)).get(14)!;
    const res = await api.save([
      {
        ...item,
        Vendors: [
          { VendorID: 'COREMARK', VendorItem: '400099' },
          { VendorID: 'PEPSI - Pepsi DSD', VendorItem: 'P1' },
          { VendorID: 'MCLANE', VendorItem: 'M700007', operation: 'Delete' },
        ],
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await api.get(`/vendorsPerItem/ann/${fx.north.id}/${COKE}`)).json().RootResults).toEqual([
      { VendorID: 'COREMARK', VendorItem: '400099', Text: 'COREMARK - Core-Mark' },
      { VendorID: 'PEPSI', VendorItem: 'P1', Text: 'PEPSI - Pepsi DSD' },
    ]);
    // Store 14 (South only) carries the cola: its row is pending again, with history.
    const [s14] = await q<{ version: number }>(
      sql`select version::int as version from site_items where item_id = ${COKE} and site_id = ${fx.sites.s14}`,
    );
    expect(s14.version).toBeGreaterThan(s14Before);
    expect((await historyOf(COKE)).filter((h) => h.site_no === 14).map((h) => h.source)).toEqual([
      'Edit Item',
    ]);
  });

  it('needs the ApplyVendor preference, and known vendors listed once', async () => {
    const noVendor = await buildUser(tdb.db, {
      userName: 'vic',
      password: 'vic-pw',
      zoneIds: [fx.north.id],
      prefs: [3, 4],
    });
    const c = await signIn(app, noVendor.userName, 'vic-pw');
    const item = await api.item('04900000045');
    const before = await snapshotItems(tdb.db);
    const res = await app.inject({
      method: 'POST',
      url: '/updateBatchItem/vic',
      headers: { cookie: c },
      payload: {
        ZoneSetupID: fx.north.id,
        Items: [{ ...item, Vendors: [{ VendorID: 'PEPSI', VendorItem: 'P2' }] }],
      },
    });
    expect(res.statusCode).toBe(420);
    expect(res.json().ErrorMessage).toBe('Vendors: Your preferences do not allow setting vendors.');
    const unknown = await api.save([{ ...item, Vendors: [{ VendorID: 'NOPE', VendorItem: '1' }] }]);
    expect(unknown.json().ErrorMessage).toBe("Vendors.0.VendorID: No vendor 'NOPE'.");
    const twice = await api.save([
      {
        ...item,
        Vendors: [
          { VendorID: 'PEPSI', VendorItem: '1' },
          { VendorID: 'PEPSI', VendorItem: '2' },
        ],
      },
    ]);
    expect(twice.json().ErrorMessage).toBe("Vendors.1.VendorID: Vendor 'PEPSI' is listed more than once.");
    const blank = await api.save([{ ...item, Vendors: [{ VendorID: 'PEPSI', VendorItem: ' ' }] }]);
    expect(blank.json().ErrorMessage).toBe('Vendors.0.VendorItem: Required.');
    expect(await snapshotItems(tdb.db)).toEqual(before);
  });
});

describe('item groups', () => {
  it('replaces the groups and creates a group named for the first time', async () => {
    const item = await api.item('04900000045');
    const res = await api.save([{ ...item, ItemGroups: ['soda', 'summer-promo'] }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults.Items[0].ItemGroups).toEqual(['SODA', 'SUMMER-PROMO']);
    expect(await q(sql`select id, description from item_groups where id = 'SUMMER-PROMO'`)).toEqual([
      { id: 'SUMMER-PROMO', description: 'SUMMER-PROMO' },
    ]);
  });
});
