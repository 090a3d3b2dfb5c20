/**
 * The Negotiated Cost Manager's calls (spec part 2 §7 "Negotiated cost", §5, §8): header save with
 * its version (a stale save is refused and changes nothing), delete, add and remove items, the
 * combo and the item lookup; another user's path or zone is 403.
 * Fixture: North (ann's: stores 11-13, COKE, SPRITE, LAYS 1 and 6), Other (otto's, store 15).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import { PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';

const { COKE, SPRITE, LAYS } = PB_ITEMS;

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let deal: number;
let chips: number;
let others: number;

async function header(zoneId: number, label: string, cost: string, eff: string, exp: string) {
  const [h] = await rows<{ id: number }>(
    tdb.db,
    sql`insert into negotiated_cost_headers (zone_id, vendor_id, label, cost, effective_date, expiration_date)
      values (${zoneId}, 'COREMARK', ${label}, ${cost}, ${eff}, ${exp}) returning id`,
  );
  return h.id;
}

beforeAll(async () => {
  ({ tdb, app, pb, cookie } = await openPricebookSuite());
});
afterAll(() => closeSuite({ tdb, app, pb, cookie }));

beforeEach(async () => {
  await tdb.db.execute(sql`delete from negotiated_cost_headers`);
  deal = await header(pb.north.id, 'Soda Deal', '0.95', '2026-11-02', '2026-12-31');
  chips = await header(pb.north.id, 'Chips Allowance', '3.1250', '2026-10-01', '2026-10-31');
  others = await header(pb.other.id, 'Not Ann', '1.00', '2026-11-01', '2026-11-30');
  await tdb.db.execute(sql`insert into negotiated_cost_items (header_id, item_id, pack_size) values
    (${deal}, ${COKE}, 1), (${deal}, ${SPRITE}, 1), (${chips}, ${LAYS}, 6)`);
});

const post = (url: string, payload: unknown, c = cookie) =>
  app.inject({ method: 'POST', url, headers: { cookie: c }, payload: payload as object });
const stored = async (id: number) =>
  (
    await rows<{ label: string; cost: string; exp: string; version: number }>(
      tdb.db,
      sql`select label, cost::text, expiration_date::text exp, version from negotiated_cost_headers where id = ${id}`,
    )
  )[0];
const itemsOf = async (id: number) =>
  (
    await rows<{ item_id: string; pack_size: number }>(
      tdb.db,
      sql`select item_id, pack_size from negotiated_cost_items where header_id = ${id} order by item_id, pack_size`,
    )
  ).map((r) => `${r.item_id}/${r.pack_size}`);

const saveBody = (over: Record<string, unknown> = {}) => ({
  NegotiatedCostHeader: {
    NegCostID: deal,
    Version: 1,
    VendorId: 'COREMARK',
    Label: 'Soda Deal Q4',
    Cost: '0.9125',
    CostEffectiveDateTime: '11/02/2026',
    CostExpirationDateTime: '01/15/2027',
    Items: [],
    ...over,
  },
});
const UPDATE = '/negcost/ann/updateNegotiatedCostHeaders';

describe('GET /adjust/negcosthdrs/{user}/{zone}', () => {
  it('gives each header its version', async () => {
    const res = await app.inject({ url: `/adjust/negcosthdrs/ann/${pb.north.id}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().root.map((h: { NegCostID: number; Version: number }) => [h.NegCostID, h.Version]),
    ).toEqual([
      [deal, 1],
      [chips, 1],
    ]);
  });
});

describe('POST /negcost/{user}/updateNegotiatedCostHeaders', () => {
  it('saves the row, raises its version and answers the header with its items', async () => {
    const res = await post(UPDATE, saveBody());
    expect(res.statusCode, res.body).toBe(200);
    const h = res.json().RootResults;
    expect(h).toMatchObject({
      NegCostID: deal,
      Label: 'Soda Deal Q4',
      Cost: '0.9125',
      CostEffectiveDateTime: '2026-11-02',
      CostExpirationDateTime: '2027-01-15',
      CostExpirationDateTimeDisplay: '01/15/2027',
      Version: 2,
    });
    expect(h.Items.map((i: { ID: string }) => i.ID)).toEqual([COKE, SPRITE]);
    expect(await stored(deal)).toEqual({
      label: 'Soda Deal Q4',
      cost: '0.9125',
      exp: '2027-01-15',
      version: 2,
    });
  });

  it('refuses a save made from an older version (409) and keeps the other save', async () => {
    expect((await post(UPDATE, saveBody({ Label: 'First' }))).statusCode).toBe(200);
    const stale = await post(UPDATE, saveBody({ Label: 'Second' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().ErrorMessage).toBe(
      'This negotiated cost was changed by someone else since you loaded it. Reload and try again.',
    );
    expect((await stored(deal)).label).toBe('First');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ CostExpirationDateTime: '10/01/2026' }, 'expiration'],
      [{ VendorId: 'NOBODY' }, 'NOBODY'],
      [{ Label: '  ' }, 'Required.'],
      [{ Cost: 'abc' }, ''],
      [{ CostEffectiveDateTime: '13/45/2026' }, 'Invalid Date.'],
      [{ CostExpirationDateTime: '' }, 'Required.'],
    ];
    for (const [over, text] of cases) {
      const res = await post(UPDATE, saveBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().ErrorMessage.toLowerCase()).toContain(text.toLowerCase());
    }
    expect(await stored(deal)).toEqual({ label: 'Soda Deal', cost: '0.9500', exp: '2026-12-31', version: 1 });
  });

  it('a header deleted meanwhile is 420 Backend server cannot save this item', async () => {
    await tdb.db.execute(sql`delete from negotiated_cost_headers where id = ${deal}`);
    const res = await post(UPDATE, saveBody());
    expect(res.statusCode).toBe(420);
    expect(res.json().ErrorMessage).toBe('Backend server cannot save this item');
  });

  it("another user's zone or path is 403 and changes nothing", async () => {
    const res = await post(UPDATE, saveBody({ NegCostID: others }));
    expect(res.statusCode).toBe(403);
    expect((await post('/negcost/otto/updateNegotiatedCostHeaders', saveBody())).statusCode).toBe(403);
    expect((await stored(others)).label).toBe('Not Ann');
    expect((await stored(deal)).version).toBe(1);
  });
});

describe('POST /negcostmgr/{user}/delNegotiatedCostHeaders', () => {
  const DEL = '/negcostmgr/ann/delNegotiatedCostHeaders';
  it('deletes the headers named at their version, with their items', async () => {
    const res = await post(DEL, {
      NegotiatedCostHeader: [
        { NegCostID: deal, Version: 1 },
        { NegCostID: chips, Version: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toEqual({ Deleted: 2 });
    expect(await stored(deal)).toBeUndefined();
    expect(await itemsOf(deal)).toEqual([]);
  });

  it('a stale version deletes nothing (409); a missing header is 404', async () => {
    await tdb.db.execute(sql`update negotiated_cost_headers set version = 2 where id = ${chips}`);
    const res = await post(DEL, {
      NegotiatedCostHeader: [
        { NegCostID: deal, Version: 1 },
        { NegCostID: chips, Version: 1 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(await stored(deal)).toBeDefined();
    expect((await post(DEL, { NegotiatedCostHeader: { NegCostID: 999999, Version: 1 } })).statusCode).toBe(
      404,
    );
  });

  it("another user's header or path is 403 and deletes nothing", async () => {
    const res = await post(DEL, {
      NegotiatedCostHeader: [
        { NegCostID: deal, Version: 1 },
        { NegCostID: others, Version: 1 },
      ],
    });
    expect(res.statusCode).toBe(403);
    expect(await stored(deal)).toBeDefined();
    expect(
      (
        await post('/negcostmgr/otto/delNegotiatedCostHeaders', {
          NegotiatedCostHeader: { NegCostID: deal, Version: 1 },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('POST /negcost/{user}/addNegotiatedCostItems', () => {
  const ADD = '/negcost/ann/addNegotiatedCostItems';
  const add = (dto: Record<string, unknown>) =>
    post(ADD, {
      dto: { Zone: pb.north.id, VendorId: 'COREMARK', ...dto },
      NegotiatedCostHeader: { NegCostID: chips },
    });

  it('adds the item and answers AddedItem and NegCostHeader', async () => {
    const res = await add({ NegCostID: chips, ID: ` ${LAYS.toLowerCase()} `, PackSize: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().RootResults;
    expect(r.AddedItem).toEqual({
      NegCostID: chips,
      ID: LAYS,
      PackSize: 1,
      upc: null,
      UpcPackSize: 1,
      Description: 'LAYS CLASSIC 1OZ',
      InvType: expect.any(String),
    });
    expect(r.NegCostHeader.NegCostID).toBe(chips);
    expect(r.NegCostHeader.Items.map((i: { PackSize: number }) => i.PackSize)).toEqual([1, 6]);
    expect(await itemsOf(chips)).toEqual([`${LAYS}/1`, `${LAYS}/6`]);
  });

  it("refuses with the spec's messages and adds nothing", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { NegCostID: chips, ID: LAYS, PackSize: 6 },
        'this item is already in this list of items associated with this negotiated cost',
      ],
      [{ NegCostID: chips, ID: 'change me', PackSize: 1 }, 'Required.'],
      [{ NegCostID: chips, ID: LAYS, PackSize: null }, 'Required.'],
      [{ NegCostID: chips, ID: '', PackSize: 1 }, 'Required.'],
      [{ NegCostID: null, ID: LAYS, PackSize: 1 }, 'Need to select Neg. Cost Header'],
      [{ NegCostID: 999999, ID: LAYS, PackSize: 1 }, 'Need to select Neg. Cost Header'],
      [
        { NegCostID: chips, ID: '05100000001', PackSize: 1 },
        'Item 05100000001 pack size 1 is not in this zone.',
      ],
    ];
    for (const [dto, text] of cases) {
      const res = await post(ADD, { dto });
      expect(res.statusCode, JSON.stringify(dto)).toBe(400);
      expect(res.json().ErrorMessage).toBe(text);
    }
    expect(await itemsOf(chips)).toEqual([`${LAYS}/6`]);
  });

  it("another user's header or path is 403", async () => {
    expect((await add({ NegCostID: others, ID: LAYS, PackSize: 1 })).statusCode).toBe(403);
    expect(
      (
        await post('/negcost/otto/addNegotiatedCostItems', {
          dto: { NegCostID: chips, ID: LAYS, PackSize: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect(await itemsOf(others)).toEqual([]);
  });
});

describe('POST /negcost/{user}/updateNegotiatedCostItems', () => {
  const UPD = '/negcost/ann/updateNegotiatedCostItems';
  it('removes the items named and answers the header', async () => {
    const res = await post(UPD, {
      NegotiatedCostHeader: { NegCostID: deal },
      RemovedItems: [
        { ID: COKE, PackSize: 1 },
        { ID: LAYS, PackSize: 6 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().RootResults;
    expect(r.Removed).toBe(1);
    expect(r.NegCostHeader.Items.map((i: { ID: string }) => i.ID)).toEqual([SPRITE]);
    expect(await itemsOf(deal)).toEqual([`${SPRITE}/1`]);
  });

  it("another user's header is 403; an empty list is 400", async () => {
    const res = await post(UPD, {
      NegotiatedCostHeader: { NegCostID: others },
      RemovedItems: [{ ID: COKE, PackSize: 1 }],
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await post(UPD, { NegotiatedCostHeader: { NegCostID: deal }, RemovedItems: [] })).statusCode,
    ).toBe(400);
    expect(await itemsOf(deal)).toHaveLength(2);
  });
});

describe('POST /negCostCombo/{user} and /adjust/{user}/lookupNegCostItem', () => {
  it("lists the zone's negotiated costs as combo entries", async () => {
    const res = await post('/negCostCombo/ann', { userName: 'ann', ZoneSetupID: pb.north.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toEqual([
      {
        NegCostID: deal,
        ItemDisplayText: 'Soda Deal (COREMARK, 0.9500, 11/02/2026 - 12/31/2026)',
        Label: 'Soda Deal',
        VendorID: 'COREMARK',
        EffDate: '2026-11-02',
        ExpDate: '2026-12-31',
      },
      {
        NegCostID: chips,
        ItemDisplayText: 'Chips Allowance (COREMARK, 3.1250, 10/01/2026 - 10/31/2026)',
        Label: 'Chips Allowance',
        VendorID: 'COREMARK',
        EffDate: '2026-10-01',
        ExpDate: '2026-10-31',
      },
    ]);
    expect((await post('/negCostCombo/ann', { ZoneSetupID: pb.other.id })).statusCode).toBe(403);
    expect((await post('/negCostCombo/otto', { ZoneSetupID: pb.north.id })).statusCode).toBe(403);
  });

  it('looks an item of the zone up; an unknown one is Sorry : No item(s) found.', async () => {
    const ok = await post('/adjust/ann/lookupNegCostItem', {
      ZoneSetupID: pb.north.id,
      ID: COKE,
      PackSize: 1,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().RootResults).toMatchObject({ ID: COKE, PackSize: 1, Description: 'COKE 20OZ' });
    const none = await post('/adjust/ann/lookupNegCostItem', {
      ZoneSetupID: pb.north.id,
      ID: '123',
      PackSize: 1,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().ErrorMessage).toBe('Sorry : No item(s) found.');
    const other = await post('/adjust/ann/lookupNegCostItem', {
      ZoneSetupID: pb.other.id,
      ID: COKE,
      PackSize: 1,
    });
    expect(other.statusCode).toBe(403);
  });
});
