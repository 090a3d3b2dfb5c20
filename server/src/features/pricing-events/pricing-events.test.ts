/**
 * Pricing events on a real database (PGlite; PostgreSQL with DB_KIND=postgres): the status moves at
 * a controlled clock (business time zone America/Chicago), /runCurrentPricingEvents and its
 * session token, the calendar's calls with the spec's payloads, refusals (other user, other zone,
 * bad input, stale UpdateKey, past day, weekend), two events on a day merged in order, and the undo.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeApp, signIn, testConfig } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildPricebook, PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { writePrice } from '../../../test/support/write-price';
import { rows } from '../../db/client';
import { mergeReadyEvents } from '../distribution/events-merge';
import { insertEvent, upsertEventPrices } from './queries';
import { type PricingEventService, pricingEventService } from './service';

const TZ = 'America/Chicago';
const { COKE, SPRITE, LAYS, PAPER } = PB_ITEMS;

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let events: PricingEventService;

beforeAll(async () => {
  tdb = await createTestDatabase();
  pb = await buildPricebook(tdb.db);
  app = await makeApp(tdb.db, { businessTimeZone: TZ });
  cookie = await signIn(app, 'ann', 'ann-pw');
  events = pricingEventService({ db: tdb.db, config: testConfig({ businessTimeZone: TZ }) });
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});
beforeEach(async () => {
  await tdb.db.execute(sql`delete from pricing_events`);
  // Merges write the price book: each test starts from the fixture's North prices.
  for (const [itemId, price] of [
    [SPRITE, '1.79'],
    [LAYS, '0.99'],
  ]) {
    await writePrice({ db: tdb.db, userId: pb.user.id, zoneId: pb.north.id, itemId, packSize: 1, price });
  }
});

const post = (url: string, payload: object, c = cookie) =>
  app.inject({ method: 'POST', url, headers: { cookie: c }, payload });

/** Today in Chicago (as the server reads it) plus `days`, moved to the next Monday-Friday. */
function weekday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  while (t.getUTCDay() === 0 || t.getUTCDay() === 6) t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}
/** The Saturday after `day`. */
function saturdayAfter(day: string): string {
  const t = new Date(`${day}T12:00:00Z`);
  while (t.getUTCDay() !== 6) t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** An event in North through Set Price's path (mergeFuturePricing, mode 3): COKE and SPRITE set to `price`. */
async function newEvent(name: string, day: string, price = '2.00', items: string[] = [COKE, SPRITE]) {
  const res = await post('/mergeFuturePricing/ann', {
    ZoneSetupID: pb.north.id,
    SelectedItems: items.map((ID) => ({ ID, PackSize: 1 })),
    thePricingEvent: { PricingEventName: name, EffectiveDateTime: us(day) },
    UpdateType: 3,
    RoundType: 0,
    PromotionDateType: 2,
    ChangeAmount: price,
    Mode: 3,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().RootResults.Event as { Id: number; EffectiveDateTime: string; Status: number };
}
const statusOf = async (id: number) =>
  (
    await rows<{ status: number; error: string | null }>(
      tdb.db,
      sql`select status, error from pricing_events where id = ${id}`,
    )
  )[0];
const itemsOf = async (id: number) =>
  rows<{ item_id: string; price: string }>(
    tdb.db,
    sql`select item_id, future_unit_list::text as price from pricing_event_items where event_id = ${id} order by item_id`,
  );

describe('status moves at a controlled clock', () => {
  it('a pending event becomes ready once its 12:00 AM (Chicago) has passed, not before', async () => {
    const id = await insertEvent(tdb.db, {
      zoneId: pb.north.id,
      name: 'Spring',
      at: new Date('2030-03-05T06:00:00Z'), // 12:00 AM CST on March 5
      user: 'ann',
    });
    expect(await events.readyDue(new Date('2030-03-05T05:59:59Z'))).toBe(0);
    expect((await statusOf(id)).status).toBe(1);
    expect(await events.readyDue(new Date('2030-03-05T06:00:00Z'))).toBe(1);
    expect((await statusOf(id)).status).toBe(2);
    // Run again (a second process, or the next minute): nothing moves twice.
    expect(await events.readyDue(new Date('2030-03-06T00:00:00Z'))).toBe(0);
  });

  it('ready becomes distributed (3) or error (4, with the reason) through the merge; final statuses do not move', async () => {
    const good = await insertEvent(tdb.db, {
      zoneId: pb.north.id,
      name: 'Good',
      at: new Date('2030-03-05T06:00:00Z'),
      user: 'ann',
    });
    const bad = await insertEvent(tdb.db, {
      zoneId: pb.north.id,
      name: 'Bad',
      at: new Date('2030-03-05T06:01:00Z'),
      user: 'ann',
    });
    await upsertEventPrices(tdb.db, good, [{ itemId: SPRITE, packSize: 1, price: '1.69' }]);
    await upsertEventPrices(tdb.db, bad, [{ itemId: '05100000001', packSize: 1, price: '2.00' }]);
    await events.readyDue(new Date('2030-03-05T07:00:00Z'));
    const out = await tdb.db.transaction((tx) =>
      mergeReadyEvents(tx, { userId: pb.user.id, userName: 'ann', siteIds: [pb.sites.s11] }),
    );
    expect(out.merged).toEqual([good]);
    expect(await statusOf(good)).toEqual({ status: 3, error: null });
    expect(await statusOf(bad)).toEqual({ status: 4, error: 'Not carried in zone North: 05100000001/1.' });
    // Distributed and error are final: the scheduler leaves them alone.
    expect(await events.readyDue(new Date('2031-01-01T00:00:00Z'))).toBe(0);
    expect((await statusOf(good)).status).toBe(3);
  });

  it('two events on one day merge in slot order: the later price stays', async () => {
    const day = weekday(7);
    const first = await newEvent('First', day, '2.00', [SPRITE]);
    const second = await newEvent('Second', day, '2.50', [SPRITE]);
    expect(new Date(second.EffectiveDateTime).getTime() - new Date(first.EffectiveDateTime).getTime()).toBe(
      60_000,
    );
    await events.readyDue(new Date(new Date(second.EffectiveDateTime).getTime() + 1000));
    const out = await tdb.db.transaction((tx) =>
      mergeReadyEvents(tx, { userId: pb.user.id, userName: 'ann', siteIds: [pb.sites.s11] }),
    );
    expect(out.merged).toEqual([first.Id, second.Id]);
    const [zi] = await rows<{ price: string }>(
      tdb.db,
      sql`select unit_list::text as price from zone_items where zone_id = ${pb.north.id} and item_id = ${SPRITE}`,
    );
    expect(zi.price).toBe('2.50');
  });
});

describe('/runCurrentPricingEvents', () => {
  it("needs the session's X-CSRF-Token (403 without), then readies the user's due events", async () => {
    const due = await insertEvent(tdb.db, {
      zoneId: pb.north.id,
      name: 'Due',
      at: new Date('2020-01-06T06:00:00Z'),
      user: 'ann',
    });
    const other = await insertEvent(tdb.db, {
      zoneId: pb.other.id,
      name: 'Not hers',
      at: new Date('2020-01-06T06:00:00Z'),
      user: 'otto',
    });
    const refused = await app.inject({ url: '/runCurrentPricingEvents/ann', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect((await statusOf(due)).status).toBe(1);
    const token = (await app.inject({ url: '/session', headers: { cookie } })).json().RootResults.csrfToken;
    const res = await app.inject({
      url: '/runCurrentPricingEvents/ann',
      headers: { cookie, 'x-csrf-token': token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ RootResults: { Count: 1, Message: '1 pricing event(s) are now ready.' } });
    expect((await statusOf(due)).status).toBe(2);
    expect((await statusOf(other)).status).toBe(1);
  });

  it("another user's path is 403", async () => {
    const res = await app.inject({ url: '/runCurrentPricingEvents/otto', headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });
});

describe('the event answer', () => {
  it('carries its id, its status and, for an error, the reason', async () => {
    const id = await insertEvent(tdb.db, {
      zoneId: pb.north.id,
      name: 'Broken',
      at: new Date('2030-03-05T06:00:00Z'),
      user: 'ann',
    });
    await tdb.db.execute(sql`update pricing_events set status = 4, error = 'Not carried.' where id = ${id}`);
    const res = await app.inject({ url: `/getZonePricingEvents/ann/${pb.north.id}`, headers: { cookie } });
    expect(res.json().RootResults).toEqual([
      {
        Id: id,
        PricingEventName: 'Broken',
        EffectiveDateTime: '2030-03-05T06:00:00.000Z',
        EffectiveDate: '2030-03-05',
        strEffectiveDateTime: '03/05/2030 12:00 AM',
        Status: 4,
        SortableStatus: 4,
        ErrorReason: 'Not carried.',
        UndoOf: null,
        Collides: false,
      },
    ]);
  });
});

describe('mergeFuturePricing and setCalendarEventPricing', () => {
  it("mode 3 makes the event from the zone's prices; set prices adds percent with last digit 9", async () => {
    const day = weekday(8);
    const e = await newEvent('Summer', day, '2.00');
    expect(await itemsOf(e.Id)).toEqual([
      { item_id: COKE, price: '2.00' },
      { item_id: SPRITE, price: '2.00' },
    ]);
    // 10% on the current 1.79 = 1.969 -> 1.97, last digit 9 -> 1.99.
    const res = await post('/setCalendarEventPricing/ann', {
      ZoneSetupID: pb.north.id,
      thePricingEvent: { PricingEventName: 'Summer', EffectiveDateTime: e.EffectiveDateTime, Status: 1 },
      UpdateType: 1,
      RoundType: 2,
      PromotionDateType: 2,
      ChangeAmount: '10',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults.Message).toBe('2 event items are successfully saved.');
    expect(await itemsOf(e.Id)).toEqual([
      { item_id: COKE, price: '1.99' },
      { item_id: SPRITE, price: '1.99' },
    ]);
    // No change (0) takes the current price back.
    await post('/setCalendarEventPricing/ann', {
      ZoneSetupID: pb.north.id,
      thePricingEvent: { Id: e.Id, PricingEventName: 'Summer' },
      UpdateType: 0,
      RoundType: 0,
    });
    expect(await itemsOf(e.Id)).toEqual([
      { item_id: COKE, price: '1.79' },
      { item_id: SPRITE, price: '1.79' },
    ]);
    // Item Adjustment still shows the current price: event prices are future prices.
    const [zi] = await rows<{ price: string }>(
      tdb.db,
      sql`select unit_list::text as price from zone_items where zone_id = ${pb.north.id} and item_id = ${SPRITE}`,
    );
    expect(zi.price).toBe('1.79');
  });

  it("refuses a missing amount ('Please enter an amount.'), an expense item, and a stale event UpdateKey", async () => {
    const e = await newEvent('Refusals', weekday(9));
    const base = {
      ZoneSetupID: pb.north.id,
      thePricingEvent: { Id: e.Id, PricingEventName: 'Refusals' },
      UpdateType: 2,
      RoundType: 0,
    };
    const missing = await post('/setCalendarEventPricing/ann', base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ErrorMessage).toBe('ChangeAmount: Please enter an amount.');
    const stale = await post('/setCalendarEventPricing/ann', {
      ...base,
      ChangeAmount: '0.10',
      SelectedItems: [{ ID: COKE, PackSize: 1, UpdateKey: '99' }],
    });
    expect(stale.statusCode).toBe(409);
    expect(await itemsOf(e.Id)).toEqual([
      { item_id: COKE, price: '2.00' },
      { item_id: SPRITE, price: '2.00' },
    ]);
    const expense = await post('/mergeFuturePricing/ann', {
      ZoneSetupID: pb.north.id,
      SelectedItems: [{ ID: PAPER, PackSize: 1 }],
      thePricingEvent: { Id: e.Id, PricingEventName: 'Refusals' },
      UpdateType: 3,
      ChangeAmount: '1.00',
      Mode: 1,
    });
    expect(expense.statusCode).toBe(400);
    expect(await itemsOf(e.Id)).toHaveLength(2);
  });

  it('the ISO variant refuses a US date; a zone the user lacks is 403; another path user is 403', async () => {
    const body = {
      ZoneSetupID: pb.north.id,
      SelectedItems: [{ ID: LAYS, PackSize: 1 }],
      thePricingEvent: { PricingEventName: 'Iso', EffectiveDateTime: us(weekday(8)) },
      UpdateType: 2,
      ChangeAmount: '0.10',
      Mode: 3,
    };
    expect((await post('/mergeFuturePricingISO/ann', body)).statusCode).toBe(400);
    const ok = await post('/mergeFuturePricingISO/ann', {
      ...body,
      thePricingEvent: { PricingEventName: 'Iso', EffectiveDateTime: weekday(8) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await post('/mergeFuturePricing/ann', { ...body, ZoneSetupID: pb.other.id })).statusCode).toBe(
      403,
    );
    expect((await post('/mergeFuturePricing/otto', body)).statusCode).toBe(403);
  });
});

describe('the calendar calls', () => {
  it('changePricingEvent moves a pending event to the next free slot of another weekday', async () => {
    const [d1, d2] = [weekday(10), weekday(15)];
    const a = await newEvent('A', d2);
    const b = await newEvent('B', d1);
    const res = await post('/changePricingEvent/ann', {
      ZoneSetupID: pb.north.id,
      thePricingEvent: { PricingEventName: 'B', EffectiveDateTime: b.EffectiveDateTime, Status: 1 },
      NewEffectiveDate: d2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json().RootResults;
    expect(moved.EffectiveDate).toBe(d2);
    expect(moved.strEffectiveDateTime).toBe(`${us(d2)} 12:01 AM`);
    expect(new Date(moved.EffectiveDateTime).getTime() - new Date(a.EffectiveDateTime).getTime()).toBe(
      60_000,
    );
  });

  it('a day before today, a weekend or a non-pending event is refused and nothing moves', async () => {
    const day = weekday(10);
    const e = await newEvent('Stay', day);
    const move = (NewEffectiveDate: string) =>
      post('/changePricingEvent/ann', {
        ZoneSetupID: pb.north.id,
        thePricingEvent: { Id: e.Id, PricingEventName: 'Stay' },
        NewEffectiveDate,
      });
    const past = await move('2020-01-06');
    expect(past.statusCode).toBe(400);
    expect(past.json().ErrorMessage).toBe('An event cannot move to a day before today.');
    const weekend = await move(saturdayAfter(day));
    expect(weekend.statusCode).toBe(400);
    expect(weekend.json().ErrorMessage).toBe('An event cannot move to a Saturday or Sunday.');
    await tdb.db.execute(sql`update pricing_events set status = 2 where id = ${e.Id}`);
    expect((await move(weekday(12))).statusCode).toBe(400);
    const [row] = await rows<{ at: Date }>(
      tdb.db,
      sql`select effective_at as at from pricing_events where id = ${e.Id}`,
    );
    expect(new Date(row.at).toISOString()).toBe(e.EffectiveDateTime);
  });

  it('updateZonePricingEvent renames, re-dates and saves the grid prices (stale key refused)', async () => {
    const e = await newEvent('Old', weekday(10));
    const items = (
      await post('/getEventItems/ann', {
        ZoneSetupID: pb.north.id,
        EventName: 'Old',
        EffectiveDate: e.EffectiveDateTime,
      })
    ).json().RootResults;
    expect(
      items.map((i: { ID: string; DeptSub: string; CurrentUnitList: string; SiteNo: number }) => [
        i.ID,
        i.DeptSub,
        i.CurrentUnitList,
        i.SiteNo,
      ]),
    ).toEqual([
      [COKE, '2.01 - Beverages / Soft Drinks', '1.79', 3],
      [SPRITE, '2.01 - Beverages / Soft Drinks', '1.79', 3],
    ]);
    const stale = await post('/updateZonePricingEvent/ann', {
      ZoneSetupID: pb.north.id,
      EventName: 'Old',
      EffectiveDate: e.EffectiveDateTime,
      UpdatedPricingEvent: [{ ID: COKE, PackSize: 1, FutureUnitList: '2.22', UpdateKey: '12345' }],
      NewName: 'Renamed',
    });
    expect(stale.statusCode).toBe(409);
    const newDay = weekday(11);
    const res = await post('/updateZonePricingEvent/ann', {
      ZoneSetupID: pb.north.id,
      EventName: 'Old',
      EffectiveDate: e.EffectiveDateTime,
      UpdatedPricingEvent: [{ ID: COKE, PackSize: 1, FutureUnitList: '2.22', UpdateKey: items[0].UpdateKey }],
      NewName: 'Renamed',
      NewEffectiveDate: newDay,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toMatchObject({
      PricingEventName: 'Renamed',
      EffectiveDate: newDay,
      Message: 'Successfully saved.',
    });
    expect(await itemsOf(e.Id)).toEqual([
      { item_id: COKE, price: '2.22' },
      { item_id: SPRITE, price: '2.00' },
    ]);
  });

  it('deleteZonePricingEvent removes the selected items, then the event', async () => {
    const e = await newEvent('Gone', weekday(10));
    const base = { ZoneSetupID: pb.north.id, EventName: 'Gone', EffectiveDate: e.EffectiveDateTime };
    const res = await post('/deleteZonePricingEvent/ann', {
      ...base,
      SelectedItems: [
        { ID: COKE, PackSize: 1, isSelected: true },
        { ID: SPRITE, PackSize: 1, isSelected: false },
      ],
      PricingEventItemsToDelete: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toMatchObject({ Count: 1, Message: 'Items(s) deleted successfully' });
    expect(await itemsOf(e.Id)).toEqual([{ item_id: SPRITE, price: '2.00' }]);
    const all = await post('/deleteZonePricingEvent/ann', { ...base, PricingEventItemsToDelete: false });
    expect(all.statusCode).toBe(200);
    expect(await rows(tdb.db, sql`select id from pricing_events where id = ${e.Id}`)).toEqual([]);
    // Gone now: the items call says so.
    const after = await post('/getEventItems/ann', {
      ZoneSetupID: pb.north.id,
      thePricingEvent: { Id: e.Id, PricingEventName: 'Gone' },
    });
    expect(after.statusCode).toBe(404);
  });

  it("another zone's event is 403 and bad input 400", async () => {
    const e = await newEvent('Mine', weekday(10));
    const other = await post('/getEventItems/ann', {
      ZoneSetupID: pb.other.id,
      thePricingEvent: { Id: e.Id, PricingEventName: 'Mine' },
    });
    expect(other.statusCode).toBe(403);
    const bad = await post('/getEventItems/ann', { ZoneSetupID: pb.north.id });
    expect(bad.statusCode).toBe(400);
    const badDay = await post('/changePricingEvent/ann', {
      ZoneSetupID: pb.north.id,
      thePricingEvent: { Id: e.Id, PricingEventName: 'Mine' },
      NewEffectiveDate: '02/30/2031',
    });
    expect(badDay.statusCode).toBe(400);
  });

  it('collisions: two events changing one item on one day say which wins (the later slot)', async () => {
    const day = weekday(10);
    const first = await newEvent('First', day, '2.00', [COKE]);
    await newEvent('Second', day, '2.10', [COKE, SPRITE]);
    const items = (
      await post('/getEventItems/ann', {
        ZoneSetupID: pb.north.id,
        thePricingEvent: { Id: first.Id, PricingEventName: 'First' },
      })
    ).json().RootResults;
    expect(items[0].Collision).toMatchObject({ EventName: 'Second', Wins: false });
    // The calendar marks both, and not an event of another day.
    const other = await newEvent('Other day', weekday(12), '2.20', [COKE]);
    const list = (
      await app.inject({ url: `/getZonePricingEvents/ann/${pb.north.id}`, headers: { cookie } })
    ).json().RootResults as Array<{ Id: number; PricingEventName: string; Collides: boolean }>;
    expect(list.map((e) => [e.PricingEventName, e.Collides])).toEqual([
      ['First', true],
      ['Second', true],
      ['Other day', false],
    ]);
    expect(other.Id).toBeGreaterThan(0);
  });

  it('zonePricingEventsItems lists the open events holding the items', async () => {
    const e = await newEvent('Bulk', weekday(10), '2.00', [COKE]);
    const res = await post('/adjust/ann/zonePricingEventsItems', {
      ZoneSetupID: pb.north.id,
      SelectedItems: [
        { ID: COKE, PackSize: 1 },
        { ID: LAYS, PackSize: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toEqual([
      {
        ID: COKE,
        PackSize: 1,
        EventId: e.Id,
        PricingEventName: 'Bulk',
        EffectiveDateTime: e.EffectiveDateTime,
        Status: 1,
        FutureUnitList: '2.00',
      },
    ]);
  });
});

describe('undo of a distributed event', () => {
  it('makes one pending event restoring the prices the merge replaced, naming its origin', async () => {
    const day = weekday(7);
    const e = await newEvent('Promo', day, '2.50', [SPRITE, LAYS]);
    await events.readyDue(new Date(new Date(e.EffectiveDateTime).getTime() + 1000));
    await tdb.db.transaction((tx) =>
      mergeReadyEvents(tx, { userId: pb.user.id, userName: 'ann', siteIds: [pb.sites.s11] }),
    );
    const res = await post('/undoPricingEvent/ann', {
      ZoneSetupID: pb.north.id,
      thePricingEvent: { Id: e.Id, PricingEventName: 'Promo' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const undo = res.json().RootResults;
    expect(undo.Message).toBe("Event 'Undo Promo' created: it restores 2 item price(s).");
    expect(undo.Event).toMatchObject({ PricingEventName: 'Undo Promo', Status: 1, UndoOf: e.Id });
    expect(await itemsOf(undo.Event.Id)).toEqual([
      { item_id: LAYS, price: '0.99' },
      { item_id: SPRITE, price: '1.79' },
    ]);
    // Once only; and a pending event cannot be undone.
    const again = await post('/undoPricingEvent/ann', {
      ZoneSetupID: pb.north.id,
      thePricingEvent: { Id: e.Id, PricingEventName: 'Promo' },
    });
    expect(again.statusCode).toBe(409);
    const pending = await post('/undoPricingEvent/ann', {
      ZoneSetupID: pb.north.id,
      thePricingEvent: { Id: undo.Event.Id, PricingEventName: 'Undo Promo' },
    });
    expect(pending.statusCode).toBe(400);
  });
});
