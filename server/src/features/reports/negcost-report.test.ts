/**
 * The Negotiated Cost Report (spec part 2 §2, §7; docs/decisions.md "Issue 23"): rows read from
 * the invoices and negotiated costs in the database, exact differences, inclusive boundaries, the
 * overlap rule, the options, the PDF (read back with pdf.js), the HTML page and the e-mail to a
 * real SMTP server on loopback; who may ask.
 *
 * Fixture (North = stores 11, 12, 13; Other = 15), vendor COREMARK unless said:
 *   H1 'Soda Deal'  0.9500  11/02-11/30/2026  COKE, SPRITE
 *   H2 'Soda Promo' 0.9000  11/10-11/20/2026  COKE   (overlaps H1, took effect later: wins)
 *   H3 'Same Day'   0.8800  11/10-11/11/2026  COKE   (same day as H2, newer header: wins)
 *   H4 in Other     0.1000  11/01-11/30/2026  COKE   (not North's)
 * Invoices:
 *   A store 11 11/02 COKE 10 @ 1.0000 (+0.5000), SPRITE 3 @ 0.9000 (-0.1500), LAYS/6 (no deal) = 0.3500
 *   B store 12 11/11 COKE 4 @ 0.8800 (0, H3), SPRITE 2 @ 0.9500 (0)                              = 0.0000
 *   C store 13 11/15 COKE 6 @ 0.9000 (0, H2), SPRITE 1.5 @ 0.9200 (-0.0450)                      = -0.0450
 *   D store 11 11/30 COKE 1 @ 0.9999 (+0.0499)                                                   = 0.0499
 *   E store 11 12/01 COKE 5 @ 2.0000 (after H1: no deal); F store 15 (not North); G MCLANE (no deal)
 */
import { NegCostReportPage } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../../../test/support/app';
import { pdfText } from '../../../test/support/pdf-text';
import { PB_ITEMS } from '../../../test/support/pricebook-fixture';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { closeSuite, openPricebookSuite, type PricebookSuite } from '../../../test/support/suite';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';

const { COKE, SPRITE, LAYS } = PB_ITEMS;

let s: PricebookSuite;
let smtp: SmtpSink;
let mailApp: FastifyInstance;
let mailCookie: string;

async function header(
  ex: Executor,
  o: { zone: number; label: string; cost: string; eff: string; exp: string; items: string[] },
) {
  const [h] = await rows<{ id: number }>(
    ex,
    sql`insert into negotiated_cost_headers (zone_id, vendor_id, label, cost, effective_date, expiration_date)
      values (${o.zone}, 'COREMARK', ${o.label}, ${o.cost}, ${o.eff}, ${o.exp}) returning id`,
  );
  for (const i of o.items) {
    await ex.execute(
      sql`insert into negotiated_cost_items (header_id, item_id, pack_size) values (${h.id}, ${i}, 1)`,
    );
  }
}

async function invoice(
  ex: Executor,
  o: {
    vendor?: string;
    site: number;
    no: string;
    date: string;
    lines: Array<[string, number, string, string]>;
  },
) {
  const [inv] = await rows<{ id: number }>(
    ex,
    sql`insert into invoices (vendor_id, site_id, invoice_no, invoice_date)
      values (${o.vendor ?? 'COREMARK'}, ${o.site}, ${o.no}, ${o.date}) returning id`,
  );
  let n = 0;
  for (const [item, pack, qty, cost] of o.lines) {
    n += 1;
    await ex.execute(sql`insert into invoice_lines (invoice_id, line_no, item_id, pack_size, description, quantity, unit_cost)
      values (${inv.id}, ${n}, ${item}, ${pack}, ${`${item} DESC`}, ${qty}, ${cost})`);
  }
}

