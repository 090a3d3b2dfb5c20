import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/app';
import type { TestDatabase } from '../../../test/support/database';
import type { Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { buildApp } from '../../app';
import { rows } from '../../db/client';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie } = await openPricebookSuite());
});
afterAll(() => closeSuite({ tdb, app, pb, cookie }));

const COKE = { ID: '04900000044', PackSize: 1 };
const SPRITE = { ID: '04900000045', PackSize: 1 };
const LAYS = { ID: '02840000001', PackSize: 1 };
const PAPER = { ID: '9001', PackSize: 1 };

const post = (call: string, payload: Record<string, unknown>, c = cookie) =>
  app.inject({
    method: 'POST',
    url: `/adjust/ann/${call}`,
    headers: { cookie: c },
    payload: { ZoneSetupID: pb.north.id, ...payload },
  });
const q = <T>(query: ReturnType<typeof sql>) => rows<T>(tdb.db, query);
const sitePrices = (itemId: string) =>
  q<{ site_no: number; unit_list: string }>(
    sql`select s.site_no, si.unit_list::text from site_items si join sites s on s.id = si.site_id
      where si.item_id = ${itemId} and si.pack_size = 1 and not si.deleted order by s.site_no`,
  );
const summary = (zoneId: number, itemId: string) =>
  q<{ unit_list: string; is_price_uniform: boolean; dept: number; sub: number }>(
    sql`select unit_list::text, is_price_uniform, dept, sub from zone_items where zone_id = ${zoneId} and item_id = ${itemId} and pack_size = 1`,
  ).then((r) => r[0]);
const snapshot = () =>
  q(
    sql`select site_id, item_id, pack_size, unit_list::text, dept, sub, version from site_items order by 1, 2, 3`,
  );

