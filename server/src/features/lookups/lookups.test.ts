import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildUser, buildZone } from '../../../test/support/factories';
import * as t from '../../db/schema';

let tdb: TestDatabase;
let app: FastifyInstance;
let cookie: string;
let zoneId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const db = tdb.db;
  const z2 = await buildZone(db, { zoneNo: 20, name: 'Twenty' });
  const z1 = await buildZone(db, { zoneNo: 3, name: 'Three' });
  await buildZone(db, { zoneNo: 9, name: 'Not mine' });
  zoneId = z1.id;
  await buildUser(db, { userName: 'pat', password: 'pat-pw', zoneIds: [z2.id, z1.id] });
  await db.insert(t.departments).values([
    { zoneId, dept: 12, sub: 0, deptName: 'Snacks', subName: 'Snacks' },
    { zoneId, dept: 2, sub: 1, deptName: 'Beverages', subName: 'Soft Drinks' },
    { zoneId, dept: 90, sub: 0, deptName: 'Expense', subName: 'Expense', itemTypeName: 'EX' },
  ]);
  await db.insert(t.taxGroups).values([
    { zoneId, id: 2, description: 'State', priority: 2 },
    { zoneId, id: 1, description: 'None', priority: 1 },
  ]);
  await db.insert(t.redemptions).values([
    { id: 2, text: 'CRV 10', amount: '0.10' },
    { id: 1, text: 'CRV 5', amount: '0.05' },
  ]);
  await db.insert(t.redemptionZones).values({ zoneId, redemptionId: 2 });
  await db.insert(t.vendors).values([
    { id: 'MCLANE', name: 'McLane' },
    { id: 'COREMARK', name: 'Core-Mark' },
  ]);
  await db.insert(t.itemTypes).values([
    { type: 'X', description: 'Expense' },
    { type: 'I', description: 'Inventory' },
  ]);
  await db.insert(t.itemGroups).values({ id: 'SODA', description: 'Sodas' });
  await db.insert(t.uoms).values({ unit: 'CS', description: 'Case' });
  app = await makeApp(db);
  cookie = await signIn(app, 'pat', 'pat-pw');
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const get = (url: string) => app.inject({ url, headers: { cookie } });

describe('lookups', () => {
  it('lists departments with the synthetic None first and D.SS display', async () => {
    const res = await get(`/departments/pat/${zoneId}/ItemTypeName/ALL`);
    const list = res.json().RootResults;
    expect(list.map((d: { DisplayDeptSub: string }) => d.DisplayDeptSub)).toEqual([
      'None',
      '2.01',
      '12.00',
      '90.00',
    ]);
    expect(list[0]).toMatchObject({ DeptSubNum: 0, DeptName: 'None' });
    expect(list[1]).toMatchObject({
      Dept: 2,
      SubDept: 1,
      DeptSubNum: 201,
      DeptName: 'Beverages',
      SubDeptName: 'Soft Drinks',
    });
    expect(list[3].ItemTypeName).toBe('EX');
  });

  it('filters departments by item type name', async () => {
    const list = (await get(`/departments/pat/${zoneId}/ItemTypeName/EX`)).json().RootResults;
    expect(list.map((d: { DisplayDeptSub: string }) => d.DisplayDeptSub)).toEqual(['None', '90.00']);
  });

  it('orders tax groups by priority', async () => {
    const list = (await get(`/taxgroups/pat/${zoneId}`)).json().RootResults;
    expect(list.map((g: { ID: number }) => g.ID)).toEqual([1, 2]);
    expect(list[1]).toMatchObject({ Description: 'State', DisplayName: '2 - State', Priority: 2 });
  });

  it('orders redemptions by ID and limits redemptionsPerZone to the zone', async () => {
    expect(
      (await get(`/redemptions/pat/${zoneId}`)).json().RootResults.map((r: { ID: number }) => r.ID),
    ).toEqual([1, 2]);
    expect((await get(`/redemptionsPerZone/pat/${zoneId}`)).json().RootResults).toEqual([
      { ID: 2, Text: 'CRV 10', DisplayValue: '2 - CRV 10', Amount: '0.10' },
    ]);
  });

  it('orders vendors by VendorID and item types by type', async () => {
    const vendors = (await get('/vendors/pat')).json().RootResults;
    expect(vendors).toEqual([
      { VendorID: 'COREMARK', VendorName: 'Core-Mark', Text: 'COREMARK - Core-Mark' },
      { VendorID: 'MCLANE', VendorName: 'McLane', Text: 'MCLANE - McLane' },
    ]);
    expect((await get(`/itemtypes/pat/${zoneId}`)).json().RootResults).toEqual([
      { Type: 'I', Description: 'Inventory' },
      { Type: 'X', Description: 'Expense' },
    ]);
  });

  it('lists item groups, UOMs and the table version', async () => {
    expect((await get(`/itemgroups/pat/${zoneId}`)).json().RootResults[0]).toMatchObject({
      ID: 'SODA',
      Active: true,
    });
    expect((await get(`/items/uom/pat/${zoneId}`)).json().RootResults).toEqual([
      { Unit: 'CS', Description: 'Case' },
    ]);
    expect((await get('/tableVersion/pat')).json().RootResults).toBe(30);
  });

  it("lists only the user's zones, by zone number", async () => {
    const zones = (await get('/userZones/pat')).json().RootResults;
    expect(zones.map((z: { ZoneNo: number; ZoneName: string }) => `${z.ZoneNo} - ${z.ZoneName}`)).toEqual([
      '3 - Three',
      '20 - Twenty',
    ]);
  });

  it('serves the en_US translation through the translate call', async () => {
    const res = await get('/translate/pat/?lang=en_US');
    expect(res.statusCode).toBe(200);
    expect(res.json().messages.AMT_IS_REQD).toBe('Please enter an amount.');
    expect((await get('/translate/pat/?lang=../x')).statusCode).toBe(400);
  });

  it('sends GET answers with no-cache headers', async () => {
    const res = await get('/vendors/pat');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers.pragma).toBe('no-cache');
  });

  it('refuses a zone that is not a zone ID as bad input, naming the segment', async () => {
    const res = await get('/taxgroups/pat/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorMessage).toMatch(/^zone: /);
  });
});
