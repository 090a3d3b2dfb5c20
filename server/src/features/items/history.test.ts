import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import {
  COKE,
  type ItemsFixture,
  type itemsApi,
  startItemsSuite,
  stopSuite,
} from '../../../test/support/items-fixture';

let tdb: TestDatabase;
let app: FastifyInstance;
let fx: ItemsFixture;
let api: ReturnType<typeof itemsApi>;

beforeAll(async () => {
  ({ tdb, fx, app, api } = await startItemsSuite());
});
afterAll(() => stopSuite({ app, tdb }));

const SPRITE = '04900000045';
interface HistoryRow {
  SiteNo: number;
  SiteName: string;
  ChangedBy: string;
  Date: string;
  DeptSub: string | null;
  UnitList: string | null;
  UnitCost: string | null;
  Source: string;
  InZone: boolean;
}
const historyOf = async (id: string, zone = fx.north.id) => {
  const res = await api.history(id, 1, zone);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().RootResults as HistoryRow[];
};
const setPrice = (zone: number, ID: string, amount: string) =>
  api.post('/adjust/ann/updateSSCSItemsPriceChange', {
    ZoneSetupID: zone,
    SelectedItems: [{ ID, PackSize: 1 }],
    UpdateType: 3,
    RoundType: 0,
    ChangeAmount: amount,
  });

describe('getItemHistoryPerSite', () => {
  it('is empty for an item never changed', async () => {
    expect(await historyOf(SPRITE)).toEqual([]);
    expect(await api.item(SPRITE)).toMatchObject({ HasHistory: false });
  });

  it('shows a change made by an Item Adjustment batch dialog, with the dialog as source', async () => {
    const res = await setPrice(fx.north.id, SPRITE, '1.69');
    expect(res.statusCode, res.body).toBe(200);
    const rows = await historyOf(SPRITE);
    expect(rows.map((r) => ({ ...r, Date: 'iso' })).sort((a, b) => a.SiteNo - b.SiteNo)).toEqual(
      [11, 12, 13].map((n) => ({
        SiteNo: n,
        SiteName: `Store ${n}`,
        ChangedBy: 'ann',
        Date: 'iso',
        DeptSub: '2.01',
        UnitList: '1.69',
        // Set Price keeps the fixture's cost of Sprite at every store.
        UnitCost: '1.0000',
        Source: 'Set Price',
        InZone: true,
      })),
    );
    for (const r of rows) expect(r.Date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await api.item(SPRITE)).toMatchObject({ HasHistory: true, UnitList: '1.69' });
  });

  it('lists the newest change first, including an edit saved from Add/Edit Item', async () => {
    const item = await api.item(SPRITE);
    const saved = await api.save([{ ...item, UnitList: '1.59', DeptSub: '2.80' }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await historyOf(SPRITE);
    expect(rows.map((r) => [r.Source, r.UnitList, r.DeptSub])).toEqual([
      ['Edit Item', '1.59', '2.80'],
      ['Edit Item', '1.59', '2.80'],
      ['Edit Item', '1.59', '2.80'],
      ['Set Price', '1.69', '2.01'],
      ['Set Price', '1.69', '2.01'],
      ['Set Price', '1.69', '2.01'],
    ]);
    expect(rows[0].Date >= rows[5].Date).toBe(true);
  });

  it('shows changes at sites outside the zone too, marked InZone false', async () => {
    // South holds stores 13 and 14; store 14 is not in North.
    const res = await setPrice(fx.south.id, COKE, '1.85');
    expect(res.statusCode, res.body).toBe(200);
    const rows = await historyOf(COKE);
    expect(rows.map((r) => [r.SiteNo, r.Source, r.UnitList, r.InZone]).sort()).toEqual([
      [13, 'Set Price', '1.85', true],
      [14, 'Set Price', '1.85', false],
    ]);
  });

  it('shows the cost a Set Cost wrote', async () => {
    const res = await api.post('/adjust/ann/updateItemCost', {
      ZoneSetupID: fx.north.id,
      SelectedItems: [{ ID: SPRITE, PackSize: 1 }],
      UnitCost: '1.2345',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await historyOf(SPRITE);
    expect(rows.slice(0, 3).map((r) => [r.Source, r.UnitCost, r.UnitList])).toEqual([
      ['Set Cost', '1.2345', '1.59'],
      ['Set Cost', '1.2345', '1.59'],
      ['Set Cost', '1.2345', '1.59'],
    ]);
  });

  it('normalises the ID and refuses a zone the user does not have', async () => {
    expect((await historyOf(` ${SPRITE} `)).length).toBe(9);
    const res = await api.history(SPRITE, 1, fx.other.id);
    expect(res.statusCode).toBe(403);
  });
});