describe('Set Price', () => {
  const body = { SelectedItems: [COKE, SPRITE], UpdateType: 1, RoundType: 2, ChangeAmount: '10' };

  it('previews old and new prices without writing anything', async () => {
    const before = await snapshot();
    const res = await post('updateSSCSItemsPriceChange', { ...body, Preview: true });
    expect(res.statusCode, res.body).toBe(200);
    // 1.79 + 10% = 1.969 -> 1.97 -> last digit 9 -> 1.99.
    expect(res.json().RootResults.Rows).toEqual([
      {
        ID: COKE.ID,
        PackSize: 1,
        Description: 'COKE 20OZ',
        DeptSub: '2.01 - Beverages / Soft Drinks',
        OldUnitList: '1.79',
        NewUnitList: '1.99',
      },
      {
        ID: SPRITE.ID,
        PackSize: 1,
        Description: 'SPRITE 20OZ',
        DeptSub: '2.01 - Beverages / Soft Drinks',
        OldUnitList: '1.79',
        NewUnitList: '1.99',
      },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('writes the previewed prices at every site of the zone, with history, and refreshes impacted zones', async () => {
    const res = await post('updateSSCSItemsPriceChange', body);
    expect(res.json().RootResults).toMatchObject({ Saved: 2, Message: 'Success : 2 item(s) saved.' });
    // Store 14 is only in South: unchanged. Store 13 is in both zones: changed.
    expect(await sitePrices(COKE.ID)).toEqual([
      { site_no: 11, unit_list: '1.99' },
      { site_no: 12, unit_list: '1.99' },
      { site_no: 13, unit_list: '1.99' },
      { site_no: 14, unit_list: '1.79' },
    ]);
    expect(await summary(pb.north.id, COKE.ID)).toMatchObject({ unit_list: '1.99', is_price_uniform: true });
    expect(await summary(pb.south.id, COKE.ID)).toMatchObject({ is_price_uniform: false });
    const hist = await q<{ n: number; who: string; src: string }>(
      sql`select count(*)::int n, min(changed_by) who, min(source) src from item_history where item_id = ${COKE.ID} and source = 'Set Price'`,
    );
    expect(hist[0]).toEqual({ n: 3, who: 'ann', src: 'Set Price' });
  });

  it('refuses expense items and changes nothing', async () => {
    const before = await snapshot();
    const res = await post('updateSSCSItemsPriceChange', { ...body, SelectedItems: [LAYS, PAPER] });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorMessage).toContain('Item tagged as Expense');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a missing amount with the spec message', async () => {
    const res = await post('updateSSCSItemsPriceChange', { ...body, ChangeAmount: '' });
    expect(res.json().ErrorMessage).toBe('ChangeAmount: Please enter an amount.');
  });

  it('keeps a new price in a new pricing event instead of today, then adds and replaces items (modes 3, 1, 2)', async () => {
    const before = await sitePrices(LAYS.ID);
    const monday = nextMonday();
    const res = await post('updateSSCSItemsPriceChange', {
      SelectedItems: [LAYS],
      UpdateType: 3,
      RoundType: 0,
      ChangeAmount: '1.09',
      PricingEventName: 'Chip Week',
      strEffectiveDate: monday,
      PricingEventMode: 3,
    });
    expect(res.json().RootResults.Message).toBe('1 event items are successfully saved.');
    expect(await sitePrices(LAYS.ID)).toEqual(before);
    const add = await post('updateSSCSItemsPriceChange', {
      SelectedItems: [SPRITE],
      UpdateType: 2,
      RoundType: 0,
      ChangeAmount: '0.10',
      PricingEventName: 'Chip Week',
      PricingEventMode: 1,
    });
    expect(add.statusCode, add.body).toBe(200);
    const items = () =>
      q<{ item_id: string; future: string }>(sql`select i.item_id, i.future_unit_list::text future
      from pricing_event_items i join pricing_events e on e.id = i.event_id where e.name = 'Chip Week' order by 1`);
    expect(await items()).toEqual([
      { item_id: LAYS.ID, future: '1.09' },
      { item_id: SPRITE.ID, future: '2.09' },
    ]);
    await post('updateSSCSItemsPriceChange', {
      SelectedItems: [LAYS],
      UpdateType: 3,
      RoundType: 0,
      ChangeAmount: '1.19',
      PricingEventName: 'Chip Week',
      PricingEventMode: 2,
    });
    expect(await items()).toEqual([{ item_id: LAYS.ID, future: '1.19' }]);
    const wrongMode = await post('updateSSCSItemsPriceChange', {
      SelectedItems: [LAYS],
      UpdateType: 3,
      ChangeAmount: '1',
      PricingEventName: 'Chip Week',
      PricingEventMode: 3,
    });
    expect(wrongMode.statusCode).toBe(400);
    const events = await app.inject({ url: `/currentPricingEvents/ann/${pb.north.id}`, headers: { cookie } });
    expect(events.json().RootResults.map((e: { PricingEventName: string }) => e.PricingEventName)).toEqual([
      'Chip Week',
    ]);
  });

  it('refuses a new event on a weekend or in the past', async () => {
    const base = {
      SelectedItems: [LAYS],
      UpdateType: 3,
      ChangeAmount: '1',
      PricingEventName: 'Bad Day',
      PricingEventMode: 3,
    };
    const past = await post('updateSSCSItemsPriceChange', { ...base, strEffectiveDate: '01/05/2021' });
    expect(past.json().ErrorMessage).toBe('strEffectiveDate: The effective date cannot be before today.');
    const sat = await post('updateSSCSItemsPriceChange', { ...base, strEffectiveDate: nextSaturday() });
    expect(sat.json().ErrorMessage).toBe(
      'strEffectiveDate: The effective date cannot fall on a Saturday or Sunday.',
    );
  });
});

describe('other batch dialogs', () => {
  it('Set Department moves items keeping their sub-department', async () => {
    const res = await post('updateSSCSItemsDepartmentChange', {
      SelectedItems: [{ ID: '07700000080', PackSize: 1 }],
      DeptSubNum: 200,
      IsKeepSub: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await summary(pb.north.id, '07700000080')).toMatchObject({ dept: 2, sub: 80 });
  });

  it('Set Department refuses a non-EX department for an expense item', async () => {
    const res = await post('updateSSCSItemsDepartmentChange', { SelectedItems: [PAPER], DeptSubNum: 201 });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorMessage).toBe(
      '9001@1: An expense (X) item can only be placed in an EX department.',
    );
    expect(
      (await post('updateSSCSItemsDepartmentChange', { SelectedItems: [LAYS], DeptSubNum: 555 })).json()
        .ErrorMessage,
    ).toBe('The department must be a valid existing department.');
  });

  it('Set Tax Group, Redemption, Vendor, Inactive, Min/Max and Cost write their fields', async () => {
    const sel = { SelectedItems: [LAYS] };
    expect(
      (await post('updateSSCSItemsTaxGroupChange', { ...sel, TaxGroupId: '1 - Non-taxable' })).statusCode,
    ).toBe(200);
    expect((await post('updateSSCSItemsCrvChange', { ...sel, crvId: null })).statusCode).toBe(200);
    expect((await post('updateSSCSVendorIDChange', { ...sel, vendorid: 'MCLANE - McLane' })).statusCode).toBe(
      200,
    );
    expect((await post('updateItemsActiveFlag', { ...sel, flag: true })).statusCode).toBe(200);
    expect((await post('updateItemValues', { ...sel, min_on_hand: 3, max_on_hand: 12 })).statusCode).toBe(
      200,
    );
    expect(
      (
        await post('updateItemCost', {
          ...sel,
          ItemCosts: [{ ItemIdCoding: LAYS.ID, PackSize: 1, Cost: '0.61' }],
        })
      ).statusCode,
    ).toBe(200);
    const [r] =
      await q(sql`select distinct tax_group_id, redemption_id, vendor_id, active, min_on_hand, max_on_hand, unit_cost::text
      from site_items where item_id = ${LAYS.ID} and pack_size = 1`);
    expect(r).toEqual({
      tax_group_id: 1,
      redemption_id: null,
      vendor_id: 'MCLANE',
      active: false,
      min_on_hand: 3,
      max_on_hand: 12,
      unit_cost: '0.6100',
    });
  });

  it('Set Cost gives each item its own typed cost, the first one listed, and the rest the one cost', async () => {
    const res = await post('updateItemCost', {
      SelectedItems: [COKE, SPRITE, PAPER],
      UnitCost: '0.5',
      ItemCosts: [
        { ItemIdCoding: SPRITE.ID, PackSize: 1, Cost: '0.7125' },
        { ItemIdCoding: COKE.ID, PackSize: 1, Cost: '0.6' },
        { ItemIdCoding: SPRITE.ID, PackSize: 1, Cost: '9' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const costs = await q<{ item_id: string; unit_cost: string }>(
      sql`select distinct item_id, unit_cost::text from site_items
        where item_id in (${COKE.ID}, ${SPRITE.ID}, ${PAPER.ID}) and pack_size = 1
          and site_id in (select site_id from zone_sites where zone_id = ${pb.north.id}) order by item_id`,
    );
    expect(costs).toEqual([
      { item_id: COKE.ID, unit_cost: '0.6000' },
      { item_id: SPRITE.ID, unit_cost: '0.7125' },
      { item_id: PAPER.ID, unit_cost: '0.5000' },
    ]);
  });

  it('refuses a max below the min and a tax group the zone does not have', async () => {
    const r1 = await post('updateItemValues', { SelectedItems: [LAYS], min_on_hand: 20 });
    expect(r1.json().ErrorMessage).toBe('02840000001@1: max on hand (12) is below min on hand (20).');
    expect(
      (await post('updateSSCSItemsTaxGroupChange', { SelectedItems: [LAYS], TaxGroupId: 7 })).statusCode,
    ).toBe(400);
  });

  it('Set Item Group creates, adds and replaces memberships', async () => {
    const members = () =>
      q<{ item_group_id: string }>(
        sql`select item_group_id from item_group_members where item_id = ${SPRITE.ID} order by 1`,
      );
    expect(
      (
        await post('updateSSCSItemGroupChange', {
          SelectedItems: [SPRITE],
          itemgroup: 'promo',
          themode: 'AddToItemGroup',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post('updateSSCSItemGroupChange', {
          SelectedItems: [SPRITE],
          itemgroup: 'promo',
          themode: 'CreateItemGroup',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post('updateSSCSItemGroupChange', {
          SelectedItems: [SPRITE],
          itemgroup: 'SODA',
          themode: 'AddToItemGroup',
        })
      ).statusCode,
    ).toBe(200);
    expect(await members()).toEqual([{ item_group_id: 'PROMO' }, { item_group_id: 'SODA' }]);
    await post('updateSSCSItemGroupChange', {
      SelectedItems: [SPRITE],
      itemgroup: 'PROMO',
      themode: 'ReplaceItemGroup',
    });
    expect(await members()).toEqual([{ item_group_id: 'PROMO' }]);
  });

  it('Set Negotiated Cost makes a header holding the items', async () => {
    const res = await post('updateSSCSItemsNegCost', {
      SelectedItems: [LAYS, SPRITE],
      Vendor: 'COREMARK',
      NegCostLabel: 'Spring deal',
      ChangeAmount: '0.5',
      strEffectiveDate: '03/01/2027',
      strExpiredDate: '03-31-2027',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [h] = await q(sql`select label, cost::text, effective_date::text eff, expiration_date::text exp,
      (select count(*)::int from negotiated_cost_items i where i.header_id = h.id) items from negotiated_cost_headers h`);
    expect(h).toEqual({
      label: 'Spring deal',
      cost: '0.5000',
      eff: '2027-03-01',
      exp: '2027-03-31',
      items: 2,
    });
  });
});

describe('coverage', () => {
  it("removes the item from one site and adds it to a site outside the zone (one of the user's)", async () => {
    const res = await post('updateSSCSItemsPriceChange', {
      SelectedItems: [SPRITE],
      UpdateType: 3,
      ChangeAmount: '2.19',
      Coverage: [pb.sites.s11, -pb.sites.s12, pb.sites.s14],
    });
    expect(res.json().RootResults).toMatchObject({ Saved: 1, Removed: 1 });
    expect(await sitePrices(SPRITE.ID)).toEqual([
      { site_no: 11, unit_list: '2.19' },
      { site_no: 13, unit_list: '1.99' },
      { site_no: 14, unit_list: '2.19' },
    ]);
    // Store 14 is in South only: South now carries the item at 13 and 14, with two prices.
    const [south] = await q(
      sql`select site_count, is_price_uniform from zone_items where zone_id = ${pb.south.id} and item_id = ${SPRITE.ID}`,
    );
    expect(south).toEqual({ site_count: 2, is_price_uniform: false });
  });

  it('lists the zone and impacted sites for the coverage dialog', async () => {
    const res = await post('siteZoneCoverage', { SelectedItems: [COKE] });
    const r = res.json().RootResults;
    expect(r.ImpactedSites.map((s: { SiteNo: number }) => s.SiteNo)).toEqual([11, 12, 13]);
    expect(r.Zones.map((z: { ZoneNo: number; Coverage: number }) => [z.ZoneNo, z.Coverage])).toEqual([
      [1, 1],
      [2, 7],
      [3, 0],
    ]);
  });
});

describe('safety', () => {
  beforeEach(async () => {
    await tdb.db.execute(sql`drop trigger if exists fail_once on base_items`);
    await tdb.db.execute(sql`drop trigger if exists fail_once on site_exceptions`);
  });

  it('changes nothing when the write fails part-way, and says so', async () => {
    await tdb.db.execute(sql`create or replace function fail_row() returns trigger language plpgsql as $$
      begin if new.item_id = '04900000045' then raise exception 'injected failure'; end if; return new; end $$`);
    await tdb.db.execute(
      sql`create trigger fail_once before update on base_items for each row execute function fail_row()`,
    );
    await tdb.db.execute(
      sql`create trigger fail_once before update on site_exceptions for each row execute function fail_row()`,
    );
    const before = await snapshot();
    // The same app with a logger, to see where the cause goes.
    const logged: string[] = [];
    const logApp = await buildApp({
      db: tdb.db,
      config: testConfig(),
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    });
    const res = await logApp.inject({
      method: 'POST',
      url: '/adjust/ann/updateSSCSItemsPriceChange',
      headers: { cookie },
      payload: {
        ZoneSetupID: pb.north.id,
        SelectedItems: [COKE, SPRITE],
        UpdateType: 2,
        ChangeAmount: '0.10',
      },
    });
    await logApp.close();
    expect(logged.join('\n')).toContain('injected failure');
    expect(res.statusCode).toBe(417);
    // The plain message only: the cause (SQL, its parameters, the database's words) goes to the log.
    expect(res.json()).toEqual({
      ErrorMessage: 'The batch update failed; no item was changed. The rows marked in error were not saved.',
    });
    expect(await snapshot()).toEqual(before);
    await tdb.db.execute(sql`drop trigger fail_once on base_items`);
    await tdb.db.execute(sql`drop trigger fail_once on site_exceptions`);
  });

  it('refuses a stale UpdateKey: the second of two editors changes nothing', async () => {
    const found = await app.inject({
      method: 'POST',
      url: '/adjust/ann/sscitems',
      headers: { cookie },
      payload: {
        ZoneSetupID: pb.north.id,
        clientCriterias: { ApplyInventoryID: true, InventoryID: COKE.ID },
      },
    });
    const key = found.json().GetSSCSItemsResult.Items[0].UpdateKey;
    const first = await post('submitChange', {
      Item: { ...COKE, UpdateKey: key, Description: 'COKE 20 OZ BTL' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().GetSSCSItemsResult.Items[0].Description).toBe('COKE 20 OZ BTL');
    const second = await post('submitChange', {
      Item: { ...COKE, UpdateKey: key, Description: 'COKE OTHER' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().ErrorMessage).toContain('changed by someone else');
    const [d] = await q(
      sql`select distinct description from site_items where item_id = ${COKE.ID} and site_id <> ${pb.sites.s14}`,
    );
    expect(d).toEqual({ description: 'COKE 20 OZ BTL' });
  });

  it('checks the gated dialogs on the server', async () => {
    const noPrefs = await buildLimitedUser();
    const res = await post(
      'updateSSCSVendorIDChange',
      { SelectedItems: [LAYS], vendorid: 'COREMARK' },
      noPrefs,
    );
    expect(res.statusCode).toBe(403);
    expect((await post('updateItemCost', { SelectedItems: [LAYS], UnitCost: '1' }, noPrefs)).statusCode).toBe(
      403,
    );
    expect(
      (await post('updateItemValues', { SelectedItems: [LAYS], min_on_hand: 1 }, noPrefs)).statusCode,
    ).toBe(403);
  });

  it("refuses a zone in the body that is not the user's", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/adjust/ann/updateItemsActiveFlag',
      headers: { cookie },
      payload: { ZoneSetupID: pb.other.id, SelectedItems: [LAYS], flag: true },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('grid edits (submitChange)', () => {
  it('refuses a department that does not exist and keeps the old one', async () => {
    const res = await post('submitChange', { Item: { ...LAYS, DeptSub: '3.33' } });
    expect(res.json().ErrorMessage).toBe('DeptSub: The department must be a valid existing department.');
    expect(await summary(pb.north.id, LAYS.ID)).toMatchObject({ dept: 4, sub: 1 });
    const ok = await post('submitChange', { Item: { ...LAYS, DeptSub: '2.01' } });
    expect(ok.json().GetSSCSItemsResult.Items[0].DeptSub).toBe('2.01');
  });

  it('recomputes the list price from a typed margin', async () => {
    // cost 0.6100, margin 50% -> list 1.22.
    const res = await post('submitChange', { Item: { ...LAYS, Margin: '50' } });
    expect(res.json().GetSSCSItemsResult.Items[0]).toMatchObject({ UnitList: '1.22', Margin: '50.000' });
  });

  it('refuses a list price above 99,999.99, typed or from a margin, and keeps the old one', async () => {
    const card = { ID: '07700000080', PackSize: 1 };
    const refused = await post('submitChange', { Item: { ...card, UnitList: '100000.00' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ErrorMessage).toBe(
      'Item.UnitList: The price must be between -99,999.99 and 99,999.99.',
    );
    // Cost 9.5000 at a 99.999% margin would list at 950,000.00.
    const fromMargin = await post('submitChange', { Item: { ...card, Margin: '99.999' } });
    expect(fromMargin.statusCode).toBe(400);
    expect(fromMargin.json().ErrorMessage).toBe(
      'Margin: The price must be between -99,999.99 and 99,999.99.',
    );
    expect(await summary(pb.north.id, card.ID)).toMatchObject({ unit_list: '10.00' });
    const top = await post('submitChange', { Item: { ...card, UnitList: '99999.99' } });
    expect(top.json().GetSSCSItemsResult.Items[0].UnitList).toBe('99999.99');
  });

  it('refuses a list price on an expense item and an over-long description', async () => {
    expect((await post('submitChange', { Item: { ...PAPER, UnitList: '1.00' } })).json().ErrorMessage).toBe(
      'UnitList: Error : Item tagged as Expense (X) cannot have its list price changed.',
    );
    expect(
      (await post('submitChange', { Item: { ...LAYS, Description: 'X'.repeat(36) } })).json().ErrorMessage,
    ).toBe('Item.Description: Please enter no more 35 characters');
  });
});

async function buildLimitedUser(): Promise<string> {
  const { buildUser } = await import('../../../test/support/factories');
  await buildUser(tdb.db, { userName: 'lim', password: 'lim-pw', zoneIds: [pb.north.id], prefs: [] });
  const res = await app.inject({
    method: 'POST',
    url: '/login',
    payload: { userName: 'lim', password: 'lim-pw' },
  });
  const c = res.cookies.find((k) => k.name === 'cpb_session')!;
  return `cpb_session=${c.value}`;
}

function nextWeekdayIso(pred: (day: number) => boolean): string {
  const d = new Date();
  d.setDate(d.getDate() + 2);
  while (!pred(d.getDay())) d.setDate(d.getDate() + 1);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}
const nextMonday = () => nextWeekdayIso((d) => d === 1);
const nextSaturday = () => nextWeekdayIso((d) => d === 6);

describe('negotiated cost templates', () => {
  it("lists the zone's negotiated costs with the criteria lookups and as headers with their items", async () => {
    // 'Spring deal' was made by the Set Negotiated Cost test above (LAYS and SPRITE, 0.5000).
    const res = await post('criteria', {});
    expect(res.json().RootResults.NegCostTemplates).toEqual([
      expect.objectContaining({
        Label: 'Spring deal',
        VendorId: 'COREMARK',
        Cost: '0.5000',
        CostEffectiveDateTime: '2027-03-01',
        CostExpirationDateTimeDisplay: '03/31/2027',
      }),
    ]);
    const hdrs = await app.inject({ url: `/adjust/negcosthdrs/ann/${pb.north.id}`, headers: { cookie } });
    expect(hdrs.json().included.map((i: { ID: string }) => i.ID)).toEqual([LAYS.ID, SPRITE.ID]);
    expect(
      (await app.inject({ url: `/adjust/negcosthdrs/ann/${pb.other.id}`, headers: { cookie } })).statusCode,
    ).toBe(403);
  });
});
