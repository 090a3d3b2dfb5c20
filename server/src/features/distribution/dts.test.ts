import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/app';
import type { TestDatabase } from '../../../test/support/database';
import { PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { runSiteTask, taskOf } from '../../../test/support/site-task';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { runTransfersNow } from '../../../test/support/transfers';
import { writePrice } from '../../../test/support/write-price';
import type { AppConfig } from '../../config';
import { rows } from '../../db/client';
import { applyMaintenance, emptyStore } from '../../dev/store-sim/store';
import { writeNamedExclusive } from '../../exchange/exclusive-write';
import { parseNaxml } from '../../exchange/naxml/naxml-read';
import { insertEvent, upsertEventPrices } from '../pricing-events/queries';
import { insertTransfer } from '../transfers/start';
import { dtsSite } from './dts-site';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let sitesDir: string;
let config: AppConfig;

beforeAll(async () => {
  ({ tdb, app, pb, cookie, sitesDir } = await openPricebookSuite({ sitesDir: true }));
  config = testConfig({ sitesDir });
});
afterAll(() => closeSuite({ tdb, app, pb, cookie, sitesDir }));

const { COKE, SPRITE, LAYS, CARD, PAPER } = PB_ITEMS;

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const toSite = (siteNo: number) => path.join(sitesDir, String(siteNo).padStart(3, '0'), 'to-site');
const filesOf = (siteNo: number) =>
  fs.existsSync(toSite(siteNo))
    ? fs
        .readdirSync(toSite(siteNo))
        .filter((f) => f.endsWith('.xml'))
        .sort()
    : [];
interface Detail {
  RecordAction: { '@_type': string };
  ItemCode: { POSCode: string; POSCodeModifier: { '#text': string } };
  ITTData?: { RegularSellPrice: string; Description: string };
}
const parse = (siteNo: number, file: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    isArray: (n) => n === 'ITTDetail' || n === 'MCTDetail',
  }).parse(fs.readFileSync(path.join(toSite(siteNo), file), 'utf8'))['NAXML-MaintenanceRequest'];
/** The ITT records as "action code/pack price". */
// POSCodeModifier as POS_CODE_MODIFIER's default writes it: 0 for the base unit, else the pack size.
const records = (doc: { ItemMaintenance: { ITTDetail?: Detail[] } }) =>
  (doc.ItemMaintenance.ITTDetail ?? []).map(
    (d) =>
      `${d.RecordAction['@_type']} ${d.ItemCode.POSCode}/${d.ItemCode.POSCodeModifier['#text']}${d.ITTData ? ` ${d.ITTData.RegularSellPrice}` : ''}`,
  );

const start = (siteIds: number[], bModsOnly: boolean) =>
  insertTransfer(tdb.db, { kind: 'DTS', userName: 'ann', siteIds, options: { bModsOnly } });
const run = async (siteId: number, bModsOnly: boolean, o: { failComplete?: boolean } = {}) => {
  const id = await start([siteId], bModsOnly);
  return { id, result: await runSiteTask(dtsSite, tdb.db, config, id, siteId, o) };
};

/** A price (or removal) in North through the write path, as Item Adjustment writes it. */
const setPrice = (itemId: string, packSize: number, price: string, coverage?: number[]) =>
  writePrice({ db: tdb.db, userId: pb.user.id, zoneId: pb.north.id, itemId, packSize, price, coverage });

const exchange = async (siteId: number) =>
  (
    await rows<{ wm: string; file: string | null; full: boolean | null }>(
      tdb.db,
      sql`select change_watermark::text wm, last_dist_file file, last_dist_full full from site_exchange where site_id = ${siteId}`,
    )
  )[0];
const maxChange = async () =>
  (await rows<{ id: string }>(tdb.db, sql`select coalesce(max(id), 0)::text id from item_changes`))[0].id;
const sentVersion = async (siteId: number, itemId: string) =>
  (
    await rows<{ v: string }>(
      tdb.db,
      sql`select version::text v from site_item_sent where site_id = ${siteId} and item_id = ${itemId} and pack_size = 1`,
    )
  )[0]?.v;
const rowVersion = async (siteId: number, itemId: string) =>
  (
    await rows<{ v: string }>(
      tdb.db,
      sql`select version::text v from site_items where site_id = ${siteId} and item_id = ${itemId} and pack_size = 1`,
    )
  )[0].v;

