/**
 * The access rule of writes: every write call, with another zone's store or zone in each field
 * that can carry one, is refused with 403 and changes nothing; the same call with the user's own
 * stores and zone succeeds (so the refusal is the rule, not a bad body).
 *
 * Ann has North (stores 11, 12, 13) and South (13, 14); store 15 is only in zone Other.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import { fingerprint } from '../../../test/support/fingerprint';
import type { Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let sitesDir: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie, sitesDir } = await openPricebookSuite({ sitesDir: true }));
});
afterAll(() => closeSuite({ tdb, app, pb, cookie, sitesDir }));

const LAYS = { ID: '02840000001', PackSize: 1 };
const post = (url: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });

/** Every batch call of Item Adjustment, each with a body that is valid for North. */
const BATCHES: Array<[string, Record<string, unknown>]> = [
  ['updateSSCSItemsPriceChange', { UpdateType: 2, RoundType: 0, ChangeAmount: '0.10' }],
  ['updateItemCost', { UnitCost: '0.6000' }],
  ['updateSSCSItemsCrvChange', { crvId: 2 }],
  ['updateSSCSItemsTaxGroupChange', { TaxGroupId: 1 }],
  ['updateSSCSItemsDepartmentChange', { DeptSubNum: 401 }],
  ['updateSSCSItemGroupChange', { itemgroup: 'SODA', themode: 'AddToItemGroup' }],
  ['updateSSCSVendorIDChange', { vendorid: 'MCLANE' }],
  ['updateItemValues', { min_on_hand: 2, max_on_hand: 9 }],
  ['updateItemsActiveFlag', { flag: false }],
  [
    'updateSSCSItemsNegCost',
    {
      Vendor: 'COREMARK',
      NegCostLabel: 'Access deal',
      ChangeAmount: '0.4',
      strEffectiveDate: '03/01/2027',
      strExpiredDate: '03/31/2027',
    },
  ],
];

/** Each attempt must be a 403 naming the field, and the database must be as it was. */
async function expectRefused(
  attempts: Array<[string, Record<string, unknown>]>,
  field: RegExp,
): Promise<void> {
  const before = await fingerprint(tdb.db);
  for (const [url, body] of attempts) {
    const res = await post(url, body);
    expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(403);
    expect(res.json().ErrorMessage, url).toMatch(field);
  }
  expect(await fingerprint(tdb.db)).toEqual(before);
}

describe.each(BATCHES)('%s', (call, extra) => {
  const url = `/adjust/ann/${call}`;
  const body = (over: Record<string, unknown>) => ({
    ZoneSetupID: pb.north.id,
    SelectedItems: [LAYS],
    ...extra,
    ...over,
  });

  it("refuses another zone's store in Coverage (to update or to remove) and another zone", async () => {
    const { s11, s15 } = pb.sites;
    await expectRefused(
      [
        [url, body({ Coverage: [s11, s15] })],
        [url, body({ Coverage: [s11, -s15] })],
        [url, body({ Coverage: [-s15] })],
        [url, body({ Coverage: [s11, s15], Preview: true })],
      ],
      new RegExp(`^Coverage: You do not have access to the store\\(s\\) with SetupID ${s15}\\.$`),
    );
    // The zone guard's message as written, as for every other call on a zone not the user's.
    await expectRefused(
      [[url, body({ ZoneSetupID: pb.other.id })]],
      /^You do not have access to this zone\.$/,
    );
    await expectRefused(
      [[url, body({ ZoneSetupID: pb.other.id, Preview: true })]],
      /^You do not have access to this zone\.$/,
    );
  });

  it("saves with the user's own stores, including one outside the zone", async () => {
    const res = await post(url, body({ Coverage: [pb.sites.s11, pb.sites.s14] }));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('submitChange', () => {
  it("refuses another zone and saves in the user's own", async () => {
    const url = '/adjust/ann/submitChange';
    const item = { ...LAYS, Description: 'LAYS ACCESS' };
    await expectRefused(
      [[url, { ZoneSetupID: pb.other.id, Item: item }]],
      /^You do not have access to this zone\.$/,
    );
    expect((await post(url, { ZoneSetupID: pb.north.id, Item: item })).statusCode).toBe(200);
  });
});

describe('distributeSelItemsToSelSites', () => {
  const url = '/adjust/ann/distributeSelItemsToSelSites';
  const body = (over: Record<string, unknown>) => ({
    zonesetupid: pb.north.id,
    SelectedItems: [LAYS],
    sites: String(pb.sites.s11),
    ...over,
  });
  const to15 = () => path.join(sitesDir, '015');

  it("refuses another zone's store and another zone, and sends no file (a negative SetupID is malformed: 400)", async () => {
    const { s11, s15 } = pb.sites;
    await expectRefused(
      [[url, body({ sites: `${s11},${s15}` })]],
      new RegExp(`^sites: You do not have access to the store\\(s\\) with SetupID ${s15}\\.$`),
    );
    expect((await post(url, body({ sites: `-${s15}` }))).statusCode).toBe(400);
    await expectRefused([[url, body({ zonesetupid: pb.other.id })]], /do not have access to this zone/);
    expect(fs.existsSync(to15())).toBe(false);
  });

  it("sends to the user's own stores of the call's zone", async () => {
    expect((await post(url, body({ sites: `${pb.sites.s11},${pb.sites.s13}` }))).statusCode).toBe(200);
  });
});

describe('updateBatchItem', () => {
  const url = '/updateBatchItem/ann';
  async function model(over: Record<string, unknown>) {
    const res = await post('/additem/ann/lookUpBatchItem', { ZoneSetupID: pb.north.id, ...LAYS });
    return { ...res.json().RootResults, Description: 'LAYS SAVED', ...over };
  }

  it("refuses another zone in the request or in any model's ZoneSetupID", async () => {
    const other = pb.other.id;
    await expectRefused(
      [
        [url, { ZoneSetupID: other, Items: [await model({})] }],
        [url, { ZoneSetupID: pb.north.id, Items: [await model({ ZoneSetupID: other })] }],
        [
          url,
          {
            Items: [
              await model({ ZoneSetupID: pb.north.id }),
              await model({ ID: '04900000045', ZoneSetupID: other }),
            ],
          },
        ],
        [url, { model: await model({ ZoneSetupID: other }) }],
      ],
      /do not have access to this zone/,
    );
  });

  it("saves a model of the user's own zone", async () => {
    const res = await post(url, { Items: [await model({ ZoneSetupID: pb.north.id })] });
    expect(res.statusCode, res.body).toBe(200);
  });
});
