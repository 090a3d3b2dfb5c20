/**
 * The Outside Updates report: the PDF (read back with pdf.js), the HTML page and the e-mail
 * through a real SMTP server on loopback, and who may ask for them.
 * Fixture: North = stores 11, 12, 13; South = 13, 14; Other = 15 (Otto's). COKE: 1.79, cost
 * 1.0740; SPRITE: 1.79 'SPRITE 20OZ'.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../../../test/support/app';
import { addRoot, importStoreChange } from '../../../test/support/outside-updates';
import { pdfText } from '../../../test/support/pdf-text';
import { PB_ITEMS } from '../../../test/support/pricebook-fixture';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { closeSuite, openPricebookSuite, type PricebookSuite } from '../../../test/support/suite';

const { COKE, SPRITE } = PB_ITEMS;
const NEW_ITEM = '07700000999';

let s: PricebookSuite;
let smtp: SmtpSink;
/** The same database served by an app that sends mail to the sink. */
let mailApp: FastifyInstance;
let mailCookie: string;

beforeAll(async () => {
  s = await openPricebookSuite({ sitesDir: true });
  const { tdb, pb } = s;
  // Store 12 sends a lower Sprite price under a new description (a real Site Import).
  await importStoreChange({
    app: s.app,
    ex: tdb.db,
    cookie: s.cookie,
    sitesDir: s.sitesDir,
    siteId: pb.sites.s12,
    siteNo: 12,
    edit: (i) => (i.itemId === SPRITE ? { ...i, unitList: '1.69', description: 'SPRITE ZERO 20OZ' } : i),
  });
  // Cola's cost from 1.0740 to 1.2000 (+11.7 %, over the 10 % variance); a new item, its
  // description with characters HTML must escape.
  await addRoot(tdb.db, {
    zoneId: pb.north.id,
    itemId: COKE,
    flds: 64,
    unitCost: '1.2000',
    origins: [pb.sites.s11],
  });
  await addRoot(tdb.db, {
    zoneId: pb.north.id,
    itemId: NEW_ITEM,
    flds: 8,
    unitList: '2.49',
    description: 'A&B <CHIPS>',
    isNew: true,
    origins: [pb.sites.s13],
  });
  await tdb.db.execute(
    sql`insert into preferences (user_id, pref_id, pref_int) values (${pb.user.id}, 7, 10)`,
  );
  smtp = await startSmtpSink();
  mailApp = await makeApp(tdb.db, { sitesDir: s.sitesDir, smtpUrl: smtp.url });
  mailCookie = await signIn(mailApp, 'ann', 'ann-pw');
});
afterAll(async () => {
  await mailApp?.close();
  await smtp?.close();
  await closeSuite(s);
});

const get = (url: string, cookie = s.cookie) => s.app.inject({ url, headers: { cookie } });

/** The lines of the text, blanks squeezed, for matching a table row. */
const lines = (text: string) => text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());

