/**
 * GET /api/negotiatedCost/{zone} (spec part 2 §7): the zone's negotiated costs as
 * NegotiatedCostHeader entities with their items; only the user's zones (403 otherwise).
 * Fixture: North (ann's), Other (not ann's); COKE is 'COKE 20OZ', LAYS 6 'LAYS CLASSIC 6PK'.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import { PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;

async function header(zoneId: number, label: string, cost: string, eff: string, exp: string) {
  const [h] = await rows<{ id: number }>(
    tdb.db,
    sql`insert into negotiated_cost_headers (zone_id, vendor_id, label, cost, effective_date, expiration_date)
      values (${zoneId}, 'COREMARK', ${label}, ${cost}, ${eff}, ${exp}) returning id`,
  );
  return h.id;
}

let deal: number;
let older: number;

beforeAll(async () => {
  ({ tdb, app, pb, cookie } = await openPricebookSuite());
  deal = await header(pb.north.id, 'Soda Deal', '0.95', '2026-11-02', '2026-12-31');
  older = await header(pb.north.id, 'Chips Allowance', '3.1250', '2026-10-01', '2026-10-31');
  await header(pb.other.id, 'Not Ann', '1.00', '2026-11-01', '2026-11-30');
  await tdb.db.execute(sql`insert into negotiated_cost_items (header_id, item_id, pack_size) values
    (${deal}, ${PB_ITEMS.COKE}, 1), (${deal}, ${PB_ITEMS.SPRITE}, 1), (${older}, ${PB_ITEMS.LAYS}, 6)`);
});
afterAll(() => closeSuite({ tdb, app, pb, cookie }));

const get = (url: string) => app.inject({ url, headers: { cookie } });

describe('GET /api/negotiatedCost/{zone}', () => {
  it("lists the zone's negotiated costs, newest first, each with its items", async () => {
    const res = await get(`/api/negotiatedCost/${pb.north.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().RootResults;
    expect(list.map((h: { Label: string }) => h.Label)).toEqual(['Soda Deal', 'Chips Allowance']);
    expect(list[0]).toMatchObject({
      NegCostID: deal,
      VendorId: 'COREMARK',
      Cost: '0.9500',
      CostEffectiveDateTime: '2026-11-02',
      CostExpirationDateTime: '2026-12-31',
      CostEffectiveDateTimeDisplay: '11/02/2026',
      CostExpirationDateTimeDisplay: '12/31/2026',
    });
    expect(list[0].Items.map((i: { ID: string; Description: string }) => [i.ID, i.Description])).toEqual([
      [PB_ITEMS.COKE, 'COKE 20OZ'],
      [PB_ITEMS.SPRITE, 'SPRITE 20OZ'],
    ]);
    expect(list[1]).toMatchObject({ NegCostID: older, Cost: '3.1250' });
    expect(list[1].Items).toEqual([
      expect.objectContaining({ ID: PB_ITEMS.LAYS, PackSize: 6, Description: 'LAYS CLASSIC 6PK' }),
    ]);
  });

  it("is 403 for a zone that is not the user's, and 400 for a zone that is not a zone ID", async () => {
    expect((await get(`/api/negotiatedCost/${pb.other.id}`)).statusCode).toBe(403);
    expect((await get('/api/negotiatedCost/x1')).statusCode).toBe(400);
  });

  it('is 401 without a session', async () => {
    expect((await app.inject({ url: `/api/negotiatedCost/${pb.north.id}` })).statusCode).toBe(401);
  });
});
