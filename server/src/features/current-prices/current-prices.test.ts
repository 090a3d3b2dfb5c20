/**
 * The Current Prices Report (POST /api/currentPricesReport) and its Apply and Undo (beyond the
 * spec: POST /currentPrices/{user}/apply, /undo). Fixture (pricebook-fixture.ts): North = stores
 * 11, 12, 13; COKE 1.79 at 11 and 12, 1.89 at 13 (13 is in South too); SPRITE 1.79 at 11-13.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import { PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie } = await openPricebookSuite());
});
afterAll(() => closeSuite({ tdb, app, pb, cookie }));

const COKE = { ID: PB_ITEMS.COKE, PackSize: 1 };
const post = (url: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const report = (clientCriterias: Record<string, unknown>, zone = pb.north.id) =>
  post('/api/currentPricesReport', { ZoneSetupID: zone, clientCriterias });
const q = <T>(query: ReturnType<typeof sql>) => rows<T>(tdb.db, query);
const cokePrices = () =>
  q<{ site_no: number; unit_list: string }>(
    sql`select s.site_no, si.unit_list::text from site_items si join sites s on s.id = si.site_id
      where si.item_id = ${PB_ITEMS.COKE} and si.pack_size = 1 and not si.deleted order by s.site_no`,
  );

describe('POST /api/currentPricesReport', () => {
  it("lists the items with their distinct prices at the zone's stores, most stores first", async () => {
    const res = await report({ ApplyItemDescription: true, ItemDesc: '20OZ' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().RootResults;
    expect(r.Message).toBe('2 records found.');
    expect(r.TotalCount).toBe(2);
    expect(r.Items.map((i: { ID: string; CurrentPrices: unknown }) => [i.ID, i.CurrentPrices])).toEqual([
      [
        PB_ITEMS.COKE,
        [
          { Price: '1.79', Count: 2 },
          { Price: '1.89', Count: 1 },
        ],
      ],
      [PB_ITEMS.SPRITE, [{ Price: '1.79', Count: 3 }]],
    ]);
    expect(r.Items[0]).toMatchObject({ PackSize: 1, Description: 'COKE 20OZ' });
  });

  it("counts only the zone's stores: South has COKE at 13 (1.89) and 14 (1.79)", async () => {
    const r = (await report({ ApplyInventoryID: true, InventoryID: PB_ITEMS.COKE }, pb.south.id)).json()
      .RootResults;
    expect(r.Items[0].CurrentPrices).toEqual([
      { Price: '1.79', Count: 1 },
      { Price: '1.89', Count: 1 },
    ]);
  });

  it('uses the spec fields: a department range DeptBeginDeptSub..DeptEndDeptSub, CRV', async () => {
    const r = (
      await report({ ApplyDepartmentRange: true, DeptBeginDeptSub: '4.01', DeptEndDeptSub: '4.01' })
    ).json().RootResults;
    expect(r.Items.map((i: { ID: string; PackSize: number }) => `${i.ID}@${i.PackSize}`)).toEqual([
      `${PB_ITEMS.LAYS}@1`,
      `${PB_ITEMS.LAYS}@6`,
    ]);
  });

  it("says 'No records found for given criteria.' when nothing matches", async () => {
    const r = (await report({ ApplyItemDescription: true, ItemDesc: 'NOTHING LIKE IT' })).json().RootResults;
    expect(r).toEqual({
      Items: [],
      TotalCount: 0,
      Capped: false,
      Message: 'No records found for given criteria.',
    });
  });

  it('refuses no criterion, a short UPC-E, bad input, and a zone that is not the user’s', async () => {
    expect((await report({})).json().ErrorMessage).toBe('Apply at least one criterion.');
    // '/' before a UPC-E expands it; '/123' expands to fewer than 11 digits: not a criterion.
    expect((await report({ ApplyInventoryID: true, InventoryID: '/123' })).statusCode).toBe(400);
    expect((await report({ ApplyPackSize: true, PackSize: 'abc' })).statusCode).toBe(400);
    const other = await report({ ApplyItemDescription: true, ItemDesc: 'COKE' }, pb.other.id);
    expect(other.statusCode).toBe(403);
    expect(other.json().ErrorMessage).toBe('You do not have access to this zone.');
    expect((await post('/api/currentPricesReport', { clientCriterias: {} })).statusCode).toBe(400);
  });
});

describe('Apply and Undo', () => {
  it('Apply makes the price the one at every store of the zone, with history; Undo puts back exactly what it changed', async () => {
    const applied = await post('/currentPrices/ann/apply', {
      ZoneSetupID: pb.north.id,
      Items: [{ ...COKE, Price: '1.79' }],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().RootResults).toMatchObject({
      Message: 'Prices applied successfully',
      Sites: 1,
      Items: [{ ID: PB_ITEMS.COKE, CurrentPrices: [{ Price: '1.79', Count: 3 }] }],
    });
    expect(await cokePrices()).toEqual([
      { site_no: 11, unit_list: '1.79' },
      { site_no: 12, unit_list: '1.79' },
      { site_no: 13, unit_list: '1.79' },
      { site_no: 14, unit_list: '1.79' },
    ]);
    const history = await q<{ source: string }>(
      sql`select distinct source from item_history where item_id = ${PB_ITEMS.COKE} and source = 'Current Prices Report'`,
    );
    expect(history).toEqual([{ source: 'Current Prices Report' }]);

    const undone = await post('/currentPrices/ann/undo', { ZoneSetupID: pb.north.id, Items: [{ ...COKE }] });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().RootResults).toMatchObject({ Message: 'Prices undone successfully', Sites: 1 });
    expect((await cokePrices()).map((p) => p.unit_list)).toEqual(['1.79', '1.79', '1.89', '1.79']);
    // Nothing left to undo.
    const again = await post('/currentPrices/ann/undo', { ZoneSetupID: pb.north.id, Items: [{ ...COKE }] });
    expect(again.statusCode).toBe(400);
    expect(again.json().ErrorMessage).toBe('There is no applied price to undo for this item.');
  });

  it('Undo is refused, and writes nothing, when a store changed the item since the Apply', async () => {
    await post('/currentPrices/ann/apply', { ZoneSetupID: pb.north.id, Items: [{ ...COKE, Price: '1.99' }] });
    expect((await cokePrices()).map((p) => p.unit_list)).toEqual(['1.99', '1.99', '1.99', '1.79']);
    const edit = await post('/adjust/ann/submitChange', {
      ZoneSetupID: pb.north.id,
      Item: { ...COKE, Description: 'COKE 20OZ BTL' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const res = await post('/currentPrices/ann/undo', { ZoneSetupID: pb.north.id, Items: [{ ...COKE }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().ErrorMessage).toBe(
      'A store changed this item after the prices were applied; its Apply cannot be undone.',
    );
    expect((await cokePrices()).map((p) => p.unit_list)).toEqual(['1.99', '1.99', '1.99', '1.79']);
  });

  it('refuses a stale UpdateKey, an expense item, another zone and another user', async () => {
    const stale = await post('/currentPrices/ann/apply', {
      ZoneSetupID: pb.north.id,
      Items: [{ ...COKE, Price: '2.09', UpdateKey: '1' }],
    });
    expect(stale.statusCode).toBe(409);
    const paper = await post('/currentPrices/ann/apply', {
      ZoneSetupID: pb.north.id,
      Items: [{ ID: PB_ITEMS.PAPER, PackSize: 1, Price: '1.00' }],
    });
    expect(paper.statusCode).toBe(400);
    expect(paper.json().ErrorMessage).toBe(
      'Error : Item tagged as Expense (X) cannot have its list price changed.',
    );
    const other = await post('/currentPrices/ann/apply', {
      ZoneSetupID: pb.other.id,
      Items: [{ ...COKE, Price: '1.00' }],
    });
    expect(other.statusCode).toBe(403);
    expect(
      (
        await post('/currentPrices/bob/apply', {
          ZoneSetupID: pb.north.id,
          Items: [{ ...COKE, Price: '1.00' }],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await post('/currentPrices/ann/apply', { ZoneSetupID: pb.north.id, Items: [{ ...COKE, Price: 'x' }] }))
        .statusCode,
    ).toBe(400);
    expect((await cokePrices()).map((p) => p.unit_list)).toEqual(['1.99', '1.99', '1.99', '1.79']);
  });

  it('Apply of several items is one transaction: one refused item writes none of them', async () => {
    const before = await cokePrices();
    const res = await post('/currentPrices/ann/apply', {
      ZoneSetupID: pb.north.id,
      Items: [
        { ...COKE, Price: '2.49' },
        { ID: PB_ITEMS.PAPER, PackSize: 1, Price: '1.00' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorMessage).toBe(
      'Error : Item tagged as Expense (X) cannot have its list price changed.',
    );
    expect(await cokePrices()).toEqual(before);
  });
});