describe('GET /report/outsideupdates/{user}/{zone}/{zoneNo}/{zoneName}', () => {
  it('lays the zone list out as a PDF: header, items with their stores, changed values, flags, pages', async () => {
    const res = await get(`/report/outsideupdates/ann/${s.pb.north.id}/1/North`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="outside-updates-zone-1.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.OU_PDF_DIR)
      fs.writeFileSync(path.join(process.env.OU_PDF_DIR, 'ou-report.pdf'), res.rawPayload);
    const text = await pdfText(res.rawPayload);
    const l = lines(text);
    expect(text).toContain('Central Price Book / Outside Updates Report');
    expect(text).toMatch(/Zone 1 - North\s+Printed by ann on \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}/);
    expect(text).toContain('3 item(s), 3 site row(s); 1 new, 1 over the cost variance.');
    expect(text).toContain('Cost Compare Variance: 10%.');
    expect(text).toContain('Page 1 of 1');
    // Item IDs in order; each root's store rows under it.
    const at = (needle: string) => l.findIndex((x) => x.includes(needle));
    expect(at(COKE)).toBeGreaterThan(-1);
    expect(at(COKE)).toBeLessThan(at(SPRITE));
    expect(at(SPRITE)).toBeLessThan(at(NEW_ITEM));
    expect(at('Site 11 - Store 11')).toBe(at(COKE) + 1);
    // Cola: only the cost came in, changed, over the variance; the zone's cost beside it.
    expect(l[at(COKE)]).toMatch(
      /COKE 20OZ 2\.01 2\.01 1\.79 1\.79 1\.200000 \* 1\.074000 .* No Action Cost > 10%/,
    );
    // Sprite: the store's price and description, marked, with the zone's (and the store's former) values.
    expect(l[at(SPRITE)]).toMatch(/SPRITE ZERO 20OZ \* 2\.01 2\.01 1\.69 \* 1\.79 1\.000000 1\.000000/);
    expect(text).toContain('Description was SPRITE 20OZ');
    const site12 = l[at('Site 12 - Store 12')];
    expect(site12).toMatch(/SPRITE ZERO 20OZ \* 2\.01 2\.01 1\.69 \* 1\.79/);
    // The new item: marked New, what it brings, nothing existing.
    expect(l[at(NEW_ITEM)]).toContain('A&B <CHIPS>');
    expect(l[at(NEW_ITEM)]).toMatch(/2\.49 .*Item new to the zone No Action New$/);
  });

  it('a zone with no outside updates says there is nothing to report', async () => {
    const res = await get(`/report/outsideupdates/ann/${s.pb.south.id}/2/South`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Zone 2 - South');
    expect(text).toContain('No Data to Report');
  });

  it('a long list runs over pages with the headings on each; past the cap it says so', async () => {
    const { tdb, pb } = s;
    for (let n = 0; n < 130; n++) {
      await addRoot(tdb.db, {
        zoneId: pb.south.id,
        itemId: `0990000${String(n).padStart(4, '0')}`,
        flds: 8,
        unitList: '1.00',
        description: `LONG LIST ${n}`,
        isNew: true,
        origins: [pb.sites.s14],
      });
    }
    const text = await pdfText((await get(`/report/outsideupdates/ann/${pb.south.id}/2/South`)).rawPayload);
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.match(/Item \/ Site/g)).toHaveLength(pages);
    expect(text).toContain('LONG LIST 129');
    expect(text).toContain('130 item(s), 130 site row(s); 130 new, 0 over the cost variance.');

    const capped = await makeApp(tdb.db, { ouItemCap: 100 });
    try {
      const c = await signIn(capped, 'ann', 'ann-pw');
      const res = await capped.inject({
        url: `/report/outsideupdates/ann/${pb.south.id}/2/South`,
        headers: { cookie: c },
      });
      const cut = await pdfText(res.rawPayload);
      expect(cut).toContain('100 item(s), 100 site row(s)');
      expect(cut).toContain('Only the first 100 outside update items are shown. 130 in all.');
      expect(cut).toContain('LONG LIST 99');
      expect(cut).not.toContain('LONG LIST 100');
    } finally {
      await capped.close();
    }
  });

  it("another user's zone and another user in the path are refused; signed out is 401", async () => {
    expect((await get(`/report/outsideupdates/ann/${s.pb.other.id}/3/Other`)).statusCode).toBe(403);
    expect((await get(`/report/outsideupdates/otto/${s.pb.north.id}/1/North`)).statusCode).toBe(403);
    const otto = await signIn(s.app, 'otto', 'otto-pw');
    expect((await get(`/report/outsideupdates/otto/${s.pb.north.id}/1/North`, otto)).statusCode).toBe(403);
    expect((await get(`/hbsreport/outsideupdates/otto/${s.pb.north.id}/1/North`, otto)).statusCode).toBe(403);
    expect(
      (await s.app.inject({ url: `/report/outsideupdates/ann/${s.pb.north.id}/1/North` })).statusCode,
    ).toBe(401);
  });
});

