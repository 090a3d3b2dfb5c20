/**
 * Every server gate of docs/gates.md, one test per row: the call is refused (403, the message)
 * without the preference and writes nothing; the same call passes once the preference is set.
 * Fixture (pricebook-fixture.ts): North = stores 11, 12, 13; LAYS cost 0.6100; COKE 1.79.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/support/app';
import type { TestDatabase } from '../../../test/support/database';
import { buildUser } from '../../../test/support/factories';
import { addRoot } from '../../../test/support/outside-updates';
import { PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let nora: { id: number; cookie: string };

const LAYS = { ID: PB_ITEMS.LAYS, PackSize: 1 };
const COKE = { ID: PB_ITEMS.COKE, PackSize: 1 };

beforeAll(async () => {
  ({ tdb, app, pb, cookie } = await openPricebookSuite());
  // nora: the zone North and no preferences at all (mask 0).
  const u = await buildUser(tdb.db, { userName: 'nora', password: 'nora-pw', zoneIds: [pb.north.id] });
  nora = { id: u.id, cookie: await signIn(app, 'nora', 'nora-pw') };
  await addRoot(tdb.db, {
    zoneId: pb.north.id,
    itemId: PB_ITEMS.COKE,
    flds: 8,
    unitList: '1.85',
    origins: [pb.sites.s11],
  });
});
afterAll(() => closeSuite({ tdb, app, pb, cookie }));

const q = <T>(query: ReturnType<typeof sql>) => rows<T>(tdb.db, query);
const grant = (prefId: number, on = true) =>
  tdb.db.execute(
    sql`insert into preferences (user_id, pref_id, pref_value) values (${nora.id}, ${prefId}, ${on})
      on conflict (user_id, pref_id) do update set pref_value = excluded.pref_value`,
  );
const revoke = (prefId: number) =>
  tdb.db.execute(sql`delete from preferences where user_id = ${nora.id} and pref_id = ${prefId}`);
const post = (url: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie: nora.cookie },
    payload: payload as Record<string, unknown>,
  });
const batch = (call: string, payload: Record<string, unknown>) =>
  post(`/adjust/nora/${call}`, { ZoneSetupID: pb.north.id, ...payload });
/** What a refused call must leave as it was: the store rows, the item groups, the outside updates. */
const state = async () => ({
  sites: await q(
    sql`select site_id, item_id, unit_cost::text, vendor_id, min_on_hand, max_on_hand, version from site_items order by 1, 2`,
  ),
  groups: await q(sql`select * from item_group_members order by 1, 2, 3`),
  ou: await q(
    sql`select item_id, unit_cost::text, min_on_hand, change_flds, action, item_groups from outside_updates order by 1`,
  ),
  history: await q(sql`select count(*)::int as n from item_history`),
});

async function expectRefused(res: Awaited<ReturnType<typeof post>>, message: string, before: unknown) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().ErrorMessage).toBe(message);
  expect(await state()).toEqual(before);
}

describe('Item Adjustment gates', () => {
  it('Set Cost (updateItemCost) needs UpdateUnitCost (ID 3)', async () => {
    const before = await state();
    const body = { SelectedItems: [LAYS], UnitCost: '0.7000' };
    await expectRefused(
      await batch('updateItemCost', body),
      'Your preferences do not allow changing unit costs.',
      before,
    );
    await grant(3);
    expect((await batch('updateItemCost', body)).statusCode).toBe(200);
  });

  it('a grid cost edit (submitChange UnitCost) needs UpdateUnitCost (ID 3)', async () => {
    await revoke(3);
    const before = await state();
    const body = { Item: { ...LAYS, UnitCost: '0.8000' } };
    await expectRefused(
      await batch('submitChange', body),
      'Your preferences do not allow changing unit costs.',
      before,
    );
    await grant(3);
    expect((await batch('submitChange', body)).statusCode).toBe(200);
  });

  it('Set Vendor (updateSSCSVendorIDChange) needs ApplyVendor (ID 1)', async () => {
    const before = await state();
    const body = { SelectedItems: [LAYS], vendorid: 'COREMARK' };
    await expectRefused(
      await batch('updateSSCSVendorIDChange', body),
      'Your preferences do not allow setting vendors.',
      before,
    );
    await grant(1);
    expect((await batch('updateSSCSVendorIDChange', body)).statusCode).toBe(200);
  });

  it('Set Min/Max (updateItemValues) needs MinMaxItemAdjust (ID 4)', async () => {
    const before = await state();
    const body = { SelectedItems: [LAYS], min_on_hand: 2 };
    await expectRefused(
      await batch('updateItemValues', body),
      'Your preferences do not allow changing min/max.',
      before,
    );
    await grant(4);
    expect((await batch('updateItemValues', body)).statusCode).toBe(200);
  });

  it('Set Item Group (updateSSCSItemGroupChange) is refused with DisableItmGrp (ID 2)', async () => {
    await grant(2);
    const before = await state();
    const body = { SelectedItems: [LAYS], itemgroup: 'SODA', themode: 'AddToItemGroup' };
    await expectRefused(
      await batch('updateSSCSItemGroupChange', body),
      'Your preferences do not allow maintaining item groups.',
      before,
    );
    await grant(2, false);
    expect((await batch('updateSSCSItemGroupChange', body)).statusCode).toBe(200);
  });
});

