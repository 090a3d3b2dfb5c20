/**
 * Outside Updates' item groups and kept edits: the Item groups dialog's edited value is kept on
 * the root (item group bit), Accept makes it the item's groups and writes the item at every store
 * of the zone with history; a restore puts back the loaded values and bits; the preference
 * disMaintainItemGroup refuses item group edits. Fixture: North = stores 11, 12, 13 (13 shared
 * with South); item group SODA holds COKE; COKE at 11-14, SPRITE at 11-13.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import { addRoot } from '../../../test/support/outside-updates';
import { PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie } = await openPricebookSuite());
  await tdb.db.execute(sql`insert into item_groups (id, description) values ('COLA', 'Colas')`);
  // COKE: a price change (bit 8); SPRITE: item groups only (bit 128), as a vendor import brings them.
  await addRoot(tdb.db, {
    zoneId: pb.north.id,
    itemId: PB_ITEMS.COKE,
    flds: 8,
    unitList: '1.85',
    origins: [pb.sites.s11],
  });
  await addRoot(tdb.db, {
    zoneId: pb.north.id,
    itemId: PB_ITEMS.SPRITE,
    flds: 128,
    origins: [pb.sites.s12],
  });
  await tdb.db.execute(
    sql`update outside_updates set item_groups = '["COLA"]'::jsonb where item_id = ${PB_ITEMS.SPRITE}`,
  );
});
afterAll(() => closeSuite({ tdb, app, pb, cookie }));

const q = <T>(query: ReturnType<typeof sql>) => rows<T>(tdb.db, query);
const post = (url: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const rootOf = async (itemId: string) => {
  const res = await app.inject({ url: `/outsideupdates/ann/${pb.north.id}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().root as Array<Record<string, unknown>>).find((r) => r.Idcode === itemId);
};
const groupsOf = async (itemId: string) =>
  (
    await q<{ g: string }>(
      sql`select item_group_id as g from item_group_members where item_id = ${itemId} and pack_size = 1 order by 1`,
    )
  ).map((r) => r.g);
const historySites = async (itemId: string) =>
  (
    await q<{ site_id: number }>(
      sql`select site_id from item_history where item_id = ${itemId} and source = 'Outside Update' order by site_id`,
    )
  ).map((r) => r.site_id);

describe('Outside Updates: kept edits and their restore', () => {
  it('an edit is kept with the action given; a restore puts back the values and change bits', async () => {
    const before = await rootOf(PB_ITEMS.COKE);
    expect(before).toMatchObject({
      Price: '1.85',
      Description: 'COKE 20OZ',
      changeFlds: 8,
      ItemGroups: ['SODA'],
    });
    const edit = await post('/updateMasterItemList/ann', {
      ZoneSetupID: pb.north.id,
      Action: 'synch_site',
      Items: [{ ID: PB_ITEMS.COKE, PackSize: 1, Description: 'COKE 20OZ BTL', Price: '1.99' }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // Description bit (1) added to the price bit (8); the action given, not Accept.
    expect(await rootOf(PB_ITEMS.COKE)).toMatchObject({
      Description: 'COKE 20OZ BTL',
      Price: '1.99',
      changeFlds: 9,
      Action: 'synch_site',
    });
    const restore = await post('/updateMasterItemList/ann', {
      ZoneSetupID: pb.north.id,
      Action: 'noaction',
      Items: [{ ID: PB_ITEMS.COKE, PackSize: 1, Description: 'COKE 20OZ', Price: '1.85', ChangeFlds: 8 }],
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await rootOf(PB_ITEMS.COKE)).toMatchObject({
      Description: 'COKE 20OZ',
      Price: '1.85',
      changeFlds: 8,
      isSameDescription: 0,
      Action: 'noaction',
    });
  });
});

describe('Outside Updates: item groups', () => {
  it('an edited item group is kept on the root, and Accept writes it at every store of the zone with history', async () => {
    const edit = await post('/updateMasterItemList/ann', {
      ZoneSetupID: pb.north.id,
      Items: [{ ID: PB_ITEMS.COKE, PackSize: 1, ItemGroups: ['cola', 'SODA'] }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const kept = await rootOf(PB_ITEMS.COKE);
    // Item group bit (128) added to the price bit (8).
    expect(kept).toMatchObject({
      ItemGroups: ['COLA', 'SODA'],
      changeFlds: 136,
      isSameItemGroup: 1,
      Action: 'accept',
    });
    // Not written before Apply Changes: COKE is in SODA only (the fixture).
    expect(await groupsOf(PB_ITEMS.COKE)).toEqual(['SODA']);

    const res = await post('/outsideupdates/applyOUChanges/ann', {
      updatedMasterItem: null,
      actionItem: {
        ZoneSetupID: pb.north.id,
        items: [{ ID: PB_ITEMS.COKE, PackSize: 1, UpdateKey: kept?.UpdateKey }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await groupsOf(PB_ITEMS.COKE)).toEqual(['COLA', 'SODA']);
    // North's stores 11, 12, 13 each have a history row of the accept.
    expect(await historySites(PB_ITEMS.COKE)).toEqual([pb.sites.s11, pb.sites.s12, pb.sites.s13]);
  });

  it('an item whose only change is its item groups is written at every store, with history; an edit wins', async () => {
    const seen = await rootOf(PB_ITEMS.SPRITE);
    expect(seen).toMatchObject({ ItemGroups: ['COLA'], isSameItemGroup: 1 });
    const res = await post('/outsideupdates/applyOUChanges/ann', {
      updatedMasterItem: [{ ID: PB_ITEMS.SPRITE, PackSize: 1, ItemGroups: ['SODA'] }],
      actionItem: {
        ZoneSetupID: pb.north.id,
        items: [{ ID: PB_ITEMS.SPRITE, PackSize: 1, Action: 'accept', UpdateKey: seen?.UpdateKey }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await groupsOf(PB_ITEMS.SPRITE)).toEqual(['SODA']);
    expect(await historySites(PB_ITEMS.SPRITE)).toEqual([pb.sites.s11, pb.sites.s12, pb.sites.s13]);
    expect(await rootOf(PB_ITEMS.SPRITE)).toBeUndefined();
  });

  it('an unknown item group is a 400; with disMaintainItemGroup an item group edit is a 403', async () => {
    await addRoot(tdb.db, {
      zoneId: pb.north.id,
      itemId: PB_ITEMS.LAYS,
      flds: 8,
      unitList: '1.09',
      origins: [pb.sites.s11],
    });
    const edit = (groups: string[]) =>
      post('/updateMasterItemList/ann', {
        ZoneSetupID: pb.north.id,
        Items: [{ ID: PB_ITEMS.LAYS, PackSize: 1, ItemGroups: groups }],
      });
    expect((await edit(['NOPE'])).statusCode).toBe(400);
    await tdb.db.execute(
      sql`insert into preferences (user_id, pref_id, pref_value) values (${pb.user.id}, 2, true)`,
    );
    expect((await edit(['SODA'])).statusCode).toBe(403);
    const price = await post('/updateMasterItemList/ann', {
      ZoneSetupID: pb.north.id,
      Items: [{ ID: PB_ITEMS.LAYS, PackSize: 1, Price: '1.15' }],
    });
    expect(price.statusCode, price.body).toBe(200);
  });
});
