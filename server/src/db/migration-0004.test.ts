/**
 * Migration 0004 moves a price book kept one row per store into base rows plus stores' own rows
 * without changing what any store has, its history or what was sent: the site_items and
 * item_history views read back exactly the rows the old tables held.
 *
 * Zones A (stores 1, 2) and B (2, 3); store 2's base zone becomes A (its first zone).
 * Item X: the same at every store. Y: store 2 charges more. Z: removed at store 1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-mig-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The migrations folder as it was before 0004. */
function foldersUpTo(tag: string): string {
  const dir = path.join(tmp, 'upto');
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  journal.entries = journal.entries.slice(0, at + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const SITE_ROWS = `select site_id, item_id, pack_size, description, unit_list::text, unit_cost::text, dept, sub,
  vendor_id, deleted from site_items order by 1, 2, 3`;
const VERSIONS = `select site_id, item_id, version::int from site_items order by 1, 2, 3`;
const HISTORY = `select id, site_id, item_id, source, unit_list::text from item_history order by id, site_id`;

describe('migration 0004', () => {
  it('keeps what every store has, its history and what was sent', async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: foldersUpTo('0003_version_sequence') });
    await client.exec(`
      insert into sites (id, site_no, name) values (1, 1, 'One'), (2, 2, 'Two'), (3, 3, 'Three');
      insert into zones (id, zone_no, name) values (1, 1, 'A'), (2, 2, 'B');
      insert into zone_sites (zone_id, site_id, priority) values (1, 1, 1), (1, 2, 2), (2, 2, 1), (2, 3, 2);
      insert into site_items (site_id, item_id, pack_size, description, dept, sub, unit_list, unit_cost, vendor_id,
        deleted, version, distributed_version) values
        (1, 'X', 1, 'X ITEM', 2, 1, 1.79, 1.0000, 'V', false, 11, 11),
        (2, 'X', 1, 'X ITEM', 2, 1, 1.79, 1.0000, 'V', false, 12, 0),
        (3, 'X', 1, 'X ITEM', 2, 1, 1.79, 1.0000, 'V', false, 13, 13),
        (1, 'Y', 1, 'Y ITEM', 4, 1, 0.99, 0.5000, null, false, 14, 0),
        (2, 'Y', 1, 'Y ITEM', 4, 1, 1.09, 0.5000, null, false, 15, 0),
        (1, 'Z', 1, 'Z ITEM', 8, 0, 5.00, 2.0000, null, true, 16, 0),
        (2, 'Z', 1, 'Z ITEM', 8, 0, 5.00, 2.0000, null, false, 17, 0);
      insert into item_history (id, site_id, item_id, pack_size, changed_by, source, unit_list, values_after) values
        (1, 1, 'X', 1, 'ann', 'Set Price', 1.79, '{}'), (2, 2, 'X', 1, 'ann', 'Set Price', 1.79, '{}'),
        (3, 2, 'Y', 1, 'bob', 'Edit Item', 1.09, '{}');
      select setval('site_item_version_seq', 17);`);
    const before = (await client.query(SITE_ROWS)).rows;
    const versionsBefore = (await client.query<{ version: number }>(VERSIONS)).rows;
    const historyBefore = (await client.query(HISTORY)).rows;

    await migrate(db, { migrationsFolder });

    expect((await client.query(SITE_ROWS)).rows).toEqual(before);
    expect((await client.query(HISTORY)).rows).toEqual(historyBefore);
    // A store reading a shared base row takes its version (the largest of the stores'): never lower,
    // so no UpdateKey goes back and nothing sent looks unsent the other way round.
    const versionsAfter = (await client.query<{ version: number }>(VERSIONS)).rows;
    expect(versionsAfter.map((r, i) => r.version >= versionsBefore[i].version)).toEqual(
      versionsBefore.map(() => true),
    );
    expect(versionsAfter.map((r) => r.version)).toEqual([12, 14, 16, 12, 15, 17, 13]);
    // Stores agreeing on X share their zone's base row; Y and Z stay per store.
    const base = await client.query(`select zone_id, item_id from base_items order by 1, 2`);
    expect(base.rows).toEqual([
      { zone_id: 1, item_id: 'X' },
      { zone_id: 2, item_id: 'X' },
    ]);
    const sent = await client.query(
      `select site_id, item_id, version::int from site_item_sent order by 1, 2`,
    );
    expect(sent.rows).toEqual([
      { site_id: 1, item_id: 'X', version: 11 },
      { site_id: 3, item_id: 'X', version: 13 },
    ]);
    // A new history row does not reuse an old id.
    await client.query(`insert into item_changes (site_id, item_id, pack_size, changed_by, source, values_after)
      values (1, 'X', 1, 'ann', 'test', '{}')`);
    const ids = await client.query<{ id: number }>(`select max(id)::int id from item_changes`);
    expect(ids.rows[0].id).toBe(4);
    await client.close();
  });
});
