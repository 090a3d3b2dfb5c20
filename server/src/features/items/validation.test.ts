import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/support/app';
import type { TestDatabase } from '../../../test/support/database';
import { buildUser } from '../../../test/support/factories';
import {
  COKE,
  type ItemsFixture,
  type itemsApi,
  snapshotItems,
  startItemsSuite,
  stopSuite,
} from '../../../test/support/items-fixture';

let tdb: TestDatabase;
let app: FastifyInstance;
let fx: ItemsFixture;
let api: ReturnType<typeof itemsApi>;
let before: Awaited<ReturnType<typeof snapshotItems>>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ({ tdb, fx, app, api } = await startItemsSuite());
  // Preference IDs: 1 ApplyVendor, 2 DisableItmGrp, 3 UpdateUnitCost, 4 MinMaxItemAdjust.
  for (const [name, prefs] of [
    ['cora', [1, 4]],
    ['mina', [1, 3]],
    ['gina', [1, 2, 3, 4]],
    ['vera', [3, 4]],
  ] as const) {
    await buildUser(tdb.db, {
      userName: name,
      password: `${name}-pw`,
      zoneIds: [fx.north.id],
      prefs: [...prefs],
    });
    cookies[name] = await signIn(app, name, `${name}-pw`);
  }
  before = await snapshotItems(tdb.db);
});
afterAll(() => stopSuite({ app, tdb }));

const newItem = (over: Record<string, unknown> = {}) => ({
  operation: 'Add Item',
  ID: 'NEW0001',
  PackSize: 1,
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
  VendorId: 'COREMARK',
  Vendors: [{ VendorID: 'COREMARK', VendorItem: '123456' }],
  ItemGroups: ['SODA'],
  SizeDescs: [{ Unit: 'EA', Qty: '1' }],
  Recipes: null,
  MinOnHand: 2,
  MaxOnHand: 10,
  MinPurchaseQty: 1,
  ...over,
});

const saveAs = (user: string, items: Record<string, unknown>[]) =>
  app.inject({
    method: 'POST',
    url: `/updateBatchItem/${user}`,
    headers: { cookie: cookies[user] },
    payload: { ZoneSetupID: fx.north.id, Items: items },
  });

/** A refused save: status 420, exactly this message, and nothing changed anywhere. */
async function expectRefused(res: Awaited<ReturnType<typeof api.save>>, message: string) {
  expect(res.statusCode, res.body).toBe(420);
  expect(res.json().ErrorMessage).toBe(message);
  expect(res.json().AjaxError).toMatchObject({
    Status: 420,
    StatusText: 'Backend server cannot save this item',
  });
  expect(await snapshotItems(tdb.db)).toEqual(before);
}

const X36 = 'X'.repeat(36);

