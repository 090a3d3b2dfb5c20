/**
 * Vendor Import Setup and Vendor Import (issue 21), on the pricebook fixture: ann holds North
 * (stores 11, 12, 13) and South (13, 14); otto holds Other (15). SPRITE (04900000045) costs 1.0000
 * and lists at 1.79 in North; LAYS (02840000001) 0.5500 / 0.99; CARD (07700000080) 9.5000 / 10.00.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/support/app';
import type { TestDatabase } from '../../../test/support/database';
import type { Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { runTransfersNow } from '../../../test/support/transfers';
import { rows } from '../../db/client';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let sitesDir: string;
let csrf: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie, sitesDir } = await openPricebookSuite({ sitesDir: true }));
  csrf = (await app.inject({ url: '/session', headers: { cookie } })).json().RootResults.csrfToken;
});
afterAll(() => closeSuite({ tdb, app, pb, cookie, sitesDir }));

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
const post = (url: string, payload: unknown, c = cookie) =>
  app.inject({ method: 'POST', url, headers: { cookie: c }, payload: payload as Record<string, unknown> });
const q = <T>(query: ReturnType<typeof sql>) => rows<T>(tdb.db, query);

const form = (
  o: { site?: string; mask?: string; zone?: number; vendorZone?: string; vendor?: string } = {},
) => ({
  src: {
    SourceType: 'COREMARK',
    Site: o.site ?? '11',
    FileMask: o.mask ?? 'CM*.832',
    Label: 'Core-Mark weekly',
    Vendor: { Text: o.vendorZone ?? 'CM-WEST' },
  },
  dest: { CDBZone: String(o.zone ?? pb.north.id), CDBVendorID: o.vendor ?? 'COREMARK' },
});

const vendorFolder = (siteNo: number) => path.join(sitesDir, String(siteNo).padStart(3, '0'), 'from-vendor');
const drop = (siteNo: number, name: string, text: string) => {
  fs.mkdirSync(vendorFolder(siteNo), { recursive: true });
  fs.writeFileSync(path.join(vendorFolder(siteNo), name), text);
};

/** An 832 without envelope, one segment a line; items as [LIN, PID?, PO4, CTPs...] segment lists. */
const x832 = (zone: string, items: string[][]) => {
  const body = [
    'ST*832*0001',
    'BCT*PC*CATALOG',
    'DTM*009*20261120',
    `N1*ST*NORTH BAY*91*${zone}`,
    ...items.flat(),
    `CTT*${items.length}`,
  ];
  return `${[...body, `SE*${body.length + 1}*0001`].map((s) => `${s}~`).join('\n')}\n`;
};

