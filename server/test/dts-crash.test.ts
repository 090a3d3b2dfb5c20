/**
 * Distribute to Sites survives a kill -9 of the real server process: a full run over 10 sites is
 * started through the API; each site's task pauses 3 s after writing its file (CPB_TEST_PAUSE, a
 * test-only knob), and the server is killed while site 3 is in that pause (its file written and
 * named, its rows not yet marked; sites 1-2 done, 4-10 not begun). Restarted without the pause,
 * the worker resumes the run: every site has exactly one complete file with every row it carries,
 * every row is marked sent at the version in the file, one watermark row per site, the run DONE.
 * On PostgreSQL the dead worker's claim is taken over once it is stale (30 s), as in production.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase, rows } from '../src/db/client';
import { loadScale } from '../src/seed/scale';
import { createTestDatabase, dbKind, type TestDatabase } from './support/database';
import { type ServerProcess, startServerProcess } from './support/server-process';

const SITES = 10;
const ITEMS = 2000;
const KILL_AT_SITE = 3;

let srv: ServerProcess | null = null;
let tdb: TestDatabase | null = null;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-dts-crash-'));
const dataDir = path.join(tmp, 'data');
const sitesDir = path.join(tmp, 'sites');

afterAll(async () => {
  await srv?.stop();
  await tdb?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The server's database: PostgreSQL at any time; the embedded one only while the server is down. */
async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  if (tdb) return fn(tdb.db);
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

const toSite = (siteNo: number) => path.join(sitesDir, String(siteNo).padStart(3, '0'), 'to-site');
const entries = (siteNo: number) =>
  fs.existsSync(toSite(siteNo)) ? fs.readdirSync(toSite(siteNo)).sort() : [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function api(url: string, init: { cookie?: string; body?: object } = {}) {
  const res = await fetch(`${srv?.url}${url}`, {
    method: init.body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, headers: res.headers, json: await res.json().catch(() => null) };
}

interface TaskState {
  site_no: number;
  status: string;
  attempts: number;
  file: string | null;
}
const tasks = (db: Db, transferId: number) =>
  rows<TaskState>(
    db,
    sql`select s.site_no, k.status, k.attempts, k.file from transfer_tasks k join sites s on s.id = k.site_id
      where k.transfer_id = ${transferId} order by s.site_no`,
  );

/** A maintenance file as description -> "action price"; throws unless it is well-formed XML. */
function fileRecords(siteNo: number, file: string) {
  const text = fs.readFileSync(path.join(toSite(siteNo), file), 'utf8');
  expect(XMLValidator.validate(text)).toBe(true);
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    isArray: (n) => n === 'ITTDetail',
  }).parse(text)['NAXML-MaintenanceRequest'];
  const details: Array<{
    RecordAction: { '@_type': string };
    ITTData: { Description: string; RegularSellPrice: string };
  }> = doc.ItemMaintenance.ITTDetail ?? [];
  return {
    store: String(doc.TransmissionHeader?.StoreLocationID),
    action: doc.ItemMaintenance.TableAction['@_type'] as string,
    records: new Map(
      details.map((d) => [
        d.ITTData.Description,
        `${d.RecordAction['@_type']} ${d.ITTData.RegularSellPrice}`,
      ]),
    ),
    count: details.length,
  };
}