describe('GET /hbsreport/outsideupdates/{user}/{zone}/{zoneNo}/{zoneName}', () => {
  it('is the same report as one HTML page, every value escaped', async () => {
    const res = await get(`/hbsreport/outsideupdates/ann/${s.pb.north.id}/1/North`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    if (process.env.OU_PDF_DIR) fs.writeFileSync(path.join(process.env.OU_PDF_DIR, 'ou-report.html'), html);
    expect(html).toContain('<title>Central Price Book / Outside Updates Report</title>');
    expect(html).toContain('Zone 1 - North');
    expect(html).toContain('Printed by ann on ');
    expect(html).toContain('A&amp;B &lt;CHIPS&gt;');
    expect(html).not.toContain('<CHIPS>');
    expect(html).not.toContain('<script');
    // Changed values in bold with their mark; the variance flag in red.
    expect(html).toContain('<td class="num" style="font-weight:bold;color:#b00020">1.200000 *</td>');
    expect(html).toContain('<td style="font-weight:bold">SPRITE ZERO 20OZ *</td>');
    expect(html).toContain('>Cost &gt; 10%</td>');
    // A store's row: its name across Item and Size, under its item.
    expect(html).toContain('<td colspan="2" style="padding-left:12px">Site 12 - Store 12</td>');
    expect(html.indexOf(COKE)).toBeLessThan(html.indexOf(SPRITE));
  });
});

describe('POST /report/outsideupdates/{user}/email', () => {
  const email = (payload: Record<string, unknown>, app = mailApp, cookie = mailCookie) =>
    app.inject({ method: 'POST', url: '/report/outsideupdates/ann/email', headers: { cookie }, payload });
  const emailInfo = {
    to: 'buyer@example.test',
    cc: 'office@example.test',
    subject: 'North outside updates',
    text: 'This morning\u2019s list.',
  };

  it('sends the PDF as an attachment over SMTP and names its file', async () => {
    const before = smtp.received.length;
    const res = await email({ ZoneSetupID: s.pb.north.id, ZoneNo: 1, ZoneName: 'North', emailInfo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      RootResults: { fpath: 'outside-updates-zone-1.pdf', Message: 'Report was sent.' },
    });
    expect(smtp.received).toHaveLength(before + 1);
    const raw = smtp.received[before].toString('latin1');
    expect(raw).toMatch(/^To: buyer@example\.test$/m);
    expect(raw).toMatch(/^Cc: office@example\.test$/m);
    expect(raw).toMatch(/^Subject: North outside updates$/m);
    expect(raw).toMatch(/Content-Type: application\/pdf; name=outside-updates-zone-1\.pdf/);
    // The attachment's base64 body, up to the closing boundary.
    const part = raw.slice(raw.indexOf('Content-Type: application/pdf'));
    const b64 = part.slice(part.indexOf('\r\n\r\n') + 4, part.indexOf('\r\n--'));
    const pdf = Buffer.from(b64.replace(/\s+/g, ''), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Zone 1 - North');
    expect(text).toContain(SPRITE);
    expect(text).toContain('1.200000 *');
  });

  it("refuses another user's zone and another user in the path, and sends nothing", async () => {
    const before = smtp.received.length;
    const other = await email({ ZoneSetupID: s.pb.other.id, emailInfo });
    expect(other.statusCode).toBe(403);
    const wrongUser = await mailApp.inject({
      method: 'POST',
      url: '/report/outsideupdates/otto/email',
      headers: { cookie: mailCookie },
      payload: { ZoneSetupID: s.pb.north.id, emailInfo },
    });
    expect(wrongUser.statusCode).toBe(403);
    const noTo = await email({ ZoneSetupID: s.pb.north.id, emailInfo: { ...emailInfo, to: ' ' } });
    expect(noTo.statusCode).toBe(400);
    expect(smtp.received).toHaveLength(before);
  });

  it('is refused when this server has no SMTP server set up', async () => {
    const res = await email({ ZoneSetupID: s.pb.north.id, emailInfo }, s.app, s.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorMessage).toBe('E-mail is not set up on this server (SMTP_URL).');
  });
});
