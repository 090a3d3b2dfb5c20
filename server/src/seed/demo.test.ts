import { isValidCheckDigit } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/database';
import { rows } from '../db/client';
import { loadDemo } from './demo';

let tdb: TestDatabase;
let loaded: Awaited<ReturnType<typeof loadDemo>>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  loaded = await loadDemo(tdb.db);
});
afterAll(() => tdb.drop());

const q = <T>(query: ReturnType<typeof sql>) => rows<T>(tdb.db, query);

describe('demo price book', () => {
  it('has 12 sites in 3 zones with site 5 in zones 1 and 2', async () => {
    expect(loaded).toMatchObject({ sites: 12, zones: 3 });
    const zonesOf5 = await q<{ zone_no: number }>(
      sql`select z.zone_no from zone_sites zs join zones z on z.id = zs.zone_id join sites s on s.id = zs.site_id where s.site_no = 5 order by 1`,
    );
    expect(zonesOf5.map((r) => r.zone_no)).toEqual([1, 2]);
  });

  it('has about 3,000 items, with UPCs whose check digits validate and some PLUs', async () => {
    expect(loaded.items).toBeGreaterThan(2500);
    expect(loaded.items).toBeLessThan(3500);
    const upcs = await q<{ upc_code: string }>(sql`select upc_code from items where upc_code is not null`);
    expect(upcs.length).toBeGreaterThan(2400);
    expect(upcs.filter((u) => !isValidCheckDigit(u.upc_code))).toEqual([]);
    const [plus] = await q<{ n: number }>(sql`select count(*)::int n from items where length(item_id) <= 5`);
    expect(plus.n).toBeGreaterThan(10);
  });

  it('has an EX expense department and CRV 5 and 10 cent redemptions', async () => {
    const [ex] = await q<{ n: number }>(
      sql`select count(*)::int n from departments where item_type_name = 'EX'`,
    );
    expect(ex.n).toBeGreaterThan(0);
    const crv = await q<{ amount: string }>(sql`select amount::text from redemptions order by id`);
    expect(crv.map((r) => r.amount)).toEqual(['0.05', '0.10']);
  });

  it('summarises zones with divergent prices, descriptions and departments', async () => {
    const [d] = await q<{ price: number; descr: number; dept: number }>(sql`select
      count(*) filter (where not is_price_uniform)::int price, count(*) filter (where not is_desc_uniform)::int descr,
      count(*) filter (where not is_dept_sub_uniform)::int dept from zone_items`);
    expect(d.price).toBeGreaterThan(0);
    expect(d.descr).toBeGreaterThan(0);
    expect(d.dept).toBeGreaterThan(0);
  });

  it('has items carried only by sites outside zones 1 and 2', async () => {
    const [r] = await q<{ n: number }>(sql`select count(*)::int n from zone_items z3 where z3.zone_id = 3
      and not exists (select 1 from zone_items z1 where z1.zone_id = 1 and z1.item_id = z3.item_id and z1.pack_size = z3.pack_size)`);
    expect(r.n).toBe(25);
  });

  it('has UOMs, linked items, item groups, history, events, negotiated costs and invoices', async () => {
    const counts = await q<Record<string, number>>(sql`select
      (select count(*)::int from item_uoms) uoms, (select count(*)::int from item_links) links,
      (select count(*)::int from item_group_members) members,
      (select count(*)::int from item_history where source <> 'Initial load') history,
      (select count(distinct status)::int from pricing_events) event_statuses,
      (select count(*)::int from negotiated_cost_items) neg, (select count(*)::int from invoice_lines) lines`);
    for (const [name, n] of Object.entries(counts[0])) expect(n, name).toBeGreaterThan(0);
    expect(counts[0].event_statuses).toBe(3);
  });

  it('lets the demo user use every zone', async () => {
    const [r] = await q<{ n: number }>(
      sql`select count(*)::int n from user_zones uz join users u on u.id = uz.user_id where u.user_name = 'demo'`,
    );
    expect(r.n).toBe(3);
  });
});
