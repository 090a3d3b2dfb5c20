/**
 * The preferences calls (spec part 2 §7): POST /preferences/{user} (PrefID), /preferencesInt,
 * /setPreference (IDs 1-6) and /setPreferenceInt (ID 7, 0-99); the forcing rule (min/max in Item
 * Adjustment off turns min/max in Outside Updates off); another user's path is refused.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildUser } from '../../../test/support/factories';

let tdb: TestDatabase;
let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  // eve: ApplyVendor (ID 1) and MinMaxItemAdjust (ID 4) and MinMaxOutsideUpdate (ID 5).
  await buildUser(tdb.db, { userName: 'eve', password: 'eve-pw', prefs: [1, 4, 5] });
  await buildUser(tdb.db, { userName: 'fay', password: 'fay-pw' });
  app = await makeApp(tdb.db);
  cookie = await signIn(app, 'eve', 'eve-pw');
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const post = (url: string, payload?: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('POST /preferences/{user}', () => {
  it('answers every flag without a PrefID: mask 1 + 8 + 16 = 25', async () => {
    const res = await post('/preferences/eve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toEqual({
      Mask: 25,
      Flags: {
        applyVendorList: true,
        disMaintainItemGroup: false,
        enMinMaxItemAdjust: true,
        enMinMaxOutsideUpdate: true,
        canUpdateUnitCost: false,
        isUnitCostOUEnabled: false,
      },
      Prefs: [
        { PrefID: 1, PrefValue: true },
        { PrefID: 4, PrefValue: true },
        { PrefID: 5, PrefValue: true },
      ],
      CostCompareVariance: 0,
    });
  });

  it('narrows the stored list to the PrefID asked for', async () => {
    const res = await post('/preferences/eve', { PrefID: 4 });
    expect(res.json().RootResults.Prefs).toEqual([{ PrefID: 4, PrefValue: true }]);
    expect((await post('/preferences/eve', { PrefID: 2 })).json().RootResults.Prefs).toEqual([]);
  });

  it('refuses a PrefID outside 1-6 and another user', async () => {
    expect((await post('/preferences/eve', { PrefID: 9 })).statusCode).toBe(400);
    expect((await post('/preferences/fay')).statusCode).toBe(403);
    expect((await post('/preferencesInt/fay')).statusCode).toBe(403);
    expect((await post('/setPreference/fay', [{ PrefID: 1, PrefValue: true }])).statusCode).toBe(403);
    expect(
      (await post('/setPreferenceInt/fay', { PrefID: 7, PrefString: 'Cost Compare Variance', PrefValue: 5 }))
        .statusCode,
    ).toBe(403);
  });
});

describe('POST /setPreference/{user}', () => {
  it('sets the flags listed and keeps the others', async () => {
    const res = await post('/setPreference/eve', [
      { PrefID: 3, PrefValue: true },
      { PrefID: 1, PrefValue: false },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // MinMaxItemAdjust 8 + MinMaxOutsideUpdate 16 + UpdateUnitCost 4.
    expect(res.json().RootResults.Mask).toBe(28);
    expect((await post('/preferences/eve')).json().RootResults.Mask).toBe(28);
  });

  it('turning min/max in Item Adjustment off turns min/max in Outside Updates off', async () => {
    const res = await post('/setPreference/eve', [{ PrefID: 4, PrefValue: false }]);
    expect(res.json().RootResults.Mask).toBe(4);
    // Outside Updates' min/max cannot be on alone either.
    const alone = await post('/setPreference/eve', [{ PrefID: 5, PrefValue: true }]);
    expect(alone.json().RootResults.Flags.enMinMaxOutsideUpdate).toBe(false);
    const both = await post('/setPreference/eve', [
      { PrefID: 4, PrefValue: true },
      { PrefID: 5, PrefValue: true },
    ]);
    expect(both.json().RootResults.Mask).toBe(4 + 8 + 16);
  });

  it('refuses bad lists and changes nothing', async () => {
    expect((await post('/setPreference/eve', [])).statusCode).toBe(400);
    expect((await post('/setPreference/eve', [{ PrefID: 7, PrefValue: true }])).statusCode).toBe(400);
    const twice = await post('/setPreference/eve', [
      { PrefID: 1, PrefValue: true },
      { PrefID: 1, PrefValue: false },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().ErrorMessage).toContain('each preference once');
    expect((await post('/setPreference/eve', [{ PrefID: 2, PrefValue: 'yes' }])).statusCode).toBe(400);
    expect((await post('/preferences/eve')).json().RootResults.Mask).toBe(28);
  });
});

describe('POST /setPreferenceInt/{user} and /preferencesInt/{user}', () => {
  it('answers 0 and no name before any is set', async () => {
    const res = await post('/preferencesInt/eve', { PrefID: 7 });
    expect(res.json().RootResults).toEqual({ PrefID: 7, PrefString: null, PrefValue: 0 });
  });

  it('stores the Cost Compare Variance, read back by both calls', async () => {
    const res = await post('/setPreferenceInt/eve', {
      PrefID: 7,
      PrefString: 'Cost Compare Variance',
      PrefValue: 15,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toEqual({ PrefID: 7, PrefString: 'Cost Compare Variance', PrefValue: 15 });
    expect((await post('/preferencesInt/eve')).json().RootResults.PrefValue).toBe(15);
    expect((await post('/preferences/eve')).json().RootResults.CostCompareVariance).toBe(15);
    // ID 7 is not a flag: the mask is unchanged.
    expect((await post('/preferences/eve')).json().RootResults.Mask).toBe(28);
  });

  it('refuses a percent outside 0-99 with the spec texts, and another ID', async () => {
    const low = await post('/setPreferenceInt/eve', { PrefID: 7, PrefString: 'x', PrefValue: -1 });
    expect(low.statusCode).toBe(400);
    expect(low.json().ErrorMessage).toContain('Enter a minimum of 0.');
    const high = await post('/setPreferenceInt/eve', { PrefID: 7, PrefString: 'x', PrefValue: 100 });
    expect(high.json().ErrorMessage).toContain('Enter a maximum of 99.');
    expect((await post('/setPreferenceInt/eve', { PrefID: 6, PrefValue: 5 })).statusCode).toBe(400);
    expect((await post('/setPreferenceInt/eve', { PrefID: 7, PrefValue: 2.5 })).statusCode).toBe(400);
    expect((await post('/preferencesInt/eve')).json().RootResults.PrefValue).toBe(15);
  });

  it('0 and 99 are allowed', async () => {
    expect((await post('/setPreferenceInt/eve', { PrefID: 7, PrefValue: 99 })).json().RootResults).toEqual({
      PrefID: 7,
      PrefString: 'Cost Compare Variance',
      PrefValue: 99,
    });
    expect(
      (await post('/setPreferenceInt/eve', { PrefID: 7, PrefValue: 0 })).json().RootResults.PrefValue,
    ).toBe(0);
  });
});
