/**
 * The file calls fuzzed with store files (issue 27): Site Import of a store whose from-site/ holds
 * an item file built from the store's rows and broken by one to three store-file mutations
 * (store-file-seeds.ts: entities, huge numbers, control characters, extension elements, broken
 * shapes). Whatever the file, the import call answers, its task ends (done, or failed with a
 * reason), nothing stays active, the file leaves from-site/ (imported or moved to rejected/), and
 * no value past the bounds a user's input gets reaches Outside Updates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client';
import { writeStampedExclusive } from '../../src/exchange/exclusive-write';
import { buildStoreItemFile } from '../../src/exchange/naxml/store-files';
import { fromSiteDir } from '../../src/exchange/site-folders';
import type { TestDatabase } from '../support/database';
import type { Pricebook } from '../support/pricebook-fixture';
import { siteStoreItems } from '../support/store-items';
import { closeSuite, openPricebookSuite } from '../support/suite';
import { runTransfersNow } from '../support/transfers';
import { STORE_FILE_MUTATIONS } from './store-file-seeds';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let sitesDir: string;
let base: string;
const RUNS = Number(process.env.FUZZ_STORE_FILE_RUNS ?? 40);

beforeAll(async () => {
  ({ tdb, app, pb, cookie, sitesDir } = await openPricebookSuite({ sitesDir: true }));
  const items = (await siteStoreItems(tdb.db, pb.sites.s11)).map((i, k) => ({
    ...i,
    changed: true,
    unitList: k === 0 ? '3.33' : i.unitList,
  }));
  base = buildStoreItemFile({ storeNo: 11, tableAction: 'update', items });
});
afterAll(() => closeSuite({ tdb, app, pb, cookie, sitesDir }));

let clock = Date.now();
const dir = () => fromSiteDir(sitesDir, 11);
async function drop(content: string): Promise<string> {
  fs.mkdirSync(dir(), { recursive: true });
  clock += 1000;
  return path.basename(await writeStampedExclusive(dir(), 'ITT011', '.xml', content, new Date(clock)));
}

async function importStore(): Promise<{
  status: string;
  error: string | null;
  result: Record<string, unknown>;
}> {
  const res = await app.inject({
    method: 'POST',
    url: '/importSelectedSites/ann',
    headers: { cookie },
    payload: { sitenos: '11', bDoDTS: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().RootResults.TransferID as number;
  await runTransfersNow(app);
  const [task] = await rows<{ status: string; error: string | null; result: Record<string, unknown> }>(
    tdb.db,
    sql`select status, error, result from transfer_tasks where transfer_id = ${id}`,
  );
  return task;
}

describe('Site Import fuzzed with store files', () => {
  it('every seed mutation alone: the task ends, the file leaves from-site/, no value past the bounds arrives', async () => {
    for (const m of STORE_FILE_MUTATIONS) await checkFile([m.name], m.apply(base));
  });

  it(
    'random combinations of mutations: the same',
    async () => {
      const names = STORE_FILE_MUTATIONS.map((m) => m.name);
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 3 }),
          async (chosen) => {
            const xml = chosen.reduce(
              (x, n) => (STORE_FILE_MUTATIONS.find((m) => m.name === n)?.apply ?? ((y: string) => y))(x),
              base,
            );
            await checkFile(chosen, xml);
          },
        ),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 100000) },
      );
    },
    60_000 + RUNS * 2000,
  );

  it('after all of them the store is not blocked: a good file imports its change', async () => {
    await tdb.db.execute(sql`delete from outside_updates`);
    const name = await drop(base);
    const task = await importStore();
    expect(task.status).toBe('DONE');
    expect(task.result).toMatchObject({ File: name });
    const [root] = await rows<{ unit_list: string }>(
      tdb.db,
      sql`select unit_list::text as unit_list from outside_updates where zone_id = ${pb.north.id} and unit_list = 3.33`,
    );
    expect(root?.unit_list).toBe('3.33');
  });
});

async function checkFile(what: string[], xml: string) {
  const name = await drop(xml);
  const task = await importStore();
  const where = `${what.join(' + ')}: ${task.status} ${task.error ?? ''} ${JSON.stringify(task.result)}`;
  expect(['DONE', 'FAILED'], where).toContain(task.status);
  if (task.status === 'FAILED') expect(task.error ?? '', where).not.toBe('');
  // Nothing is left running.
  const active = await app.inject({
    method: 'GET',
    url: '/activeSites/Site%20Import/ann',
    headers: { cookie },
  });
  expect(active.json(), where).toBe(0);
  // The file was read (it is the store's last import) or moved aside with its reason.
  const rejected = fs.existsSync(path.join(dir(), 'rejected', name));
  if (rejected) expect(fs.existsSync(path.join(dir(), 'rejected', `${name}.reason.txt`)), where).toBe(true);
  else expect(task.result?.File, where).toBe(name);
  // What reached Outside Updates is within what a user may type.
  const bad = await rows<{ item_id: string; unit_list: string | null; description: string | null }>(
    tdb.db,
    sql`select item_id, unit_list::text as unit_list, description from outside_updates
      where unit_list <= 0 or unit_list > 99999.99 or description ~ '[[:cntrl:]]'
        or description like '%-EXTENSION%'`,
  );
  expect(bad, where).toEqual([]);
  const health = await app.inject({ url: '/healthz' });
  expect(health.statusCode, where).toBe(200);
}