beforeAll(async () => {
  s = await openPricebookSuite();
  const ex = s.tdb.db;
  const { north, other, sites } = s.pb;
  await header(ex, {
    zone: north.id,
    label: 'Soda Deal',
    cost: '0.9500',
    eff: '2026-11-02',
    exp: '2026-11-30',
    items: [COKE, SPRITE],
  });
  await header(ex, {
    zone: north.id,
    label: 'Soda Promo',
    cost: '0.9000',
    eff: '2026-11-10',
    exp: '2026-11-20',
    items: [COKE],
  });
  await header(ex, {
    zone: north.id,
    label: 'Same Day',
    cost: '0.8800',
    eff: '2026-11-10',
    exp: '2026-11-11',
    items: [COKE],
  });
  await header(ex, {
    zone: other.id,
    label: 'Other',
    cost: '0.1000',
    eff: '2026-11-01',
    exp: '2026-11-30',
    items: [COKE],
  });
  await invoice(ex, {
    site: sites.s11,
    no: 'INV-A',
    date: '2026-11-02',
    lines: [
      [COKE, 1, '10', '1.0000'],
      [SPRITE, 1, '3', '0.9000'],
      [LAYS, 6, '2', '3.0000'],
    ],
  });
  await invoice(ex, {
    site: sites.s12,
    no: 'INV-B',
    date: '2026-11-11',
    lines: [
      [COKE, 1, '4', '0.8800'],
      [SPRITE, 1, '2', '0.9500'],
    ],
  });
  await invoice(ex, {
    site: sites.s13,
    no: 'INV-C',
    date: '2026-11-15',
    lines: [
      [COKE, 1, '6', '0.9000'],
      [SPRITE, 1, '1.5', '0.9200'],
    ],
  });
  await invoice(ex, { site: sites.s11, no: 'INV-D', date: '2026-11-30', lines: [[COKE, 1, '1', '0.9999']] });
  await invoice(ex, { site: sites.s11, no: 'INV-E', date: '2026-12-01', lines: [[COKE, 1, '5', '2.0000']] });
  await invoice(ex, { site: sites.s15, no: 'INV-F', date: '2026-11-15', lines: [[COKE, 1, '5', '2.0000']] });
  await invoice(ex, {
    vendor: 'MCLANE',
    site: sites.s11,
    no: 'INV-G',
    date: '2026-11-15',
    lines: [[COKE, 1, '5', '2.0000']],
  });
  smtp = await startSmtpSink();
  mailApp = await makeApp(ex, { smtpUrl: smtp.url });
  mailCookie = await signIn(mailApp, 'ann', 'ann-pw');
});
afterAll(async () => {
  await mailApp?.close();
  await smtp?.close();
  await closeSuite(s);
});

const criteria = (over: Record<string, unknown> = {}) => ({
  ZoneSetupID: s.pb.north.id,
  ZoneNo: 1,
  ZoneName: 'North',
  BeginDate: '11/01/2026',
  EndDate: '12/31/2026',
  CboOption: 'Negotiated',
  ...over,
});
const preview = (over: Record<string, unknown> = {}, user = 'ann') =>
  s.app.inject({
    method: 'POST',
    url: `/report/${user}/negcost/preview`,
    headers: { cookie: s.cookie },
    payload: criteria(over),
  });
const summary = async (over: Record<string, unknown> = {}) => {
  const res = await preview(over);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .RootResults.Invoices.map((r: { Invoice: string; InvoiceDifference: string; color: string }) => [
      r.Invoice,
      r.InvoiceDifference,
      r.color,
    ]);
};
const query = (over: Record<string, unknown> = {}) =>
  new URLSearchParams(Object.entries(criteria(over)).map(([k, v]) => [k, String(v)])).toString();

