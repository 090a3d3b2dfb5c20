/**
 * Migration 0017: a batch's updates of the zone summary and of the base rows stay heap-only (the
 * new version of a row goes on the row's own page and no index entry is written). That needs two
 * things, checked here: no index on a column a price write changes, and pages with room for a new
 * version of the rows on them, also when a batch covers neighbouring items (a whole zone).
 */
import { RoundType, UpdateType } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { rows } from '../../db/client';
import { loadScale } from '../../seed/scale';

const ITEMS = 300;
let tdb: TestDatabase;
let app: FastifyInstance;
let cookie: string;
let zoneId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await loadScale(tdb.db, { zones: 1, sites: 3, items: ITEMS });
  app = await makeApp(tdb.db);
  cookie = await signIn(app, 'bench', 'bench');
  const [z] = await rows<{ id: number }>(tdb.db, sql`select id from zones order by zone_no limit 1`);
  zoneId = z.id;
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

/** Each row's page in the table, by item. */
const pages = async (table: 'zone_items' | 'base_items') =>
  new Map(
    (
      await rows<{ item_id: string; page: number }>(
        tdb.db,
        sql`select item_id, (ctid::text::point)[0]::int as page from ${sql.identifier(table)}
          where zone_id = ${zoneId}`,
      )
    ).map((r) => [r.item_id, r.page]),
  );

describe('a batch over a whole zone', () => {
  it('leaves every summary row and base row on its page', async () => {
    const before = { summary: await pages('zone_items'), base: await pages('base_items') };
    expect(before.summary.size).toBe(ITEMS);
    expect(before.base.size).toBe(ITEMS);
    const res = await app.inject({
      method: 'POST',
      url: '/adjust/bench/updateSSCSItemsPriceChange',
      headers: { cookie },
      payload: {
        ZoneSetupID: zoneId,
        SelectedItems: [...before.summary.keys()].map((ID) => ({ ID, PackSize: 1 })),
        UpdateType: UpdateType.AddAmount,
        RoundType: RoundType.None,
        ChangeAmount: '0.10',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = async (table: 'zone_items' | 'base_items', was: Map<string, number>) => {
      const now = await pages(table);
      return [...was].filter(([item, page]) => now.get(item) !== page).length;
    };
    // A page full to fillfactor 80-85 had room for a new version of about a fifth of its rows.
    expect(await moved('zone_items', before.summary)).toBeLessThanOrEqual(ITEMS / 20);
    expect(await moved('base_items', before.base)).toBeLessThanOrEqual(ITEMS / 20);
  });
});

describe('the indexes of the summary and the base rows', () => {
  it('cover no column that a price write changes', async () => {
    const indexed = await rows<{ col: string }>(
      tdb.db,
      sql`select c.relname || '.' || a.attname as col from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where c.relname in ('zone_items', 'base_items') order by 1`,
    );
    const written = [
      'unit_list',
      'margin',
      'update_key',
      'is_price_uniform',
      'is_uniform',
      'version',
      'updated_at',
    ];
    expect(indexed.map((r) => r.col).filter((c) => written.includes(c.split('.')[1]))).toEqual([]);
    // The keys are indexed (the check above reads real index rows).
    expect(indexed.map((r) => r.col)).toContain('zone_items.item_id');
  });
});