describe('validation of a new item, each with the spec text', () => {
  it.each([
    ['ID missing', { ID: '' }, 'ID: Required.'],
    ['UPC-E that is not one', { ID: '/12' }, 'ID: Enter a UPC-E as / followed by 6, 7 or 8 digits.'],
    ['pack size 0', { PackSize: 0 }, 'PackSize: Enter a minimum of 1.'],
    ['pack size not whole', { PackSize: '1.5' }, 'PackSize: Enter a whole number.'],
    ['UPC with a wrong check digit', { UpcCode: '012345678904' }, 'UpcCode: Invalid UPC Check Digit'],
    ['UPC missing', { UpcCode: '' }, 'UpcCode: Required.'],
    ['UPC pack size below 1', { UpcPackSize: -2 }, 'UpcPackSize: Enter a minimum of 1.'],
    ['description missing', { Description: ' ' }, 'Description: Required (35 char max).'],
    ['description of 36 characters', { Description: X36 }, 'Description: Please enter no more 35 characters'],
    [
      'receipt description of 36 characters',
      { ReceiptDescription: X36 },
      'ReceiptDescription: Please enter no more 35 characters',
    ],
    ['department missing', { DeptSub: '' }, 'DeptSub: Required.'],
    ['department not in the zone', { DeptSub: '77.01' }, "DeptSub: Invalid department selected '77.01'"],
    [
      'department not a number',
      { DeptSub: 'Produce' },
      'DeptSub: The department must be a valid existing department.',
    ],
    [
      'expense item outside an EX department',
      { InvType: 'X', UnitList: '0.00' },
      'DeptSub: An expense (X) item can only be placed in an EX department.',
    ],
    [
      'expense item with a list price',
      { InvType: 'X', DeptSub: '90.00' },
      'UnitList: Error : Item tagged as Expense (X) cannot have its list price changed.',
    ],
    ['unknown type', { InvType: 'Q' }, 'InvType: Required.'],
    ['unit list missing', { UnitList: '' }, 'UnitList: Required.'],
    ['unit list below 0', { UnitList: '-0.01' }, 'UnitList: Enter a minimum of 0.'],
    [
      'unit list not money',
      { UnitList: 'abc' },
      'UnitList: Enter a valid amount, such as 1.50 or $1,234.50.',
    ],
    ['cost below 0', { UnitCost: '-1' }, 'UnitCost: Enter a minimum of 0.'],
    [
      'max below min',
      { MinOnHand: 5, MaxOnHand: 2 },
      'MaxOnHand: Max on hand cannot be less than min on hand.',
    ],
    ['min below 0', { MinOnHand: -1 }, 'MinOnHand: Enter a minimum of 0.'],
    ['tax group not in the zone', { TaxGroupId: 9 }, 'TaxGroupId: No tax group 9 in this zone.'],
    ['redemption not in the zone', { CrvID: '7 - CRV 7' }, 'CrvID: No redemption 7 in this zone.'],
    ['unknown vendor', { VendorId: 'NOPE' }, "VendorId: No vendor 'NOPE'."],
    ['item group of 29 characters', { ItemGroups: ['G'.repeat(29)] }, 'ItemGroups.0: 28 char. max'],
    [
      'unit quantity not a number',
      { SizeDescs: [{ Unit: 'EA', Qty: 'abc' }] },
      'SizeDescs.0.Qty: Enter a valid number.',
    ],
    [
      'unit listed twice',
      {
        SizeDescs: [
          { Unit: 'EA', Qty: '1' },
          { Unit: 'ea', Qty: '2' },
        ],
      },
      "SizeDescs.1.Unit: Unit 'EA' is listed more than once.",
    ],
    [
      'unknown operation',
      { operation: 'Frobnicate' },
      "operation: Unknown operation 'Frobnicate'; use 'Add Item' or 'UpdateBatchItem'.",
    ],
    ['adding an item the zone has', { ID: '04900000045' }, 'ID: ID Already Exists'],
    [
      'updating an item the zone does not have',
      { operation: 'UpdateBatchItem', ID: 'NOTHERE' },
      "ID: NOTHERE@1 is not in this zone; save it with operation 'Add Item'.",
    ],
    ['cloning an item found nowhere', { CloneOf: 'NOSUCH@1' }, 'CloneOf: NOSUCH@1 was not found.'],
    [
      'missing unit that is no unit of measure',
      { MissingUOMs: [{ ItemID: COKE, ItemPkSz: 1, Unit: 'XX' }] },
      "MissingUOMs.0.Unit: Unknown unit of measure 'XX'.",
    ],
    [
      'missing unit for an item that does not exist',
      { MissingUOMs: [{ ItemID: 'nosuch', Unit: 'EA' }] },
      'MissingUOMs.0.ItemID: Item NOSUCH@1 does not exist.',
    ],
    ['linked item without ID', { Recipes: [{ ItemID: '', Qty: '1' }] }, 'Recipes.0.ItemID: Required.'],
  ])('%s', async (_name, over, message) => {
    await expectRefused(await api.save([newItem(over)]), message);
  });

  it('lists every error of the model, with the details in AjaxError', async () => {
    const res = await api.save([newItem({ Description: '', UnitList: '' })]);
    await expectRefused(res, 'Description: Required (35 char max).; UnitList: Required.');
    expect(res.json().AjaxError).toEqual({
      Status: 420,
      StatusText: 'Backend server cannot save this item',
      Message: 'Error : Unable to save item, error=Description: Required (35 char max).; UnitList: Required.',
      Errors: [
        { Index: 0, idplu: 'NEW0001@1', Field: 'Description', Message: 'Required (35 char max).' },
        { Index: 0, idplu: 'NEW0001@1', Field: 'UnitList', Message: 'Required.' },
      ],
    });
  });

  it('refuses the same item twice in one save', async () => {
    await expectRefused(
      await api.save([newItem(), newItem({ ID: 'new0001' })]),
      'NEW0001@1 ID: NEW0001@1 Item already added.',
    );
  });

  it('refuses an empty save', async () => {
    await expectRefused(await api.save([]), 'Items: You have not modified any item');
  });

  it('refuses a list price change of an existing expense item', async () => {
    const paper = await api.item('9001');
    await expectRefused(
      await api.save([{ ...paper, UnitList: '1.00' }]),
      'UnitList: Error : Item tagged as Expense (X) cannot have its list price changed.',
    );
  });

  it('needs a zone the user has', async () => {
    const none = await app.inject({
      method: 'POST',
      url: '/updateBatchItem/ann',
      headers: { cookie: await signIn(app, 'ann', 'ann-pw') },
      payload: { Items: [newItem()] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().ErrorMessage).toBe('ZoneSetupID: Required.');
    const other = await api.save([newItem()], fx.other.id);
    expect(other.statusCode).toBe(403);
    expect(other.json().ErrorMessage).toBe('You do not have access to this zone.');
    expect(await snapshotItems(tdb.db)).toEqual(before);
  });
});

describe('preference flags', () => {
  it('refuses a cost without UpdateUnitCost, for a new item and for an existing one', async () => {
    await expectRefused(
      await saveAs('cora', [newItem()]),
      'UnitCost: Your preferences do not allow changing unit costs.',
    );
    const coke = await api.item(COKE);
    await expectRefused(
      await saveAs('cora', [{ ...coke, UnitCost: '1.1000' }]),
      'UnitCost: Your preferences do not allow changing unit costs.',
    );
  });

  it('refuses min/max without MinMaxItemAdjust', async () => {
    await expectRefused(
      await saveAs('mina', [newItem()]),
      'MinOnHand: Your preferences do not allow changing min/max.; MaxOnHand: Your preferences do not allow changing min/max.; MinPurchaseQty: Your preferences do not allow changing min/max.',
    );
  });

  it('refuses item groups with DisableItmGrp', async () => {
    await expectRefused(
      await saveAs('gina', [newItem()]),
      'ItemGroups: Your preferences do not allow maintaining item groups.',
    );
  });

  it('refuses vendors without ApplyVendor', async () => {
    await expectRefused(
      await saveAs('vera', [newItem()]),
      'VendorId: Your preferences do not allow setting vendors.; Vendors: Your preferences do not allow setting vendors.',
    );
  });

  it('lets a user without those flags save an item that does not use them', async () => {
    const plain = newItem({
      ID: 'PLAIN1',
      UnitCost: '',
      MinOnHand: null,
      MaxOnHand: null,
      MinPurchaseQty: null,
      VendorId: null,
      Vendors: null,
      ItemGroups: null,
    });
    for (const user of ['cora', 'mina', 'gina', 'vera']) {
      const res = await saveAs(user, [{ ...plain, ID: `PLAIN-${user}` }]);
      expect(res.statusCode, `${user}: ${res.body}`).toBe(200);
      expect(res.json().RootResults.Items[0]).toMatchObject({
        UnitCost: '0.0000',
        VendorId: null,
        ItemGroups: [],
      });
    }
    // An existing item whose cost the user leaves alone saves too.
    const coke = await api.item(COKE);
    const res = await saveAs('cora', [{ ...coke, Description: 'COKE 20 OZ' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults.Items[0]).toMatchObject({ Description: 'COKE 20 OZ', UnitCost: '1.0740' });
  });
});