describe('POST /report/{user}/negcost/preview', () => {
  it('gives one row per invoice with the exact difference, coloured by its sign, and its lines', async () => {
    const res = await preview();
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().RootResults.Invoices;
    expect(
      list.map((r: { Invoice: string; InvoiceDifference: string; color: string }) => [
        r.Invoice,
        r.InvoiceDifference,
        r.color,
      ]),
    ).toEqual([
      ['INV-A', '0.3500', 'red'],
      ['INV-B', '0.0000', 'black'],
      ['INV-C', '-0.0450', 'green'],
      ['INV-D', '0.0499', 'red'],
    ]);
    expect(list[0]).toMatchObject({
      VendorId: 'COREMARK',
      UserDefinedSourceSite: 'Site 11 - Store 11',
      InvoiceDate: '11/02/2026',
    });
    // The item without a negotiated cost (LAYS) is not compared.
    expect(list[0].Items).toEqual([
      {
        ItemComment: 'Over by 0.0500',
        BookDate: '11/02/2026',
        ID: COKE,
        PackSize: 1,
        Description: `${COKE} DESC`,
        UnitCost: '1.0000',
        NegotiatedCost: '0.9500',
        Quantity: '10',
        Label: 'Soda Deal',
      },
      expect.objectContaining({
        ID: SPRITE,
        NegotiatedCost: '0.9500',
        Quantity: '3',
        ItemComment: 'Under by 0.0500',
      }),
    ]);
  });

  it('overlapping costs: the later effective date wins; on the same day the newer header', async () => {
    const list = (await preview()).json().RootResults.Invoices;
    const coke = (inv: string) =>
      list
        .find((r: { Invoice: string }) => r.Invoice === inv)
        .Items.find((i: { ID: string }) => i.ID === COKE);
    expect(coke('INV-B')).toMatchObject({ NegotiatedCost: '0.8800', Label: 'Same Day' });
    expect(coke('INV-C')).toMatchObject({ NegotiatedCost: '0.9000', Label: 'Soda Promo' });
    expect(coke('INV-D')).toMatchObject({ NegotiatedCost: '0.9500', Label: 'Soda Deal' });
  });

  it('counts a cost on the day it starts and the day it ends (inclusive range too)', async () => {
    expect(await summary({ BeginDate: '11/02/2026', EndDate: '11/02/2026' })).toEqual([
      ['INV-A', '0.3500', 'red'],
    ]);
    expect(await summary({ BeginDate: '11/30/2026', EndDate: '11/30/2026' })).toEqual([
      ['INV-D', '0.0499', 'red'],
    ]);
    expect(await summary({ BeginDate: '12/01/2026', EndDate: '12/31/2026' })).toEqual([]);
  });

  it('options: Increases, Decreases, IncreasesAndDecreases select the lines billed above, below, either', async () => {
    expect(await summary({ CboOption: 'Increases' })).toEqual([
      ['INV-A', '0.5000', 'red'],
      ['INV-D', '0.0499', 'red'],
    ]);
    expect(await summary({ CboOption: 'Decreases' })).toEqual([
      ['INV-A', '-0.1500', 'green'],
      ['INV-C', '-0.0450', 'green'],
    ]);
    expect(await summary({ CboOption: 'IncreasesAndDecreases' })).toEqual([
      ['INV-A', '0.3500', 'red'],
      ['INV-C', '-0.0450', 'green'],
      ['INV-D', '0.0499', 'red'],
    ]);
  });

  it('a vendor or a negotiated cost label narrows it; a vendor with none gives nothing', async () => {
    expect(await summary({ VendorID: 'MCLANE - McLane' })).toEqual([]);
    expect((await summary({ VendorID: 'COREMARK - Core-Mark' })).length).toBe(4);
    // Only 'Soda Deal' compared: COKE at 0.9500 throughout its range.
    expect(await summary({ LName: 'Soda Deal' })).toEqual([
      ['INV-A', '0.3500', 'red'],
      ['INV-B', '-0.2800', 'green'],
      ['INV-C', '-0.3450', 'green'],
      ['INV-D', '0.0499', 'red'],
    ]);
  });

  it("answers a page of invoices with the whole report's count and exact total (beyond the spec)", async () => {
    const whole = (await preview()).json().RootResults;
    expect(whole).toMatchObject({ TotalCount: 4, Page: 1, PageSize: 100 });
    // 0.3500 + 0.0000 - 0.0450 + 0.0499
    expect(whole.TotalDifference).toBe('0.3549');
    const pages = [];
    for (const Page of [1, 2, 3]) {
      const res = await preview({ Page, PageSize: 2 });
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json().RootResults;
      expect(NegCostReportPage.parse(r)).toEqual(r);
      expect(r).toMatchObject({ TotalCount: 4, TotalDifference: '0.3549', Page, PageSize: 2 });
      pages.push(...r.Invoices);
    }
    // Pages 1 and 2 hold the report's invoices in order, each with all its lines; page 3 none.
    expect(pages).toEqual(whole.Invoices);
    const increases = (await preview({ CboOption: 'Increases', PageSize: 1 })).json().RootResults;
    expect(increases).toMatchObject({ TotalCount: 2, TotalDifference: '0.5499' });
    expect(increases.Invoices.map((r: { Invoice: string }) => r.Invoice)).toEqual(['INV-A']);
    const empty = (await preview({ VendorID: 'MCLANE' })).json().RootResults;
    expect(empty).toEqual({ Invoices: [], TotalCount: 0, TotalDifference: '0.0000', Page: 1, PageSize: 100 });
    expect((await preview({ Page: 0 })).statusCode).toBe(400);
    expect((await preview({ PageSize: 1001 })).statusCode).toBe(400);
  });

  it('refuses a bad range or option with a clear message; another zone or user is 403', async () => {
    const end = await preview({ BeginDate: '11/30/2026', EndDate: '11/01/2026' });
    expect(end.statusCode).toBe(400);
    expect(end.json().ErrorMessage).toBe('EndDate: The end date must not be before the begin date.');
    const none = await preview({ BeginDate: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json().ErrorMessage).toBe('BeginDate: Required.');
    expect((await preview({ EndDate: '02/30/2026' })).json().ErrorMessage).toBe('EndDate: Invalid Date.');
    expect((await preview({ CboOption: 'Everything' })).statusCode).toBe(400);
    expect((await preview({ ZoneSetupID: s.pb.other.id })).statusCode).toBe(403);
    expect((await preview({}, 'otto')).statusCode).toBe(403);
  });
});

describe('GET /report/{user}/negcost/negotiated', () => {
  it("lays the report out as a PDF: title, user, time, each invoice's heading and lines, the claim", async () => {
    const res = await s.app.inject({
      url: `/report/ann/negcost/negotiated?${query()}`,
      headers: { cookie: s.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Central Price Book / Negotiated Cost Report');
    expect(flat).toMatch(
      /Zone 1 - North, 11\/01\/2026 - 12\/31\/2026, Negotiated\s+Printed by ann on \d{2}\/\d{2}\/\d{4}/,
    );
    expect(flat).toContain('Vendor Date ID Size Description Actual Negotiated Qty');
    expect(flat).toContain(
      'Vendor COREMARK · Site 11 - Store 11 · Invoice INV-A (11/02/2026) · Invoice Difference $0.35',
    );
    expect(flat).toContain(`COREMARK 11/02/2026 ${COKE} 1 ${COKE} DESC 1.0000 0.9500 10`);
    expect(flat).toContain('Invoice INV-C (11/15/2026) · Invoice Difference -$0.05');
    expect(flat).toContain('4 invoice(s); total difference $0.35.');
    // Billed above: INV-A 0.3500 + INV-D 0.0499 = 0.3999.
    expect(flat).toContain('Recovery claim: COREMARK 2026-11 $0.40 (2 invoice(s)).');
    expect(flat).not.toContain('INV-E');
    expect(flat).not.toContain('INV-F');
  });

  it("nothing matching is 404 'Nothing to report for the given criteria!'; another zone 403", async () => {
    const res = await s.app.inject({
      url: `/report/ann/negcost/negotiated?${query({ VendorID: 'MCLANE' })}`,
      headers: { cookie: s.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().ErrorMessage).toBe('Nothing to report for the given criteria!');
    const other = await s.app.inject({
      url: `/report/ann/negcost/negotiated?${query({ ZoneSetupID: s.pb.other.id })}`,
      headers: { cookie: s.cookie },
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('GET /report/{user}/negcost/claim', () => {
  it('gives the recovery claim as CSV: per vendor and month, what was billed above, with the invoices', async () => {
    const res = await s.app.inject({
      url: `/report/ann/negcost/claim?${query()}`,
      headers: { cookie: s.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe('Vendor,Month,Amount,Invoices\r\n"COREMARK","2026-11","0.40","INV-A INV-D"');
    const other = await s.app.inject({
      url: `/report/ann/negcost/claim?${query({ ZoneSetupID: s.pb.other.id })}`,
      headers: { cookie: s.cookie },
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('GET /hbsreport/negotiatedcost/{user}', () => {
  it('is the same report as one HTML page', async () => {
    const res = await s.app.inject({
      url: `/hbsreport/negotiatedcost/ann?${query()}`,
      headers: { cookie: s.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('<title>Central Price Book / Negotiated Cost Report</title>');
    expect(res.body).toContain('Invoice INV-D (11/30/2026) · Invoice Difference $0.05');
    expect(res.body).toContain('color:#b00020');
  });
});

describe('POST /report/{user}/negcost/email', () => {
  const emailInfo = { to: 'buyer@example.test', subject: 'Negotiated costs', text: 'November.' };
  const email = (payload: Record<string, unknown>, user = 'ann') =>
    mailApp.inject({
      method: 'POST',
      url: `/report/${user}/negcost/email`,
      headers: { cookie: mailCookie },
      payload,
    });

  it('sends the PDF and the recovery claim CSV over SMTP', async () => {
    const before = smtp.received.length;
    const res = await email({ ...criteria(), emailInfo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      RootResults: { fpath: 'negotiated-cost-report.pdf', Message: 'Report was sent.' },
    });
    expect(smtp.received).toHaveLength(before + 1);
    const raw = smtp.received[before].toString('latin1');
    expect(raw).toMatch(/^Subject: Negotiated costs$/m);
    const part = raw.slice(raw.indexOf('Content-Type: application/pdf'));
    const b64 = part.slice(part.indexOf('\r\n\r\n') + 4, part.indexOf('\r\n--'));
    const text = await pdfText(Buffer.from(b64.replace(/\s+/g, ''), 'base64'));
    expect(text).toContain('Central Price Book / Negotiated Cost Report');
    const csvPart = raw.slice(raw.indexOf('Content-Type: text/csv'));
    const csvBody = csvPart.slice(csvPart.indexOf('\r\n\r\n') + 4, csvPart.indexOf('\r\n--'));
    const csv = /base64/i.test(csvPart.slice(0, csvPart.indexOf('\r\n\r\n')))
      ? Buffer.from(csvBody.replace(/\s+/g, ''), 'base64').toString()
      : csvBody;
    expect(csv).toContain('Vendor,Month,Amount,Invoices');
    expect(csv).toContain('"COREMARK","2026-11","0.40","INV-A INV-D"');
  });

  it('nothing to report, another zone or user, no SMTP: refused, nothing sent', async () => {
    const before = smtp.received.length;
    const none = await email({ ...criteria({ VendorID: 'MCLANE' }), emailInfo });
    expect(none.statusCode).toBe(404);
    expect(none.json().ErrorMessage).toBe('Nothing to report for the given criteria!');
    expect((await email({ ...criteria({ ZoneSetupID: s.pb.other.id }), emailInfo })).statusCode).toBe(403);
    expect((await email({ ...criteria(), emailInfo }, 'otto')).statusCode).toBe(403);
    const noSmtp = await s.app.inject({
      method: 'POST',
      url: '/report/ann/negcost/email',
      headers: { cookie: s.cookie },
      payload: { ...criteria(), emailInfo },
    });
    expect(noSmtp.statusCode).toBe(400);
    expect(smtp.received).toHaveLength(before);
  });
});
