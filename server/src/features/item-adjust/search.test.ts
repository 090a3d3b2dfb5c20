import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import type { Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';
import { readSelected } from './batch-run';
import { ROW_SHAPES, ZONE_ITEM_ARRAY, ZONE_ITEM_COLUMNS, zoneItemOf } from './zone-rows';

/** The fields of a price change's row of the selection (presenter.ts, presentPriceItem), as the spec names them. */
const PRICE_FIELDS = [
  'ID',
  'PackSize',
  'idplu',
  'Description',
  'InvType',
  'DeptSub',
  'UnitList',
  'IsPriceUniform',
  'IsCostUniform',
  'IsDeptSubUniform',
  'IsDescUniform',
  'UpdateKey',
] as const;
const pick = <T extends object>(r: T, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(r).filter(([k]) => keys.includes(k)));

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie } = await openPricebookSuite());
});
afterAll(() => closeSuite({ tdb, app, pb, cookie }));

const search = (criteria: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/adjust/ann/sscitems',
    headers: { cookie },
    payload: { ZoneSetupID: pb.north.id, clientCriterias: criteria, ...extra },
  });
const ids = async (criteria: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  const res = await search(criteria, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().GetSSCSItemsResult.Items.map((i: { idplu: string }) => i.idplu);
};

describe('Item Adjustment search', () => {
  it('finds by description substring, any case', async () => {
    expect(await ids({ ApplyItemDescription: true, ItemDesc: 'lays' })).toEqual([
      '02840000001@1',
      '02840000001@6',
    ]);
  });

  it('finds by item ID prefix and pack size', async () => {
    expect(await ids({ ApplyInventoryID: true, InventoryID: '049' })).toEqual([
      '04900000044@1',
      '04900000045@1',
    ]);
    expect(
      await ids({ ApplyInventoryID: true, InventoryID: '0284', ApplyPackSize: true, PackSize: '6' }),
    ).toEqual(['02840000001@6']);
  });

  it('finds by department range with blank ends', async () => {
    expect(await ids({ ApplyDepartmentRange: true, DeptBeginRange: '4.01', DeptEndRange: '8.80' })).toEqual([
      '02840000001@1',
      '02840000001@6',
      '07700000080@1',
    ]);
    expect(await ids({ ApplyDepartmentRange: true, DeptBeginRange: '', DeptEndRange: '2.01' })).toEqual([
      '04900000044@1',
      '04900000045@1',
    ]);
    expect(await ids({ ApplyDepartmentRange: true, DeptBeginRange: '90', DeptEndRange: '' })).toEqual([
      '9001@1',
    ]);
  });

  it('finds by unit list range on the zone price', async () => {
    expect(await ids({ ApplyUnitList: true, UnitListBeginRange: '1.00', UnitListEndRange: '5.00' })).toEqual([
      '02840000001@6',
      '04900000044@1',
      '04900000045@1',
    ]);
  });

  it('shows an expense (X) item with a negative margin with a blank margin, and no range finds it', async () => {
    // REGISTER PAPER is type X with list 0.00 and cost 12.5000: -100% by the formula.
    const res = await search({ ApplyInventoryID: true, InventoryID: '9001' });
    expect(res.json().GetSSCSItemsResult.Items).toMatchObject([{ ID: '9001', InvType: 'X', Margin: null }]);
    expect(
      await ids({ ApplyMarginRange: true, MarginBeginRange: '-200', MarginEndRange: '0' }),
    ).not.toContain('9001@1');
  });

  it('finds by margin range', async () => {
    // Sprite 1.79/1.0000 -> 44.134%; Coke 1.79/1.0740 -> 40.000%; phone card 5.000%.
    expect(await ids({ ApplyMarginRange: true, MarginBeginRange: '40', MarginEndRange: '44.2' })).toEqual([
      '04900000044@1',
      '04900000045@1',
    ]);
  });

  it('finds by vendor, item group, tax group and redemption', async () => {
    expect(await ids({ ApplyItemGroup: true, ItemGroupValue: 'SODA - Sodas' })).toEqual(['04900000044@1']);
    expect((await ids({ ApplyVendor: true, VendorText: 'COREMARK - Core-Mark' })).length).toBe(6);
    expect((await ids({ ApplyVendor: true, VendorText: 'MCLANE' })).length).toBe(0);
    expect((await ids({ ApplyTaxGroup: true, TaxGroupValue: '2 - State' })).length).toBe(6);
    expect((await ids({ ApplyRedemption: true, RedemptionValue: '2 - CRV 10' })).length).toBe(0);
  });

  it('shows divergent prices with the zone value, counts and uniform flags', async () => {
    const res = await search({ ApplyInventoryID: true, InventoryID: '04900000044' });
    const [coke] = res.json().GetSSCSItemsResult.Items;
    expect(coke).toMatchObject({
      UnitList: '1.79',
      SiteCount: 3,
      IsPriceUniform: false,
      isUniform: false,
      DeptSub: '2.01',
    });
    expect(await ids({ ApplyInventoryID: true, InventoryID: '0' }, { DivergentOnly: true })).toEqual([
      '04900000044@1',
    ]);
  });

  it('pages with a total count and sorts on a whitelisted field', async () => {
    const res = await search(
      { ApplyInventoryID: true, InventoryID: '0' },
      { Page: 2, PageSize: 2, OrderBy: { field: 'UnitList', dir: 'desc' } },
    );
    const r = res.json().GetSSCSItemsResult;
    expect(r.TotalCount).toBe(5);
    expect(r.Items.map((i: { UnitList: string }) => i.UnitList)).toEqual(['1.79', '1.79']);
    const bad = await search(
      { ApplyInventoryID: true, InventoryID: '0' },
      { OrderBy: { field: 'unit_list; drop table x', dir: 'asc' } },
    );
    expect(bad.statusCode).toBe(400);
  });

  it('says so when nothing matches, and refuses a search with no criterion', async () => {
    const none = await search({ ApplyItemDescription: true, ItemDesc: 'zzz' });
    expect(none.json().GetSSCSItemsResult).toMatchObject({
      TotalCount: 0,
      Items: [],
      Message: 'Sorry : No item(s) found.',
    });
    expect((await search({})).statusCode).toBe(400);
  });

  it('treats LIKE wildcards in the description as text', async () => {
    expect(await ids({ ApplyItemDescription: true, ItemDesc: '%' })).toEqual([]);
  });

  it("refuses another user's zone", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/adjust/ann/sscitems',
      headers: { cookie },
      payload: { ZoneSetupID: pb.other.id, clientCriterias: { ApplyItemDescription: true, ItemDesc: 'a' } },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lists the values of an item across the zone with their sites (mostCommon)', async () => {
    const res = await app.inject({
      url: `/adjust/ann/mostCommon?ZoneSetupID=${pb.north.id}&ID=04900000044&PS=1&FieldName=UnitList`,
      headers: { cookie },
    });
    expect(res.json().RootResults).toEqual([
      {
        Key: '1.79',
        Value: '11 12',
        Count: 2,
        Sites: [
          { SiteNo: 11, SiteName: 'Store 11' },
          { SiteNo: 12, SiteName: 'Store 12' },
        ],
      },
      { Key: '1.89', Value: '13', Count: 1, Sites: [{ SiteNo: 13, SiteName: 'Store 13' }] },
    ]);
  });
});

