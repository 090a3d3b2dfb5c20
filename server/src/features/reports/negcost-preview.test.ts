/**
 * POST /report/{user}/preview, the negotiated cost preview report (spec part 2 §7): the zone and
 * a list of rows laid out as a PDF; the session's user and the zone are checked as in every report
 * call; nothing is written.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/support/pdf-text';
import { PB_ITEMS } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite, type PricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';

let s: PricebookSuite;
beforeAll(async () => {
  s = await openPricebookSuite();
});
afterAll(() => closeSuite(s));

const row = (over: Record<string, unknown> = {}) => ({
  ID: PB_ITEMS.COKE,
  PackSize: 1,
  Description: 'COKE 20OZ',
  NegCostID: 41,
  DeptName: 'Soft Drinks',
  VendorID: 'COREMARK - Core-Mark',
  NegCost: '0.95',
  BeginDate: '11/01/2026',
  EndDate: '11/30/2026',
  Label: 'Soda Deal',
  ...over,
});
const preview = (body: Record<string, unknown>, user = 'ann', cookie = s.cookie) =>
  s.app.inject({ method: 'POST', url: `/report/${user}/preview`, headers: { cookie }, payload: body });
const body = (over: Record<string, unknown> = {}) => ({
  ZoneSetupID: s.pb.north.id,
  ZoneNo: 1,
  ZoneName: 'North',
  Items: [row(), row({ ID: PB_ITEMS.SPRITE, Description: 'SPRITE 20OZ', NegCostID: null, EndDate: null })],
  ...over,
});

describe('POST /report/{user}/preview', () => {
  it('lays the rows out as a PDF: title, zone, user, every column, the cost at 4 decimals', async () => {
    const before = await rows<{ n: number }>(
      s.tdb.db,
      sql`select count(*)::int n from negotiated_cost_headers`,
    );
    const res = await preview(body());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const flat = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(flat).toContain('Central Price Book / Negotiated Cost Preview');
    expect(flat).toMatch(/Zone 1 - North\s+Printed by ann on \d{2}\/\d{2}\/\d{4}/);
    expect(flat).toContain(
      'ID Size Description Department Neg. Cost ID Vendor Neg. Cost Begin Date End Date Label',
    );
    expect(flat).toContain(
      `${PB_ITEMS.COKE} 1 COKE 20OZ Soft Drinks 41 COREMARK - Core-Mark 0.9500 11/01/2026 11/30/2026 Soda Deal`,
    );
    expect(flat).toContain(
      `${PB_ITEMS.SPRITE} 1 SPRITE 20OZ Soft Drinks COREMARK - Core-Mark 0.9500 11/01/2026 Soda Deal`,
    );
    expect(flat).toContain('2 item(s).');
    // A preview writes nothing.
    const after = await rows<{ n: number }>(
      s.tdb.db,
      sql`select count(*)::int n from negotiated_cost_headers`,
    );
    expect(after).toEqual(before);
  });

  it("no row is 404 'Nothing to report for the given criteria!'", async () => {
    const res = await preview(body({ Items: [] }));
    expect(res.statusCode).toBe(404);
    expect(res.json().ErrorMessage).toBe('Nothing to report for the given criteria!');
  });

  it('refuses a bad row (400), a zone that is not the user’s and another user (403), no session (401)', async () => {
    expect((await preview(body({ Items: [row({ NegCost: 'abc' })] }))).statusCode).toBe(400);
    expect((await preview(body({ Items: [row({ PackSize: 0 })] }))).statusCode).toBe(400);
    expect((await preview(body({ Items: [row({ Label: undefined })] }))).statusCode).toBe(400);
    expect((await preview({ ...body(), ZoneSetupID: undefined })).statusCode).toBe(400);
    const other = await preview(body({ ZoneSetupID: s.pb.other.id }));
    expect(other.statusCode).toBe(403);
    expect(other.json().ErrorMessage).toBe('You do not have access to this zone.');
    expect((await preview(body(), 'otto')).statusCode).toBe(403);
    expect((await preview(body(), 'ann', '')).statusCode).toBe(401);
  });
});
