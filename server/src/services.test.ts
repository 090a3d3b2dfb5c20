/**
 * The services object outside HTTP: what a worker or the command line does through it, a route
 * reads back, and buildApp serves with the services it is given rather than making its own.
 */
import { formatUsDate } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn, testConfig } from '../test/support/app';
import { createTestDatabase, type TestDatabase } from '../test/support/database';
import { buildPricebook, type Pricebook } from '../test/support/pricebook-fixture';
import { buildApp } from './app';
import { createServices } from './services';

/** UTC+14 and UTC-11: the same instant falls on different days in them. */
const EAST = 'Pacific/Kiritimati';
const WEST = 'Pacific/Pago_Pago';

let tdb: TestDatabase;
let pb: Pricebook;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  pb = await buildPricebook(tdb.db);
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await tdb?.drop();
});

/** A Monday at least two weeks ahead, as an ISO day: a valid effective date in any time zone. */
function mondayAhead(): string {
  const d = new Date(Date.now() + 14 * 86_400_000);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

async function events(app: FastifyInstance, zoneId: number) {
  const cookie = await signIn(app, 'ann', 'ann-pw');
  const res = await app.inject({ url: `/getZonePricingEvents/ann/${zoneId}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().RootResults as { PricingEventName: string; strEffectiveDateTime: string }[];
}

describe('services', () => {
  it('an event a worker puts in through the services is what the route lists', async () => {
    const services = createServices({ config: testConfig({ businessTimeZone: EAST }), db: tdb.db });
    const day = mondayAhead();
    await tdb.db.transaction(async (ex) => {
      const target = await services.pricingEvents.resolveTarget({
        ex,
        zoneId: pb.north.id,
        name: 'Worker Week',
        mode: 3,
        effectiveDate: formatUsDate(day),
      });
      await services.pricingEvents.savePrices({
        ex,
        zoneId: pb.north.id,
        user: 'worker',
        target,
        prices: [{ itemId: '02840000001', packSize: 1, price: '1.29' }],
      });
    });
    const app = await makeApp(tdb.db, { businessTimeZone: EAST });
    apps.push(app);
    const listed = await events(app, pb.north.id);
    expect(listed).toEqual(await services.pricingEvents.list(pb.north.id, { currentOnly: false }));
    expect(listed.find((e) => e.PricingEventName === 'Worker Week')?.strEffectiveDateTime).toBe(
      `${formatUsDate(day)} 12:00 AM`,
    );
  });

  it('buildApp serves with the services it is given', async () => {
    // Reads the event the test above put in.
    // The config handed to buildApp says WEST; the given services were built for EAST.
    const services = createServices({ config: testConfig({ businessTimeZone: EAST }), db: tdb.db });
    const app = await buildApp({ db: tdb.db, config: testConfig({ businessTimeZone: WEST }), services });
    apps.push(app);
    await app.ready();
    const listed = await events(app, pb.north.id);
    const day = mondayAhead();
    expect(listed.find((e) => e.PricingEventName === 'Worker Week')?.strEffectiveDateTime).toBe(
      `${formatUsDate(day)} 12:00 AM`,
    );
  });
});
