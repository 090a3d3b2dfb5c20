import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKind, type TestDatabase } from '../../test/support/database';
import { rows } from '../db/client';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');
let tdb: TestDatabase;
let dataDir: string;

/** Runs `npm run pricebook -- ...` as a user would (tsx src/cli/main.ts). */
async function cli(...args: string[]) {
  const env = { ...process.env, ...tdb.env, DATABASE_URL: tdb.env.DATABASE_URL ?? '' };
  try {
    const r = await run('npx', ['tsx', 'src/cli/main.ts', ...args], { cwd: serverDir, env });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout, err: x.stderr };
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-cli-'));
  // The CLI opens the database itself, so PGlite must be on disk and closed here while it runs.
  tdb = await createTestDatabase(dbKind === 'pglite' ? { dataDir } : {});
  if (dbKind === 'pglite') await tdb.close();
});
afterAll(async () => {
  if (dbKind === 'postgres') await tdb.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  if (dbKind === 'postgres') return rows<T>(tdb.db, q);
  const again = await createTestDatabase({ dataDir });
  try {
    return await rows<T>(again.db, q);
  } finally {
    await again.close();
  }
}

describe('command line', () => {
  it('loads scale data set-based, with the summary and a bench user', { timeout: 120_000 }, async () => {
    const r = await cli('seed', '--scale', '--zones', '2', '--sites', '4', '--items', '300');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('1200 site rows');
    const [c] = await query<{ sites: number; summary: number; zones: number }>(sql`select
      (select count(*)::int from site_items) sites, (select count(*)::int from zone_items) summary,
      (select count(*)::int from user_zones uz join users u on u.id = uz.user_id where u.user_name = 'bench') zones`);
    // 4 sites alternate over 2 zones: each zone holds every item once.
    expect(c).toEqual({ sites: 1200, summary: 600, zones: 2 });
  });

  it('refuses the demo on a database that already holds a price book', async () => {
    const r = await cli('seed', '--demo');
    expect(r.code).toBe(2);
    expect(r.err).toContain('already holds a price book');
  });

  it('adds a user and gives them zones by number', { timeout: 60_000 }, async () => {
    expect((await cli('user', 'add', 'carla', '--password', 'carla-pw')).code).toBe(0);
    const again = await cli('user', 'add', 'Carla', '--password', 'x1234');
    expect(again.err).toContain('User Carla already exists.');
    const zonesSet = await cli('user', 'zones', 'carla', '2');
    expect(zonesSet.out).toContain('now has 1 zone(s)');
    expect((await cli('user', 'zones', 'carla', '9')).err).toContain('No zone 9.');
    const found = await query<{ zone_no: number; hash: string }>(sql`select z.zone_no, u.password_hash hash
      from users u join user_zones uz on uz.user_id = u.id join zones z on z.id = uz.zone_id where u.user_name = 'carla'`);
    expect(found.map((f) => f.zone_no)).toEqual([2]);
    expect(found[0].hash).toMatch(/^\$argon2id\$/);
  });

  it('prints its usage for an unknown command', async () => {
    const r = await cli('frobnicate');
    expect(r.code).toBe(1);
    expect(r.err).toContain('Usage: npm run pricebook');
  });
});
