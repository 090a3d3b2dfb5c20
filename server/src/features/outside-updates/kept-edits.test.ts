/**
 * Edits kept on a root (POST /updateMasterItemList) keep the store's incoming values beside them:
 * the list says the root is edited and gives the original values; a restore puts them back; a
 * new arrival from the store drops the kept ones. Outside updates arrive through a real Site
 * Import. Fixture (pricebook-fixture.ts): North = stores 11, 12, 13; SPRITE 1.79, cost 1.0000.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import { importStoreChange } from '../../../test/support/outside-updates';
import { PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';
import type { StoreFileItem } from '../../exchange/naxml/store-files';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let sitesDir: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie, sitesDir } = await openPricebookSuite({ sitesDir: true }));
  // Cost edits in Outside Updates need unit cost in Outside Updates (preference 6, docs/gates.md).
  await tdb.db.execute(
    sql`insert into preferences (user_id, pref_id, pref_value) values (${pb.user.id}, 6, true)`,
  );
});
afterAll(() => closeSuite({ tdb, app, pb, cookie, sitesDir }));
afterEach(async () => {
  await tdb.db.execute(sql`delete from outside_updates`);
});

const storeChange = (siteId: number, siteNo: number, edit: (i: StoreFileItem) => StoreFileItem) =>
  importStoreChange({
    app,
    ex: tdb.db,
    cookie,
    sitesDir,
    siteId,
    siteNo,
    edit: (i) => (i.itemId === PB_ITEMS.SPRITE && i.packSize === 1 ? edit(i) : i),
  });
const post = (url: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const keep = async (items: Array<Record<string, unknown>>, action?: string) => {
  const res = await post('/updateMasterItemList/ann', {
    ZoneSetupID: pb.north.id,
    ...(action ? { Action: action } : {}),
    Items: items.map((i) => ({ ID: PB_ITEMS.SPRITE, PackSize: 1, ...i })),
  });
  expect(res.statusCode, res.body).toBe(200);
};
const sprite = async () => {
  const res = await app.inject({ url: `/outsideupdates/ann/${pb.north.id}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  const root = (res.json().root as Array<Record<string, unknown>>).find((r) => r.Idcode === PB_ITEMS.SPRITE);
  expect(root).toBeDefined();
  return root as Record<string, unknown> & { Original?: Record<string, unknown> };
};
const kept = async () =>
  (
    await rows<{ incoming: unknown }>(
      tdb.db,
      sql`select incoming from outside_updates where item_id = ${PB_ITEMS.SPRITE} and zone_id = ${pb.north.id}`,
    )
  )[0].incoming;

describe('Outside Updates: edits kept beside the incoming values', () => {
  it('lists an edited root with the store values as Original; a restore puts them back', async () => {
    // Store 12 sends SPRITE at 1.89 and a new description (price bit 8, description bit 1).
    await storeChange(pb.sites.s12, 12, (i) => ({ ...i, unitList: '1.89', description: 'SPRITE 12OZ NEW' }));
    const arrived = await sprite();
    expect(arrived).toMatchObject({ Price: '1.89', Description: 'SPRITE 12OZ NEW', changeFlds: 9 });
    expect(arrived.Edited).toBeUndefined();
    expect(arrived.Original).toBeUndefined();

    await keep([{ Price: '2.05', Cost: '1.1000' }]);
    await keep([{ Description: 'SPRITE EDITED' }]);
    const edited = await sprite();
    expect(edited).toMatchObject({
      Price: '2.05',
      Cost: '1.100000',
      Description: 'SPRITE EDITED',
      changeFlds: 9 | 64,
      Edited: true,
    });
    // The original values are the store's, as they were before the first edit.
    expect(edited.Original).toMatchObject({
      Price: '1.89',
      Description: 'SPRITE 12OZ NEW',
      Cost: '1.000000',
      changeFlds: 9,
      isSamePrice: 1,
      isSameCost: 0,
    });

    // No Action's Yes: the page sends Restore; the store's values are back, no edit is left.
    await keep([{ Restore: true }], 'noaction');
    const restored = await sprite();
    expect(restored).toMatchObject({
      Price: '1.89',
      Description: 'SPRITE 12OZ NEW',
      Cost: '1.000000',
      changeFlds: 9,
      Action: 'noaction',
    });
    expect(restored.Edited).toBeUndefined();
    expect(restored.Original).toBeUndefined();
    expect(await kept()).toBeNull();
  });

  it('forgets the kept values when the values sent back are the incoming ones', async () => {
    await storeChange(pb.sites.s12, 12, (i) => ({ ...i, unitList: '1.89' }));
    await keep([{ Price: '2.05' }]);
    expect((await sprite()).Edited).toBe(true);
    // Undo Changes of an edit made in the same session: the loaded values and bits are sent back.
    await keep([{ Price: '1.89', ChangeFlds: 8 }]);
    const back = await sprite();
    expect(back).toMatchObject({ Price: '1.89', changeFlds: 8 });
    expect(back.Edited).toBeUndefined();
    expect(await kept()).toBeNull();
  });

  it('a restore with new values keeps the store values as the original', async () => {
    await storeChange(pb.sites.s12, 12, (i) => ({ ...i, unitList: '1.89' }));
    await keep([{ Price: '2.05' }]);
    await keep([{ Restore: true, Cost: '1.2000' }]);
    const root = await sprite();
    expect(root).toMatchObject({ Price: '1.89', Cost: '1.200000', Edited: true });
    expect(root.Original).toMatchObject({ Price: '1.89', Cost: '1.000000', changeFlds: 8 });
  });

  it('a new arrival from the store drops the kept values: the new change is not restored away', async () => {
    await storeChange(pb.sites.s12, 12, (i) => ({ ...i, unitList: '1.89' }));
    await keep([{ Price: '2.05' }]);
    expect((await sprite()).Original).toMatchObject({ Price: '1.89' });
    await storeChange(pb.sites.s11, 11, (i) => ({ ...i, unitList: '1.99' }));
    const after = await sprite();
    expect(after).toMatchObject({ Price: '1.99' });
    expect(after.Edited).toBeUndefined();
    expect(await kept()).toBeNull();
    // A restore now has nothing to put back: the store's newer price stands.
    await keep([{ Restore: true }], 'noaction');
    expect(await sprite()).toMatchObject({ Price: '1.99', Action: 'noaction' });
  });
});