describe('batch preview report', () => {
  it('renders the preview rows as a PDF', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/hbsreport/preview/ann/${pb.north.id}/1/North/batchpricepreview`,
      headers: { cookie },
      payload: {
        columns: [
          { field: 'ID', header: 'ID/PLU' },
          { field: 'OldUnitList', header: 'Old Unit List', numeric: true },
          { field: 'NewUnitList', header: 'New Unit List', numeric: true },
        ],
        entities: [{ ID: '04900000044', OldUnitList: '1.79', NewUnitList: '1.99' }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses an unknown report name', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/hbsreport/preview/ann/${pb.north.id}/1/North/nosuchreport`,
      headers: { cookie },
      payload: { columns: [{ field: 'ID', header: 'ID' }], entities: [] },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the zone row as a JSON array (a batch reads 5,000 at once)', () => {
  it('gives back every column as the select list reads it, for every row of the zone', async () => {
    const [{ objects, arrays }] = await rows<{ objects: Record<string, unknown>[]; arrays: unknown[][] }>(
      tdb.db,
      sql`select json_agg(to_json(x) order by x.item_id, x.pack_size) as objects,
          (select json_agg(${ZONE_ITEM_ARRAY} order by zi.item_id, zi.pack_size)
            from zone_items zi join zones z on z.id = zi.zone_id where zi.zone_id = ${pb.north.id}) as arrays
        from (select ${ZONE_ITEM_COLUMNS} from zone_items zi join zones z on z.id = zi.zone_id
          where zi.zone_id = ${pb.north.id}) x`,
    );
    expect(objects.length).toBeGreaterThan(3);
    expect(Object.keys(objects[0])).toContain('unit_list');
    expect(arrays.map(zoneItemOf)).toEqual(objects);
  });
});

/**
 * A large selection reads plain rows on PostgreSQL and one JSON value on PGlite or when small:
 * both forms give the same items and the same write facts (own rows, layout).
 */
describe('readSelected', () => {
  it('gives the same rows and write facts as plain rows and as JSON, in every zone', async () => {
    for (const zone of [pb.north, pb.south]) {
      const selected = (
        await rows<{ ID: string; PackSize: number }>(
          tdb.db,
          sql`select item_id as "ID", pack_size as "PackSize" from zone_items where zone_id = ${zone.id} order by 1, 2`,
        )
      ).reverse();
      expect(selected.length).toBeGreaterThan(3);
      for (const named of [null, [], [pb.sites.s13]]) {
        const plain = await readSelected(tdb.db, zone.id, selected, named, ROW_SHAPES.whole, 1);
        const json = await readSelected(tdb.db, zone.id, selected, named, ROW_SHAPES.whole, Infinity);
        expect(plain).toEqual(json);
        expect(plain.current.map((r) => r.ID)).toEqual(selected.map((s) => s.ID));
        expect(plain.current[0].UnitList).toMatch(/^\d+\.\d\d$/);
        if (named) expect(plain.layout.length).toBeGreaterThan(0);
        // The price rows are the whole rows' fields of the same names, read either way.
        for (const from of [1, Infinity]) {
          const price = await readSelected(tdb.db, zone.id, selected, named, ROW_SHAPES.price, from);
          expect(price.current.map((r) => Object.keys(r).sort())).toEqual(
            plain.current.map(() => [...PRICE_FIELDS].sort()),
          );
          expect(price.current).toEqual(plain.current.map((r) => pick(r, PRICE_FIELDS)));
          expect({ own: price.own, layout: price.layout }).toEqual({ own: plain.own, layout: plain.layout });
        }
      }
    }
  });

  it('refuses an item not in the zone either way', async () => {
    const selected = [{ ID: 'NOT-AN-ITEM', PackSize: 1 }];
    for (const from of [1, Number.POSITIVE_INFINITY]) {
      await expect(readSelected(tdb.db, pb.north.id, selected, null, ROW_SHAPES.whole, from)).rejects.toThrow(
        /not in this zone/,
      );
    }
  });
});
