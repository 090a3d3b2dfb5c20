import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
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

const send = (sites: string, items: Array<{ ID: string; PackSize: number }>, zone = pb.north.id) =>
  app.inject({
    method: 'POST',
    url: '/adjust/ann/distributeSelItemsToSelSites',
    headers: { cookie },
    payload: { zonesetupid: zone, SelectedItems: items, sites },
  });
const filesOf = (siteNo: number) => {
  const dir = path.join(sitesDir, String(siteNo).padStart(3, '0'), 'to-site');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
const parse = (file: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    isArray: (n) => n === 'ITTDetail',
  }).parse(fs.readFileSync(file, 'utf8'))['NAXML-MaintenanceRequest'];

describe('distributeSelItemsToSelSites', () => {
  it('writes one NAXML maintenance request per chosen site and marks the rows distributed', async () => {
    const res = await send(`${pb.sites.s11},${pb.sites.s13}`, [
      { ID: '04900000044', PackSize: 1 },
      { ID: '9001', PackSize: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().RootResults.Sites.map((s: { SiteNo: number; Items: number }) => [s.SiteNo, s.Items]),
    ).toEqual([
      [11, 2],
      [13, 2],
    ]);
    expect(filesOf(11)).toHaveLength(1);
    expect(filesOf(11)[0]).toMatch(/^ITT011\d{14}\.xml$/);
    expect(filesOf(12)).toEqual([]);
    const doc = parse(path.join(sitesDir, '013', 'to-site', filesOf(13)[0]));
    expect(doc.TransmissionHeader.StoreLocationID).toBe('13');
    const coke = doc.ItemMaintenance.ITTDetail.find(
      (d: { ItemCode: { POSCode: string } }) => d.ItemCode.POSCode === '049000000443',
    );
    // 04900000044 + check digit 3: from the right, 4*3 + 4*1 + 9*3 + 4*1 = 47, (10 - 7) = 3.
    expect(coke.ItemCode.POSCodeFormat['@_format']).toBe('upcA');
    expect(coke.RecordAction['@_type']).toBe('addchange');
    expect(coke.ITTData.RegularSellPrice).toBe('1.89');
    expect(coke.ITTData.MerchandiseCode).toBe('201');
    const paper = doc.ItemMaintenance.ITTDetail.find(
      (d: { ItemCode: { POSCode: string } }) => d.ItemCode.POSCode === '9001',
    );
    expect(paper.ItemCode.POSCodeFormat['@_format']).toBe('plu');
    const pending = await rows<{ n: number }>(
      tdb.db,
      sql`select count(*)::int n from site_items si
      left join site_item_sent d on d.site_id = si.site_id and d.item_id = si.item_id and d.pack_size = si.pack_size
      where si.site_id in (${pb.sites.s11}, ${pb.sites.s13}) and si.item_id in ('04900000044', '9001')
        and si.version > coalesce(d.version, 0)`,
    );
    expect(pending[0].n).toBe(0);
  });

  it('sends a delete record for an item removed from the site', async () => {
    await tdb.db.execute(
      sql`update site_items set deleted = true, version = version + 1 where site_id = ${pb.sites.s12} and item_id = '04900000045'`,
    );
    await send(String(pb.sites.s12), [{ ID: '04900000045', PackSize: 1 }]);
    const [file] = filesOf(12);
    const detail = parse(path.join(sitesDir, '012', 'to-site', file)).ItemMaintenance.ITTDetail[0];
    expect(detail.RecordAction['@_type']).toBe('delete');
    expect(detail.ITTData).toBeUndefined();
  });

  it('never overwrites an earlier file and leaves no temporary file', async () => {
    await send(String(pb.sites.s11), [{ ID: '04900000044', PackSize: 1 }]);
    await send(String(pb.sites.s11), [{ ID: '04900000044', PackSize: 1 }]);
    const files = filesOf(11);
    expect(files).toHaveLength(3);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it("refuses a site outside the user's zones and a malformed site list", async () => {
    expect((await send(String(pb.sites.s15), [{ ID: '04900000044', PackSize: 1 }])).statusCode).toBe(403);
    expect((await send('11;12', [{ ID: '04900000044', PackSize: 1 }])).statusCode).toBe(400);
  });
});