describe('Distribute to Sites killed mid-run', () => {
  it('resumes after kill -9: one complete file per site, every row marked once, no site missing', async () => {
    const env: Record<string, string> = {
      DEMO_ON_EMPTY: 'false',
      STORE_SIM: 'off',
      SITES_DIR: sitesDir,
      TRANSFER_PARALLEL: '1',
      CPB_TEST_PAUSE: 'dts-after-file:3000',
    };
    if (dbKind === 'postgres') {
      tdb = await createTestDatabase();
      Object.assign(env, tdb.env);
    }
    await withDb((db) => loadScale(db, { zones: 1, sites: SITES, items: ITEMS }));
    srv = await startServerProcess({ env, dataDir: dbKind === 'postgres' ? undefined : dataDir });

    const login = await api('/login', { body: { userName: 'bench', password: 'bench' } });
    const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('cpb_session=')) ?? '').split(
      ';',
    )[0];
    expect(cookie).not.toBe('');
    const siteNos = Array.from({ length: SITES }, (_, i) => i + 1);
    const started = await api('/distributeToSites/bench', {
      cookie,
      body: { sitenos: siteNos.join(','), bModsOnly: false },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const transferId: number = started.json.RootResults.TransferID;

    // Kill while site 3 waits after writing its file (3 s: well inside the pause).
    const until = Date.now() + 60_000;
    while (!entries(KILL_AT_SITE).some((f) => f.endsWith('.xml'))) {
      if (Date.now() > until)
        throw new Error(`no file for site ${KILL_AT_SITE}:\n${srv.output().slice(-3000)}`);
      await sleep(50);
    }
    await srv.kill9();
    // The file itself (the writer links its temporary file to the name, then removes the temporary
    // one: a kill between the two leaves both, and the temporary one sorts first).
    const killedFile = entries(KILL_AT_SITE).find((f) => f.endsWith('.xml'));

    // What the kill left: sites 1-2 done, site 3 named and written but not marked, the rest not begun.
    const left = await withDb(async (db) => ({
      tasks: await tasks(db, transferId),
      marked: await rows<{ site_no: number }>(
        db,
        sql`select s.site_no from site_exchange x join sites s on s.id = x.site_id order by 1`,
      ),
    }));
    expect(left.tasks.map((t) => t.status)).toEqual([
      'DONE',
      'DONE',
      'RUNNING',
      ...Array(SITES - 3).fill('PENDING'),
    ]);
    expect(left.tasks[2].file).toBe(killedFile);
    expect(left.marked.map((r) => r.site_no)).toEqual([1, 2]);
    for (const n of siteNos.slice(3)) expect(entries(n)).toEqual([]);

    await srv.start({ CPB_TEST_PAUSE: '' });
    let status: { Status: string; Sites: Array<{ SiteNo: number; Status: string }> } | null = null;
    const resumeUntil = Date.now() + 120_000;
    while (Date.now() < resumeUntil) {
      status = (await api('/transfers/bench/latest/DTS', { cookie })).json?.RootResults ?? null;
      if (status && status.Status !== 'PENDING') break;
      await sleep(250);
    }
    expect(status?.Status).toBe('DONE');
    expect(status?.Sites.map((s) => `${s.SiteNo} ${s.Status}`)).toEqual(siteNos.map((n) => `${n} DONE`));
    await srv.stop();

    await withDb(async (db) => {
      const done = await tasks(db, transferId);
      // Only the killed site ran twice; its rerun found its file and wrote none.
      expect(done.map((t) => `${t.site_no} ${t.status} ${t.attempts}`)).toEqual(
        siteNos.map((n) => `${n} DONE ${n === KILL_AT_SITE ? 2 : 1}`),
      );
      expect(done[2].file).toBe(killedFile);
      const [tr] = await rows<{ status: string }>(
        db,
        sql`select status from transfers where id = ${transferId}`,
      );
      expect(tr.status).toBe('DONE');

      for (const t of done) {
        // Exactly one file (no second file, no temporary file left), the one the task names.
        expect(entries(t.site_no)).toEqual([t.file]);
        const f = fileRecords(t.site_no, t.file as string);
        expect(f.store).toBe(String(t.site_no));
        expect(f.action).toBe('initialize');
        // Every row the site carries, at its price in the database (the seed's 2,000 items).
        const expected = await rows<{ description: string; unit_list: string }>(
          db,
          sql`select description, unit_list::text as unit_list from site_items si join sites s on s.id = si.site_id
            where s.site_no = ${t.site_no} and not si.deleted`,
        );
        expect(expected).toHaveLength(ITEMS);
        expect(f.count).toBe(ITEMS);
        expect(f.records).toEqual(new Map(expected.map((r) => [r.description, `addchange ${r.unit_list}`])));
      }

      // Every row marked sent at the version written, at every site; one watermark row per site.
      const sent = await rows<{ site_no: number; n: number; same: number }>(
        db,
        sql`select s.site_no, count(d.item_id)::int n, count(*) filter (where d.version = si.version)::int same
          from sites s join site_items si on si.site_id = s.id
          left join site_item_sent d on d.site_id = si.site_id and d.item_id = si.item_id and d.pack_size = si.pack_size
          group by s.site_no order by s.site_no`,
      );
      expect(sent).toEqual(siteNos.map((n) => ({ site_no: n, n: ITEMS, same: ITEMS })));
      const [extra] = await rows<{ n: number }>(db, sql`select count(*)::int n from site_item_sent`);
      expect(extra.n).toBe(SITES * ITEMS);
      const marks = await rows<{ site_no: number; file: string; full: boolean }>(
        db,
        sql`select s.site_no, x.last_dist_file file, x.last_dist_full full from site_exchange x
          join sites s on s.id = x.site_id order by s.site_no`,
      );
      expect(marks).toEqual(done.map((t) => ({ site_no: t.site_no, file: t.file, full: true })));
    });
  }, 240_000);
});
