/** The usual API suite: a fresh test database with the pricebook fixture, the app over it, Ann signed in. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { makeApp, signIn } from './app';
import { createTestDatabase, type TestDatabase } from './database';
import { buildPricebook, type Pricebook } from './pricebook-fixture';

export interface PricebookSuite {
  tdb: TestDatabase;
  app: FastifyInstance;
  pb: Pricebook;
  cookie: string;
  /** A temporary site exchange folder (empty string unless asked for). */
  sitesDir: string;
}

export async function openPricebookSuite(o: { sitesDir?: boolean } = {}): Promise<PricebookSuite> {
  const tdb = await createTestDatabase();
  const pb = await buildPricebook(tdb.db);
  const sitesDir = o.sitesDir ? fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-sites-')) : '';
  const app = await makeApp(tdb.db, sitesDir ? { sitesDir } : {});
  const cookie = await signIn(app, 'ann', 'ann-pw');
  return { tdb, app, pb, cookie, sitesDir };
}

export async function closeSuite(s: Partial<PricebookSuite>): Promise<void> {
  await s.app?.close();
  await s.tdb?.drop();
  if (s.sitesDir) fs.rmSync(s.sitesDir, { recursive: true, force: true });
}
