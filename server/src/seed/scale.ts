/**
 * Benchmark data: replaces the price book with S sites split over Z zones and N items per site,
 * written with set-based INSERT ... SELECT over generate_series: one base row per zone and item,
 * and the divergent stores' own rows (docs/architecture.md, "Storage").
 * Users are kept; 'bench' (password 'bench') is added with every zone and every preference.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/client';
import * as t from '../db/schema';
import { hashPassword } from '../features/auth/passwords';
import { refreshZoneSummary } from '../features/pricebook/summary';

export interface ScaleOptions {
  zones: number;
  sites: number;
  items: number;
}

const WORDS = [
  'COLA',
  'CHIPS',
  'CANDY',
  'WATER',
  'ENERGY',
  'JERKY',
  'COFFEE',
  'MINTS',
  'BEER',
  'SODA',
  'TEA',
  'NUTS',
];

export async function loadScale(db: Db, o: ScaleOptions): Promise<{ siteRows: number }> {
  if (!(o.zones >= 1 && o.sites >= o.zones && o.sites <= 999 && o.items >= 1)) {
    throw new Error('Need 1 <= zones <= sites <= 999 and items >= 1.');
  }
  const benchHash = await hashPassword('bench');
  await db.transaction(async (tx) => {
    await tx.execute(sql`truncate sites, zones, items, item_uoms, item_links, item_vendor_numbers, item_group_members,
      item_changes, site_sets, outside_updates, transfers, invoices, negotiated_cost_headers, pricing_events, vendor_import_setups,
      redemptions, item_groups, vendors, uoms, item_types restart identity cascade`);
    await tx.insert(t.itemTypes).values([
      { type: 'I', description: 'Inventory' },
      { type: 'S', description: 'Sale Only' },
      { type: 'X', description: 'Expense' },
    ]);
    await tx.insert(t.vendors).values([
      { id: 'COREMARK', name: 'Core-Mark', sourceType: 'COREMARK' },
      { id: 'MCLANE', name: 'McLane Company', sourceType: 'MCLANE' },
    ]);
    await tx.insert(t.redemptions).values([
      { id: 1, text: 'CRV 5 cents', amount: '0.05' },
      { id: 2, text: 'CRV 10 cents', amount: '0.10' },
    ]);
    await tx.execute(
      sql`insert into sites (id, site_no, name) select g, g, 'Site ' || g from generate_series(1, ${o.sites}) g`,
    );
    await tx.execute(
      sql`insert into zones (id, zone_no, name) select g, g, 'Zone ' || g from generate_series(1, ${o.zones}) g`,
    );
    await tx.execute(sql`insert into zone_sites (zone_id, site_id, priority)
      select 1 + (s - 1) % ${o.zones}, s, s from generate_series(1, ${o.sites}) s`);
    await tx.execute(sql`select setval('sites_id_seq', 1000), setval('zones_id_seq', 1000)`);
    await tx.execute(sql`insert into departments (zone_id, dept, sub, dept_name, sub_name, item_type_name)
      select z, d, s, 'Department ' || d, case when s = 0 then 'Department ' || d else 'Sub ' || d || '.' || s end,
        case when d = 90 then 'EX' else 'I' end
      from generate_series(1, ${o.zones}) z, (select generate_series(1, 10) d union all select 90) dd, generate_series(0, 5) s
      where d <> 90 or s = 0`);
    await tx.execute(sql`insert into tax_groups (zone_id, id, description, priority)
      select z, g, (array['Non-taxable','State sales tax','Sales + local'])[g], g
      from generate_series(1, ${o.zones}) z, generate_series(1, 3) g`);
    await tx.execute(
      sql`insert into redemption_zones select z, r from generate_series(1, ${o.zones}) z, generate_series(1, 2) r`,
    );
    await tx.execute(sql`insert into items (item_id, pack_size, upc_pack_size)
      select lpad((70000000000 + n)::text, 11, '0'), 1, 1 from generate_series(1, ${o.items}) n`);
    const words = `{${WORDS.join(',')}}`;
    // Every site carries its zone's base rows; every tenth site prices every 50th item 10 cents
    // higher (its own rows), so some items are divergent.
    await tx.execute(
      sql`update sites set base_zone_id = (select zone_id from zone_sites zs where zs.site_id = sites.id)`,
    );
    const values = (zone: SQL, site: SQL) => sql`lpad((70000000000 + n)::text, 11, '0'), 1,
        (${words}::text[])[1 + n % 12] || ' ITEM ' || n || ' ' || (1 + n % 40) || ' OZ',
        (${words}::text[])[1 + n % 12] || ' ' || n, 'I',
        1 + n % 10, 1 + (n / 10) % 5,
        ((99 + (n * 7919) % 1900) + case when ${site} % 10 = 0 and n % 50 = 0 then 10 else 0 end)::numeric / 100,
        round(((99 + (n * 7919) % 1900)::numeric / 100) * (0.55 + (n % 20)::numeric / 100), 4),
        1 + n % 3, case when n % 7 = 0 then 1 + n % 2 end,
        case when ${zone} = 2 then 'MCLANE' else 'COREMARK' end, 2 + n % 5, 24, 'seed'`;
    const cols = sql`item_id, pack_size, description, receipt_description, inv_type,
        dept, sub, unit_list, unit_cost, tax_group_id, redemption_id, vendor_id, min_on_hand, max_on_hand, updated_by`;
    await tx.execute(sql`insert into base_items (zone_id, ${cols})
      select z, ${values(sql`z`, sql`1`)}
      from generate_series(1, ${o.zones}) z, generate_series(1, ${o.items}) n`);
    await tx.execute(sql`insert into site_exceptions (site_id, ${cols})
      select s, ${values(sql`(1 + (s - 1) % ${o.zones})`, sql`s`)}
      from generate_series(10, ${o.sites}, 10) s, generate_series(50, ${o.items}, 50) n`);
    await tx
      .insert(t.users)
      .values({ userName: 'bench', displayName: 'Benchmark', passwordHash: benchHash })
      .onConflictDoNothing();
    await tx.execute(sql`insert into user_zones (user_id, zone_id)
      select u.id, z.id from users u, zones z where u.user_name in ('bench', 'demo') on conflict do nothing`);
    await tx.execute(sql`insert into preferences (user_id, pref_id, pref_value)
      select u.id, p, p <> 2 from users u, generate_series(1, 6) p where u.user_name = 'bench'
      on conflict (user_id, pref_id) do update set pref_value = excluded.pref_value`);
    await tx.execute(
      sql`insert into settings (key, value) values ('tableVersion', '30') on conflict do nothing`,
    );
    await refreshZoneSummary(tx);
  });
  await db.execute(sql`analyze`);
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from site_items`);
  return { siteRows: r.n };
}