describe('Outside Updates gates', () => {
  const keep = (edit: Record<string, unknown>) =>
    post('/updateMasterItemList/nora', { ZoneSetupID: pb.north.id, Items: [{ ...COKE, ...edit }] });
  const apply = (edit: Record<string, unknown>) =>
    post('/outsideupdates/applyOUChanges/nora', {
      updatedMasterItem: [{ ...COKE, ...edit }],
      actionItem: { ZoneSetupID: pb.north.id, items: [{ ...COKE, Action: 'accept' }] },
    });
  const COST = 'Your preferences do not allow changing unit costs in Outside Updates.';
  const MIN_MAX = 'Your preferences do not allow changing min/max in Outside Updates.';

  it('a cost edit kept (updateMasterItemList) needs UnitCostOUEn (ID 6); UpdateUnitCost alone is not enough', async () => {
    await grant(3);
    const before = await state();
    await expectRefused(await keep({ Cost: '0.9000' }), COST, before);
    // The cost the list shows (the zone's 1.0740, here sent back) is no edit: kept without the flag.
    expect((await keep({ Cost: '1.0740', Price: '1.85' })).statusCode).toBe(200);
  });

  it('a min/max edit kept (updateMasterItemList) needs MinMaxOutsideUpdate (ID 5)', async () => {
    const before = await state();
    await expectRefused(await keep({ MinOnHand: 4 }), MIN_MAX, before);
    await expectRefused(await keep({ MaxOnHand: 40 }), MIN_MAX, before);
    await expectRefused(await keep({ MinPurchaseQty: 2 }), MIN_MAX, before);
    await grant(4);
    await grant(5);
    expect((await keep({ MinOnHand: 4 })).statusCode).toBe(200);
  });

  it('an item group edit kept (updateMasterItemList) is refused with DisableItmGrp (ID 2)', async () => {
    await grant(2);
    const before = await state();
    await expectRefused(
      await keep({ ItemGroups: ['SODA'] }),
      'Your preferences do not allow maintaining item groups.',
      before,
    );
    await grant(2, false);
  });

  it('Apply Changes (applyOUChanges) refuses a cost edit without ID 6 and a min/max edit without ID 5', async () => {
    await revoke(5);
    const before = await state();
    await expectRefused(await apply({ Cost: '0.9500' }), COST, before);
    await expectRefused(await apply({ MaxOnHand: 30 }), MIN_MAX, before);
    await grant(2);
    await expectRefused(
      await apply({ ItemGroups: ['SODA'] }),
      'Your preferences do not allow maintaining item groups.',
      before,
    );
    await grant(2, false);
    await grant(5);
    await grant(6);
    const res = await apply({ Cost: '0.9500', MaxOnHand: 30 });
    expect(res.statusCode, res.body).toBe(200);
    const [zone] = await q<{ unit_cost: string; max_on_hand: number }>(
      sql`select distinct unit_cost::text, max_on_hand from site_items si join zone_sites zs on zs.site_id = si.site_id
        where zs.zone_id = ${pb.north.id} and si.item_id = ${PB_ITEMS.COKE} and si.pack_size = 1`,
    );
    expect(zone).toEqual({ unit_cost: '0.9500', max_on_hand: 30 });
  });
});