describe('Vendor Import Setup calls', () => {
  it('lists no setup, answers the two import types', async () => {
    const list = await get('/vendorImportSetup/ann');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ RootResults: [] });
    expect((await get('/vendorImportTypes/ann')).json()).toEqual({ RootResults: ['COREMARK', 'MCLANE'] });
  });

  it('adds a setup and answers the whole list with the spec row fields', async () => {
    const res = await post('/createVendorImportSetup/ann', form());
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().RootResults;
    expect(row).toEqual({
      MasterID: expect.any(Number),
      SourceType: 'COREMARK',
      SiteNo: '11',
      SiteNoInt: 11,
      FileMask: 'CM*.832',
      Vendor: 'Core-Mark weekly',
      VendorID: 'COREMARK',
      VendorZone: 'CM-WEST',
      CDBZone: pb.north.id,
      CDBZoneName: 'North',
      CDBZoneNo: 1,
      CDBZoneType: 'Price Book',
      CDBVendorID: 'COREMARK',
    });
    // The same setup twice is refused and changes nothing.
    const again = await post('/createVendorImportSetup/ann', form());
    expect(again.statusCode, again.body).toBe(409);
    expect((await get('/vendorImportSetup/ann')).json().RootResults).toHaveLength(1);
  });

  it('refuses bad input, another store or zone, and another user path; nothing is added', async () => {
    const short = await post('/createVendorImportSetup/ann', form({ mask: 'CM' }));
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Min. 3 characters');
    expect((await post('/createVendorImportSetup/ann', form({ vendor: 'NOBODY' }))).statusCode).toBe(400);
    const long = await post('/createVendorImportSetup/ann', form({ mask: `CM${'9'.repeat(59)}` }));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Max Length Exceeded');
    expect((await post('/createVendorImportSetup/ann', form({ mask: '../*.832' }))).statusCode).toBe(400);
    expect((await post('/createVendorImportSetup/ann', form({ site: '15' }))).statusCode).toBe(403);
    expect((await post('/createVendorImportSetup/ann', form({ zone: pb.other.id }))).statusCode).toBe(403);
    // A zone number no integer column holds is answered like another user's zone, not a server error.
    for (const zone of [2_147_483_648, 99_999_999_999]) {
      const huge = await post('/createVendorImportSetup/ann', form({ zone }));
      expect(huge.statusCode, huge.body).toBe(403);
      expect(huge.json().ErrorMessage).toMatch(/^CDBZone: /);
    }
    expect((await post('/createVendorImportSetup/otto', form())).statusCode).toBe(403);
    expect((await get('/vendorImportSetup/otto')).statusCode).toBe(403);
    expect((await get('/vendorImportSetup/ann')).json().RootResults).toHaveLength(1);
  });

  it("updates a setup (grid edit) and deletes one; another user's setup is not theirs to delete", async () => {
    const [row] = (await get('/vendorImportSetup/ann')).json().RootResults;
    const otto = await signIn(app, 'otto', 'otto-pw');
    const theirs = await post('/delVendorImportSetup/otto', { MasterID: row.MasterID }, otto);
    expect(theirs.statusCode).toBe(404);
    const made = await post('/createVendorImportSetup/ann', form({ mask: 'XX*.832', site: '13' }));
    const extra = made.json().RootResults.find((r: { FileMask: string }) => r.FileMask === 'XX*.832');
    const upd = await post('/updateVendorImportSetup/ann', {
      MasterID: extra.MasterID,
      ...form({ mask: 'YY*.832', site: '13', zone: pb.south.id }),
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const edited = upd.json().RootResults.find((r: { MasterID: number }) => r.MasterID === extra.MasterID);
    expect([edited.FileMask, edited.CDBZoneName, edited.SiteNoInt]).toEqual(['YY*.832', 'South', 13]);
    const del = await post('/delVendorImportSetup/ann', edited);
    expect(del.statusCode).toBe(200);
    expect(del.json().RootResults.map((r: { MasterID: number }) => r.MasterID)).toEqual([row.MasterID]);
  });

  it("lists the vendor zones named by the site folder's files that match the mask", async () => {
    drop(11, 'CM1.832', x832('CM-WEST', []));
    drop(11, 'CM2.832', x832('CM-EAST', []));
    drop(11, 'OTHER.832', x832('CM-NORTH', []));
    const res = await get(
      '/vendorImportZones/ann/GetVendorImportZones?SiteNumber=11&MclaneExtension=&CmarkExtension=CM*.832',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toEqual([
      { Text: 'CM-EAST', Value: 'CM-EAST' },
      { Text: 'CM-WEST', Value: 'CM-WEST' },
    ]);
    expect(
      (await get('/vendorImportZones/ann/GetVendorImportZones?SiteNumber=15&CmarkExtension=CM*.832'))
        .statusCode,
    ).toBe(403);
    for (const f of ['CM1.832', 'CM2.832', 'OTHER.832']) fs.rmSync(path.join(vendorFolder(11), f));
  });
});

describe('Vendor Import run', () => {
  const GOOD = x832('CM-WEST', [
    // SPRITE: case 26.40 / 24 = 1.1000 (was 1.0000); vendor suggests 1.89 (was 1.79).
    [
      'LIN**UP*049000000450*VN*400026',
      'PID*F*08***SPRITE 20OZ',
      'PO4*24*20*OZ',
      'CTP**NET*26.40*1*CA',
      'CTP**MSR*1.89*1*EA',
    ],
    // LAYS: same cost 0.5500 (case 33.00 / 60) and no retail: unchanged.
    ['LIN**UP*028400000017*VN*400039', 'PO4*60', 'CTP**CON*33.00*1*CA'],
    // A new item, with a description longer than 35.
    [
      'LIN**UP*012345678905*VN*400052',
      'PID*F*08***ACME SPARKLING WATER LEMON LIME 16.9OZ',
      'PO4*12',
      'CTP**NET*9.00*1*CA',
      'CTP**SLP*1.49*1*EA',
    ],
    // Bad check digit, negative cost, absurd cost, unknown UPC without a description.
    ['LIN**UP*049000000441', 'PO4*24', 'CTP**NET*20.00'],
    ['LIN**UP*077000000804', 'PO4*1', 'CTP**NET*-5.00'],
    ['LIN**UP*077000000804', 'PO4*1', 'CTP**UCP*100000.0000'],
    ['LIN**UP*071000000017', 'PO4*1', 'CTP**NET*2.00'],
  ]);
  const BAD = x832('CM-WEST', [['LIN**UP*049000000443', 'PO4*24', 'CTP**NET*2O.00']]);

  it('refuses to start without the session token (a cross-site page cannot start it)', async () => {
    const res = await get('/vendorImport/ann');
    expect(res.statusCode).toBe(403);
    expect(res.json().ErrorMessage).toBe(
      'The session token is missing or wrong. Reload the page and try again.',
    );
    expect(
      (await q<{ n: number }>(sql`select count(*)::int as n from transfers where kind = 'Vendor Import'`))[0]
        .n,
    ).toBe(0);
  });

  it('imports cost changes, suggested retails and new items; reports bad lines; refuses a malformed file whole', async () => {
    drop(11, 'CM100.832', GOOD);
    drop(11, 'CM200.832', BAD);
    const started = await get('/vendorImport/ann', { 'x-csrf-token': csrf });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().RootResults.Sites).toBe(1);
    await runTransfersNow(app);

    const roots = await q<{
      item_id: string;
      source: string;
      unit_cost: string | null;
      unit_list: string | null;
      vendor_list: string | null;
      margin_list: string | null;
      description: string | null;
      vendor_id: string | null;
      is_new: boolean;
      change_flds: number;
      vendor_item: string | null;
    }>(sql`select item_id, source, unit_cost::text as unit_cost, unit_list::text as unit_list,
        vendor_list::text as vendor_list, margin_list::text as margin_list, description, vendor_id, is_new,
        change_flds, vendor_item
      from outside_updates where zone_id = ${pb.north.id} order by item_id`);
    expect(roots).toEqual([
      {
        item_id: '01234567890',
        source: 'Vendor Import',
        unit_cost: '0.7500',
        unit_list: '1.49',
        vendor_list: '1.49',
        margin_list: null,
        description: 'ACME SPARKLING WATER LEMON LIME 16.',
        vendor_id: 'COREMARK',
        is_new: true,
        // description 1, price 8, cost 64, vendor 512
        change_flds: 1 | 8 | 64 | 512,
        vendor_item: '400052',
      },
      {
        item_id: '04900000045',
        source: 'Vendor Import',
        unit_cost: '1.1000',
        unit_list: '1.89',
        vendor_list: '1.89',
        // margin 44.134% kept at 1.1000: 1.97, rounded to last digit 9: 1.99
        margin_list: '1.99',
        description: null,
        vendor_id: null,
        is_new: false,
        change_flds: 8 | 64,
        vendor_item: '400026',
      },
    ]);
    // Only the setup's zone: nothing in South.
    expect(await q(sql`select 1 from outside_updates where zone_id = ${pb.south.id}`)).toEqual([]);
    // The vendor item numbers are kept as the items' numbers at the vendor.
    expect(
      await q(
        sql`select item_id, vendor_item from item_vendor_numbers where vendor_id = 'COREMARK' order by item_id`,
      ),
    ).toEqual([
      { item_id: '01234567890', vendor_item: '400052' },
      { item_id: '02840000001', vendor_item: '400039' },
      { item_id: '04900000045', vendor_item: '400026' },
    ]);

    const status = (await get('/vendorImport/status/ann')).json().RootResults;
    expect(status.Status).toBe('DONE');
    const log: string[] = status.Log;
    expect(log).toContain(
      'CM100.832: 7 items read, 1 cost/price changes, 1 new items, 1 unchanged, 4 reported.',
    );
    expect(log).toContain('  CM100.832 segment 18 (line 18): UPC 049000000441: bad check digit');
    expect(log).toContain('  CM100.832 segment 21 (line 21): UPC 077000000804: negative cost -5.0000');
    expect(log).toContain(
      '  CM100.832 segment 24 (line 24): UPC 077000000804: cost 100000.0000 is over 99,999.9999',
    );
    expect(log).toContain(
      '  CM100.832 segment 27 (line 27): unknown UPC 07100000001 (not in the zone, no description to add it)',
    );
    expect(log).toContain(
      "CM200.832: refused, nothing imported: segment 7 (line 7): CTP price '2O.00' is not a number",
    );
    expect(log.at(-1)).toBe('Vendor Import Complete.');
    // Nothing of the bad file: COKE has no root.
    expect(await q(sql`select 1 from outside_updates where item_id = '04900000044'`)).toEqual([]);
    expect(fs.readdirSync(vendorFolder(11)).sort()).toEqual(['processed', 'rejected']);
    expect(fs.readdirSync(path.join(vendorFolder(11), 'processed'))).toEqual(['CM100.832']);
    expect(fs.readdirSync(path.join(vendorFolder(11), 'rejected'))).toEqual(['CM200.832']);
  });

  it('a vendor root cannot be synched (no store sent it); Accept writes the cost; a new item needs a department', async () => {
    const listed = await get(`/outsideupdates/ann/${pb.north.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const roots = listed.json().root as Array<
      { Idcode: string; UpdateKey: string | null } & Record<string, unknown>
    >;
    const sprite = roots.find((r) => r.Idcode === '04900000045');
    const fresh = roots.find((r) => r.Idcode === '01234567890');
    // Beside the vendor's suggested retail, the list price keeping SPRITE's margin (1.99, worked out above).
    expect(sprite).toMatchObject({
      Price: '1.89',
      VendorRetail: '1.89',
      MarginRetail: '1.99',
      Source: 'Vendor Import',
    });
    const apply = (ID: string, Action: string, UpdateKey: string | null | undefined) =>
      post('/outsideupdates/applyOUChanges/ann', {
        updatedMasterItem: null,
        actionItem: { ZoneSetupID: pb.north.id, items: [{ ID, PackSize: 1, Action, UpdateKey }] },
      });
    const synch = await apply('04900000045', 'synch_site', sprite?.UpdateKey);
    expect(synch.statusCode).toBe(400);
    expect(synch.json().ErrorMessage).toBe(
      'No store sent this change, so there is no site to synch; accept or reject it (04900000045@1).',
    );
    const noDept = await apply('01234567890', 'accept', fresh?.UpdateKey);
    expect(noDept.statusCode).toBe(400);
    expect(noDept.json().ErrorMessage).toContain('01234567890@1 DeptSub');
    const accepted = await apply('04900000045', 'accept', sprite?.UpdateKey);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(
      await q(sql`select site_id, unit_cost::text as unit_cost, unit_list::text as unit_list from site_items
        where item_id = '04900000045' and pack_size = 1 and not deleted order by site_id`),
    ).toEqual(
      [pb.sites.s11, pb.sites.s12, pb.sites.s13].map((site_id) => ({
        site_id,
        unit_cost: '1.1000',
        unit_list: '1.89',
      })),
    );
    expect(
      await q(
        sql`select distinct source from item_history where item_id = '04900000045' and source like 'Outside%'`,
      ),
    ).toEqual([{ source: 'Outside Update' }]);
  });

  it('never imports the same file twice (same SHA-256, another name)', async () => {
    await tdb.db.execute(sql`delete from outside_updates`);
    drop(11, 'CM101.832', GOOD);
    expect((await get('/vendorImport/ann', { 'x-csrf-token': csrf })).statusCode).toBe(200);
    await runTransfersNow(app);
    const log: string[] = (await get('/vendorImport/status/ann')).json().RootResults.Log;
    expect(log).toContain('CM101.832: imported before (same content); not imported again.');
    expect(await q(sql`select 1 from outside_updates`)).toEqual([]);
    expect(fs.readdirSync(path.join(vendorFolder(11), 'processed')).sort()).toEqual([
      'CM100.832',
      'CM101.832',
    ]);
  });

  it('reads only plain files of the folder: a link matching the mask is not followed', async () => {
    const outside = path.join(sitesDir, 'secret.832');
    fs.writeFileSync(outside, GOOD.replace('26.40', '30.00'));
    fs.symlinkSync(outside, path.join(vendorFolder(11), 'CM300.832'));
    expect((await get('/vendorImport/ann', { 'x-csrf-token': csrf })).statusCode).toBe(200);
    await runTransfersNow(app);
    const log: string[] = (await get('/vendorImport/status/ann')).json().RootResults.Log;
    expect(log[0]).toBe('Site 11: no vendor file matches CM*.832.');
    expect(await q(sql`select 1 from outside_updates`)).toEqual([]);
    expect(fs.lstatSync(path.join(vendorFolder(11), 'CM300.832')).isSymbolicLink()).toBe(true);
  });
});
