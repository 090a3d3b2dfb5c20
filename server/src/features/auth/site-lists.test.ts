/**
 * Every call that takes a list of stores: a malformed list is 400, a store outside the call's zone
 * or the user's zones is 403, and a store that does not exist is answered exactly like another
 * user's (403, the same message); each refusal writes nothing (no row, no transfer, no store file).
 *
 * Ann has North (stores 11, 12, 13) and South (13, 14); store 15 is only in zone Other (Otto's).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import { fingerprint } from '../../../test/support/fingerprint';
import type { Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let sitesDir: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie, sitesDir } = await openPricebookSuite({ sitesDir: true }));
});
afterAll(() => closeSuite({ tdb, app, pb, cookie, sitesDir }));

const COKE = { ID: '04900000044', PackSize: 1 };
const post = (url: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const send = (sites: string, zone = pb.north.id) =>
  post('/adjust/ann/distributeSelItemsToSelSites', { zonesetupid: zone, SelectedItems: [COKE], sites });

/** Everything a refused call could have written: rows, transfers, files in any store's folder. */
async function state() {
  const files = fs.existsSync(sitesDir)
    ? fs.readdirSync(sitesDir, { recursive: true }).map(String).sort()
    : [];
  const [t] = await rows<{ n: number }>(tdb.db, sql`select count(*)::int n from transfers`);
  const [sent] = await rows<{ n: number }>(tdb.db, sql`select count(*)::int n from site_item_sent`);
  return { db: await fingerprint(tdb.db), files, transfers: t.n, sent: sent.n };
}

async function expectStatus(res: Awaited<ReturnType<typeof post>>, status: number): Promise<string> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().ErrorMessage as string;
}

/** A SetupID no store has. */
const NO_SITE = 987_654;

describe('distributeSelItemsToSelSites', () => {
  it("refuses a malformed list (400), another zone of the user and another user's or unknown store (403), writing nothing", async () => {
    const before = await state();
    for (const bad of [
      '-1',
      `-${pb.sites.s11}`,
      `${pb.sites.s11};${pb.sites.s12}`,
      '',
      ' , ',
      '0',
      '1.5',
      'x',
    ])
      await expectStatus(await send(bad), 400);
    // Store 14 is Ann's, but in South: the call is for North.
    const south = await expectStatus(await send(`${pb.sites.s11},${pb.sites.s14}`), 403);
    expect(south).toBe(`sites: The store(s) with SetupID ${pb.sites.s14} are not in this zone.`);
    const foreign = await expectStatus(await send(`${pb.sites.s11},${pb.sites.s15}`), 403);
    const unknown = await expectStatus(await send(`${pb.sites.s11},${NO_SITE}`), 403);
    expect(foreign).toBe(`sites: You do not have access to the store(s) with SetupID ${pb.sites.s15}.`);
    // Alike: only the number differs.
    expect(unknown.replace(String(NO_SITE), String(pb.sites.s15))).toBe(foreign);
    expect(await state()).toEqual(before);
  });

  it('answers the file name only, never the server folder', async () => {
    const res = await send(`${pb.sites.s11},${pb.sites.s12}`);
    expect(res.statusCode, res.body).toBe(200);
    const files = res.json().RootResults.Sites.map((s: { File: string }) => s.File);
    expect(files).toHaveLength(2);
    for (const f of files) {
      expect(f).toMatch(/^ITT01[12]\d{14}\.xml$/);
      expect(f).not.toContain(sitesDir);
    }
    expect(fs.readdirSync(path.join(sitesDir, '011', 'to-site'))).toContain(files[0]);
  });
});

describe('calls that take store numbers (sitenos)', () => {
  const calls: Array<[string, Record<string, unknown>]> = [
    ['/importSelectedSites/ann', {}],
    ['/distributeToSites/ann', { bModsOnly: true }],
    ['/hbsreport/dts/preview/ann', { bModsOnly: true }],
    ['/hbsreport/dts/invalidItemsPerSite/ann', { bModsOnly: true }],
    ['/report/ann/dts/pdf/preview', { bModsOnly: true }],
    ['/report/ann/pdf/invalidItemsPerSite', { bModsOnly: true }],
  ];

  it.each(calls)(
    "%s: malformed 400; another user's or unknown store 403, alike; nothing written",
    async (url, extra) => {
      const before = await state();
      for (const bad of ['-11', '11;12', '', '0', '1000', '11,x'])
        await expectStatus(await post(url, { ...extra, sitenos: bad }), 400);
      const foreign = await expectStatus(await post(url, { ...extra, sitenos: '11,15' }), 403);
      const unknown = await expectStatus(await post(url, { ...extra, sitenos: '11,99' }), 403);
      expect(foreign).toBe('sitenos: You do not have access to the store(s) numbered 15.');
      expect(unknown.replace('99', '15')).toBe(foreign);
      expect(await state()).toEqual(before);
    },
  );
});

describe('Coverage of a batch call', () => {
  it("an unknown SetupID is answered like another user's store (403), nothing written", async () => {
    const before = await state();
    const body = (site: number) => ({
      ZoneSetupID: pb.north.id,
      SelectedItems: [COKE],
      UpdateType: 2,
      RoundType: 0,
      ChangeAmount: '0.10',
      Coverage: [site],
    });
    const foreign = await expectStatus(
      await post('/adjust/ann/updateSSCSItemsPriceChange', body(pb.sites.s15)),
      403,
    );
    const unknown = await expectStatus(
      await post('/adjust/ann/updateSSCSItemsPriceChange', body(NO_SITE)),
      403,
    );
    expect(unknown.replace(String(NO_SITE), String(pb.sites.s15))).toBe(foreign);
    expect(await state()).toEqual(before);
  });
});
