/**
 * Batch previews show what a person reads (issue 11): names beside codes, item group modes in
 * words, dates as MM/DD/YYYY; pricing events are dated in the business time zone.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildPricebook, type Pricebook } from '../../../test/support/pricebook-fixture';
import { rows } from '../../db/client';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;

// A zone far from UTC, so a day taken in UTC or in the server's zone shows up as wrong.
const TZ = 'Pacific/Kiritimati';

beforeAll(async () => {
  tdb = await createTestDatabase();
  pb = await buildPricebook(tdb.db);
  app = await makeApp(tdb.db, { businessTimeZone: TZ });
  cookie = await signIn(app, 'ann', 'ann-pw');
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const COKE = { ID: '04900000044', PackSize: 1 };
const LAYS = { ID: '02840000001', PackSize: 1 };

const preview = async (call: string, payload: Record<string, unknown>) => {
  const res = await app.inject({
    method: 'POST',
    url: `/adjust/ann/${call}`,
    headers: { cookie },
    payload: { ZoneSetupID: pb.north.id, SelectedItems: [COKE], Preview: true, ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = res.json().RootResults.Rows;
  // Every preview starts with the item.
  expect(row).toMatchObject({ ID: COKE.ID, PackSize: 1, Description: 'COKE 20OZ' });
  return row as Record<string, unknown>;
};

describe('batch previews show names beside codes', () => {
  it('tax group', async () => {
    expect(await preview('updateSSCSItemsTaxGroupChange', { TaxGroupId: 1 })).toMatchObject({
      OldTaxGroupId: '2 - State',
      NewTaxGroupId: '1 - Non-taxable',
    });
  });

  it('redemption', async () => {
    expect(await preview('updateSSCSItemsCrvChange', { crvId: '2' })).toMatchObject({
      OldCrvID: '1 - CRV 5',
      NewCrvID: '2 - CRV 10',
    });
  });

  it('redemption cleared', async () => {
    expect(await preview('updateSSCSItemsCrvChange', { crvId: null })).toMatchObject({
      OldCrvID: '1 - CRV 5',
      NewCrvID: '',
    });
  });

  it('vendor', async () => {
    expect(await preview('updateSSCSVendorIDChange', { vendorid: 'MCLANE' })).toMatchObject({
      OldVendorId: 'COREMARK - Core-Mark',
      NewVendorId: 'MCLANE - McLane',
    });
  });

  it('department, in Set Department and in Set Price', async () => {
    expect(await preview('updateSSCSItemsDepartmentChange', { DeptSubNum: 280 })).toMatchObject({
      OldDeptSub: '2.01 - Beverages / Soft Drinks',
      NewDeptSub: '2.80 - Beverages / Promo',
    });
    expect(
      await preview('updateSSCSItemsPriceChange', { UpdateType: 2, RoundType: 0, ChangeAmount: '0.10' }),
    ).toMatchObject({ DeptSub: '2.01 - Beverages / Soft Drinks' });
  });

  it('item group with its description and the mode in words', async () => {
    expect(
      await preview('updateSSCSItemGroupChange', { itemgroup: 'SODA', themode: 'AddToItemGroup' }),
    ).toMatchObject({ ItemGroup: 'SODA - Sodas', Mode: 'Add to item group' });
    expect(
      await preview('updateSSCSItemGroupChange', {
        itemgroup: 'fizz',
        themode: 'CreateItemGroup',
        Description: 'Fizzy drinks',
      }),
    ).toMatchObject({ ItemGroup: 'FIZZ - Fizzy drinks', Mode: 'Create item group' });
  });

  it('negotiated cost: vendor name and the dates as MM/DD/YYYY, both as the dialog sent them', async () => {
    const row = await preview('updateSSCSItemsNegCost', {
      Vendor: 'MCLANE',
      NegCostLabel: 'Summer',
      ChangeAmount: '0.75',
      strEffectiveDate: '06/01/2027',
      strExpiredDate: '06/30/2027',
    });
    expect(row).toMatchObject({
      VendorID: 'MCLANE - McLane',
      Label: 'Summer',
      NegCost: '0.7500',
      BeginDate: '06/01/2027',
      EndDate: '06/30/2027',
    });
  });

  it('refuses a negotiated cost that expires before it starts, with the catalogue text', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/adjust/ann/updateSSCSItemsNegCost',
      headers: { cookie },
      payload: {
        ZoneSetupID: pb.north.id,
        SelectedItems: [COKE],
        Vendor: 'MCLANE',
        NegCostLabel: 'Backwards',
        ChangeAmount: '1',
        strEffectiveDate: '06/30/2027',
        strExpiredDate: '06/01/2027',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorMessage).toBe(
      'strExpiredDate: The expiration date cannot be before the effective date.',
    );
  });
});

describe('the stores a batch reaches', () => {
  const sites = async (coverage?: number[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/adjust/ann/updateSSCSItemsTaxGroupChange',
      headers: { cookie },
      payload: {
        ZoneSetupID: pb.north.id,
        SelectedItems: [COKE],
        TaxGroupId: 1,
        Preview: true,
        ...(coverage ? { Coverage: coverage } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().RootResults.Sites;
  };

  it("are the zone's stores by number and name, without a coverage", async () => {
    expect(await sites()).toEqual([
      { SiteNo: 11, SiteName: 'Store 11', Remove: false },
      { SiteNo: 12, SiteName: 'Store 12', Remove: false },
      { SiteNo: 13, SiteName: 'Store 13', Remove: false },
    ]);
  });

  it("are the coverage's stores, removals marked", async () => {
    expect(await sites([pb.sites.s11, -pb.sites.s12])).toEqual([
      { SiteNo: 11, SiteName: 'Store 11', Remove: false },
      { SiteNo: 12, SiteName: 'Store 12', Remove: true },
    ]);
  });
});

describe('business time zone', () => {
  it('starts a new event at 12:00 AM of its day in the business zone and lists it with that day', async () => {
    const day = nextMondayIn(TZ);
    const [y, m, d] = day.split('-');
    const res = await app.inject({
      method: 'POST',
      url: '/adjust/ann/updateSSCSItemsPriceChange',
      headers: { cookie },
      payload: {
        ZoneSetupID: pb.north.id,
        SelectedItems: [LAYS],
        UpdateType: 3,
        RoundType: 0,
        ChangeAmount: '1.09',
        PricingEventName: 'Kiritimati Monday',
        strEffectiveDate: `${m}/${d}/${y}`,
        PricingEventMode: 3,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Kiritimati is UTC+14: its midnight is 10:00 UTC of the day before.
    const [e] = await rows<{ at: string }>(
      tdb.db,
      sql`select to_char(effective_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') at from pricing_events
        where name = 'Kiritimati Monday'`,
    );
    const before = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) - 1)).toISOString().slice(0, 10);
    expect(e.at).toBe(`${before} 10:00`);
    const events = await app.inject({ url: `/currentPricingEvents/ann/${pb.north.id}`, headers: { cookie } });
    expect(events.json().RootResults).toEqual([
      expect.objectContaining({
        PricingEventName: 'Kiritimati Monday',
        EffectiveDate: day,
        strEffectiveDateTime: `${m}/${d}/${y} 12:00 AM`,
      }),
    ]);
  });
});

/** The Monday at least two days after today in `timeZone`, as ISO. */
function nextMondayIn(timeZone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 2);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