describe('POST /distributeToSites: site access', () => {
  it("refuses a site outside the user's zones and an unknown site number alike (403)", async () => {
    expect((await post('/distributeToSites/ann', { sitenos: '15' })).statusCode).toBe(403);
    expect((await post('/distributeToSites/ann', { sitenos: '11,15' })).statusCode).toBe(403);
    const unknown = await post('/distributeToSites/ann', { sitenos: '11,99' });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().ErrorMessage).toBe('sitenos: You do not have access to the store(s) numbered 99.');
    expect((await post('/hbsreport/dts/preview/ann', { sitenos: '15' })).statusCode).toBe(403);
    expect((await post('/hbsreport/dts/invalidItemsPerSite/ann', { sitenos: '15' })).statusCode).toBe(403);
    expect((await post('/report/ann/dts/pdf/preview', { sitenos: '15' })).statusCode).toBe(403);
    expect((await post('/report/ann/pdf/invalidItemsPerSite', { sitenos: '15' })).statusCode).toBe(403);
    expect((await post('/distributeToSites/otto', { sitenos: '11' })).statusCode).toBe(403);
    const none = await rows<{ n: number }>(tdb.db, sql`select count(*)::int n from transfers`);
    expect(none[0].n).toBe(0);
  });
});

describe('Item Conflicts and Preview', () => {
  beforeAll(async () => {
    // Cola and chips 1 share a UPC; Sprite at store 12 has a department and a tax group no zone has;
    // the phone card is not sent to the POS; the store refused the register paper last time.
    await tdb.db.execute(
      sql`update items set upc_code = '049000000443' where item_id in (${COKE}, ${LAYS}) and pack_size = 1`,
    );
    await tdb.db.execute(
      sql`update site_items set dept = 5, sub = 0, tax_group_id = 7 where site_id = ${pb.sites.s12} and item_id = ${SPRITE}`,
    );
    await tdb.db.execute(
      sql`update base_items set send_to_pos = false where zone_id = ${pb.north.id} and item_id = ${CARD}`,
    );
    await tdb.db.execute(sql`insert into site_refusals (site_id, item_id, pack_size, reason, ack_file)
      values (${pb.sites.s12}, ${PAPER}, 1, 'department 9000 is not set up at the register', 'ACK01220261123120000.xml')`);
  });

  it('lists the conflicts of every item that would go to store 12', async () => {
    const res = await post('/hbsreport/dts/invalidItemsPerSite/ann', { sitenos: '12', bModsOnly: false });
    expect(res.statusCode, res.body).toBe(200);
    const c = (id: string, description: string, reason: string) => ({
      SiteNo: 12,
      ID: id,
      PackSize: 1,
      Description: description,
      Reason: reason,
    });
    expect(res.json().RootResults).toEqual([
      c(LAYS, 'LAYS CLASSIC 1OZ', `UPC 049000000443 is also used by ${COKE}.`),
      c(COKE, 'COKE 20OZ', `UPC 049000000443 is also used by ${LAYS}.`),
      c(SPRITE, 'SPRITE 20OZ', "Department 5.00 is not set up in the site's zones."),
      c(SPRITE, 'SPRITE 20OZ', "Tax group 7 is not set up in the site's zones."),
      c(PAPER, 'REGISTER PAPER', 'Price 0.00 is out of range (0.01 to 99999.99).'),
      c(
        PAPER,
        'REGISTER PAPER',
        'Refused by the store (ACK01220261123120000.xml): department 9000 is not set up at the register',
      ),
    ]);
  });

  it('previews every row store 12 would get, the phone card left out', async () => {
    const res = await post('/hbsreport/dts/preview/ann', { sitenos: '12', bModsOnly: false });
    expect(res.statusCode, res.body).toBe(200);
    const p = (id: string, pack: number, description: string, deptSub: string, list: string) => ({
      SiteNo: 12,
      Action: 'add',
      ID: id,
      PackSize: pack,
      Description: description,
      DeptSub: deptSub,
      UnitList: list,
    });
    expect(res.json().RootResults).toEqual([
      p(LAYS, 1, 'LAYS CLASSIC 1OZ', '4.01', '0.99'),
      p(LAYS, 6, 'LAYS CLASSIC 6PK', '4.01', '4.99'),
      p(COKE, 1, 'COKE 20OZ', '2.01', '1.79'),
      p(SPRITE, 1, 'SPRITE 20OZ', '5.00', '1.79'),
      p(PAPER, 1, 'REGISTER PAPER', '90.00', '0.00'),
    ]);
  });

  it('lays both reports out as PDF', async () => {
    for (const url of ['/report/ann/dts/pdf/preview', '/report/ann/pdf/invalidItemsPerSite']) {
      const res = await post(url, { sitenos: '11,12', bModsOnly: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      if (process.env.DTS_PDF_DIR)
        fs.writeFileSync(path.join(process.env.DTS_PDF_DIR, `${path.basename(url)}.pdf`), res.rawPayload);
    }
  });

  it('refuses to e-mail a report when mail is not set up', async () => {
    const res = await post('/report/distributeToSites/ann/email', {
      sitenos: '12',
      report: 'invalidItemsPerSite',
      emailInfo: { to: 'boss@example.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('E-mail is not set up on this server');
  });
});

describe('the DTS site handler', () => {
  it('a full send writes every row of the site with the tables, and marks them', async () => {
    const { result } = await run(pb.sites.s11, false);
    const [file] = filesOf(11);
    expect(file).toMatch(/^ITT011\d{14}\.xml$/);
    const doc = parse(11, file);
    expect(doc.ItemMaintenance.TableAction['@_type']).toBe('initialize');
    // UPC-A check digits: odd positions x3 plus even positions, then up to a multiple of ten.
    // Cola 04900000044: (0+9+0+0+0+4)*3 + (4+0+0+0+4) = 47 -> 3; Sprite ...45: 42 + 8 = 50 -> 0;
    // chips 02840000001: (0+8+0+0+0+1)*3 + (2+4+0+0+0) = 33 -> 7.
    expect(records(doc).sort()).toEqual([
      'addchange 028400000017/0 0.99',
      'addchange 028400000017/6 4.99',
      'addchange 049000000443/0 1.79',
      'addchange 049000000450/0 1.79',
      'addchange 9001/0 0.00',
    ]);
    expect(doc.MerchandiseCodeMaintenance.MCTDetail).toHaveLength(7);
    expect(result).toMatchObject({ Records: 5, Adds: 5, Changes: 0, Deletes: 0, Full: true, File: file });
    expect(await exchange(pb.sites.s11)).toEqual({ wm: await maxChange(), file, full: true });
    // Six rows marked sent: the phone card too (left out of the file, counted as distributed).
    const sent = await rows<{ n: number }>(
      tdb.db,
      sql`select count(*)::int n from site_item_sent where site_id = ${pb.sites.s11}`,
    );
    expect(sent[0].n).toBe(6);
  });

  it('modifications only: a price change and a removal go; an unchanged or do-not-send item does not', async () => {
    await setPrice(COKE, 1, '1.99');
    await setPrice(CARD, 1, '11.00');
    await setPrice(LAYS, 6, '4.99', [-pb.sites.s11]);
    const preview = await post('/hbsreport/dts/preview/ann', { sitenos: '11' });
    expect(preview.json().RootResults).toEqual([
      {
        SiteNo: 11,
        Action: 'change',
        ID: COKE,
        PackSize: 1,
        Description: 'COKE 20OZ',
        DeptSub: '2.01',
        UnitList: '1.99',
      },
      {
        SiteNo: 11,
        Action: 'delete',
        ID: LAYS,
        PackSize: 6,
        Description: 'LAYS CLASSIC 6PK',
        DeptSub: '4.01',
        UnitList: '4.99',
      },
    ]);
    const before = filesOf(11);
    const { result } = await run(pb.sites.s11, true);
    const [file] = filesOf(11).filter((f) => !before.includes(f));
    const doc = parse(11, file);
    expect(doc.ItemMaintenance.TableAction['@_type']).toBe('update');
    // In item ID order.
    expect(records(doc)).toEqual(['delete 028400000017/6', 'addchange 049000000443/0 1.99']);
    // The departments did not change since the full send: no MCT.
    expect(doc.MerchandiseCodeMaintenance).toBeUndefined();
    expect(result).toMatchObject({ Records: 2, Adds: 0, Changes: 1, Deletes: 1, Full: false, File: file });
    expect((await exchange(pb.sites.s11)).wm).toBe(await maxChange());
    expect(await sentVersion(pb.sites.s11, COKE)).toBe(await rowVersion(pb.sites.s11, COKE));

    // Nothing changed since: no file, nothing to send.
    const again = await run(pb.sites.s11, true);
    expect(again.result).toMatchObject({ Records: 0, File: null });
    expect(filesOf(11)).toHaveLength(2);
  });

  it('a rerun after a crash (file named and written, marking not done) writes no second file and marks once', async () => {
    await setPrice(COKE, 1, '2.09');
    const sentBefore = await sentVersion(pb.sites.s11, COKE);
    const wmBefore = (await exchange(pb.sites.s11)).wm;
    const before = filesOf(11);
    const id = await start([pb.sites.s11], true);
    await expect(
      runSiteTask(dtsSite, tdb.db, config, id, pb.sites.s11, { failComplete: true }),
    ).rejects.toThrow('simulated crash');
    const [file] = filesOf(11).filter((f) => !before.includes(f));
    expect((await taskOf(tdb.db, id, pb.sites.s11)).file).toBe(file);
    expect(records(parse(11, file))).toEqual(['addchange 049000000443/0 2.09']);
    // Nothing marked: the watermark and the sent version are as before.
    expect((await exchange(pb.sites.s11)).wm).toBe(wmBefore);
    expect(await sentVersion(pb.sites.s11, COKE)).toBe(sentBefore);
    const versionInFile = await rowVersion(pb.sites.s11, COKE);
    const targetWm = await maxChange();

    // The price moves on before the rerun: the rerun still marks what the file holds.
    await setPrice(COKE, 1, '2.19');
    const result = await runSiteTask(dtsSite, tdb.db, config, id, pb.sites.s11);
    expect(result).toMatchObject({ Records: 1, File: file });
    expect(filesOf(11)).toEqual([...before, file].sort());
    expect(await sentVersion(pb.sites.s11, COKE)).toBe(versionInFile);
    expect(await exchange(pb.sites.s11)).toMatchObject({ wm: targetWm, file });
    expect((await taskOf(tdb.db, id, pb.sites.s11)).status).toBe('DONE');

    // The newer price goes in the next run.
    const next = await run(pb.sites.s11, true);
    expect(records(parse(11, String(next.result?.File)))).toEqual(['addchange 049000000443/0 2.19']);
  });

  it('two runs in the same second give two files', async () => {
    await run(pb.sites.s14, false);
    await run(pb.sites.s14, false);
    const files = filesOf(14);
    expect(files).toHaveLength(2);
    expect(new Set(files).size).toBe(2);
    const at = new Date('2026-11-23T12:00:00Z');
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      names.push(
        await writeNamedExclusive({
          dir: toSite(14),
          prefix: 'ITT014',
          ext: '.xml',
          content: '<x/>',
          at,
          named: async () => {},
        }),
      );
    }
    expect(names).toEqual(['ITT01420261123120000.xml', 'ITT01420261123120001.xml']);
  });

  it('a missing exchange folder is an error naming the folder', async () => {
    const nowhere = path.join(sitesDir, 'no-such-folder');
    await tdb.db.execute(sql`update sites set exchange_dir = ${nowhere} where id = ${pb.sites.s14}`);
    await expect(run(pb.sites.s14, false)).rejects.toThrow(`the exchange folder ${nowhere} does not exist`);
    await tdb.db.execute(sql`update sites set exchange_dir = null where id = ${pb.sites.s14}`);
  });

  it('a to-site folder that cannot be written fails that site naming it; the other site finishes; nothing of it is marked', async () => {
    const blocked = toSite(14);
    fs.rmSync(blocked, { recursive: true, force: true });
    fs.writeFileSync(blocked, 'a file where the folder should be');
    const before14 = await exchange(pb.sites.s14);
    const files11 = filesOf(11);
    // The runs above ran their handler directly (no runner): end them so the runner runs only this one.
    await tdb.db.execute(sql`update transfers set status = 'FAILED' where status = 'PENDING'`);
    const res = await post('/distributeToSites/ann', { sitenos: '11,14', bModsOnly: false });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().RootResults.TransferID as number;
    await runTransfersNow(app);
    const t14 = await taskOf(tdb.db, id, pb.sites.s14);
    expect(t14.status).toBe('FAILED');
    expect(await rows(tdb.db, sql`select error from transfer_tasks where id = ${t14.id}`)).toEqual([
      {
        error: expect.stringMatching(
          new RegExp(`^Site 14: cannot write to the folder ${blocked} \\((EEXIST|ENOTDIR)\\)\\.$`),
        ),
      },
    ]);
    expect((await taskOf(tdb.db, id, pb.sites.s11)).status).toBe('DONE');
    expect(filesOf(11)).toHaveLength(files11.length + 1);
    expect(await exchange(pb.sites.s14)).toEqual(before14);
    fs.rmSync(blocked);
  });
});

describe('pricing events merged when a run starts', () => {
  it("merges the ready events of the selected sites' zones (3) and marks a bad one (4)", async () => {
    const event = async (zoneId: number, name: string, prices: Array<[string, string]>) => {
      const id = await insertEvent(tdb.db, {
        zoneId,
        name,
        at: new Date('2026-11-20T08:00:00Z'),
        user: 'ann',
      });
      await upsertEventPrices(
        tdb.db,
        id,
        prices.map(([itemId, price]) => ({ itemId, packSize: 1, price })),
      );
      await tdb.db.execute(sql`update pricing_events set status = 2 where id = ${id}`);
      return id;
    };
    const spring = await event(pb.north.id, 'Spring', [[SPRITE, '1.69']]);
    const broken = await event(pb.north.id, 'Broken', [['05100000001', '2.00']]);
    const south = await event(pb.south.id, 'South sale', [[COKE, '1.50']]);

    const res = await post('/distributeToSites/ann', { sitenos: '11,12' });
    expect(res.statusCode, res.body).toBe(200);
    const { TransferID, Sites } = res.json().RootResults;
    expect(Sites).toBe(2);
    const events = await rows<{ id: number; status: number; error: string | null }>(
      tdb.db,
      sql`select id, status, error from pricing_events order by id`,
    );
    expect(events).toEqual([
      { id: spring, status: 3, error: null },
      { id: broken, status: 4, error: 'Not carried in zone North: 05100000001/1.' },
      // South is not a zone of stores 11 and 12: it waits.
      { id: south, status: 2, error: null },
    ]);
    const history = await rows<{ source: string; unit_list: string }>(
      tdb.db,
      sql`select source, unit_list::text from item_history where site_id = ${pb.sites.s11} and item_id = ${SPRITE}
        order by id desc limit 1`,
    );
    expect(history).toEqual([{ source: 'Pricing Event', unit_list: '1.69' }]);
    const [tr] = await rows<{ kind: string; options: unknown; tasks: number }>(
      tdb.db,
      sql`select kind, options, (select count(*)::int from transfer_tasks where transfer_id = t.id) tasks
        from transfers t where id = ${TransferID}`,
    );
    expect(tr).toMatchObject({ kind: 'DTS', tasks: 2 });
    expect(typeof tr.options === 'string' ? JSON.parse(tr.options) : tr.options).toEqual({ bModsOnly: true });

    const before = filesOf(11);
    const result = await runSiteTask(dtsSite, tdb.db, config, TransferID, pb.sites.s11);
    const file = String(result?.File);
    expect(before).not.toContain(file);
    expect(records(parse(11, file))).toEqual(['addchange 049000000450/0 1.69']);
  });
});

describe('tax tables', () => {
  it('declares every tax group as a strategy, one with no levels too, so the register refuses no item for its tax group', async () => {
    // State (2) has a level; Non-taxable (1) has none. Store 12's paper roll is not taxed.
    await tdb.db.execute(sql`insert into tax_levels (zone_id, tax_group_id, level_id, rate, description)
      select id, 2, 1, 7.25, 'CA State' from zones`);
    await tdb.db.execute(
      sql`update site_exceptions set tax_group_id = 1 where site_id = ${pb.sites.s12} and item_id = ${PAPER}`,
    );
    const { result } = await run(pb.sites.s12, false);
    const file = String(result?.File);
    const doc = parse(12, file);
    expect(doc.TaxLevelMaintenance.TLTDetail).toMatchObject({ TaxLevelID: '1', TaxRate: '7.2500' });
    const strategies = [doc.TaxStrategyMaintenance.TSTDetail].flat();
    expect(strategies).toEqual([
      { TaxStrategyID: '1', TaxStrategyDescription: 'Non-taxable' },
      { TaxStrategyID: '2', TaxLevelID: '1', TaxStrategyDescription: 'CA State' },
    ]);
    // The store simulator's register, empty, takes the file: the untaxed paper roll is applied; the
    // only refusal is the fixture's known conflict (Sprite's department 5.00 that North lacks).
    const xml = fs.readFileSync(path.join(toSite(12), file), 'utf8');
    const { ack } = applyMaintenance(emptyStore(12), parseNaxml(xml), {
      file,
      sha256: '00',
      now: new Date(),
    });
    expect(ack.refused.map((r) => `${r.itemId}: ${r.reason}`)).toEqual([
      `${SPRITE}: department 500 is not set up at the register`,
    ]);
  });
});
