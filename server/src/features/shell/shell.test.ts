import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildUser } from '../../../test/support/factories';
import * as t from '../../db/schema';

let tdb: TestDatabase;
let app: FastifyInstance;
let webDist: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Central Price Book</title>');
  fs.writeFileSync(path.join(webDist, 'build.json'), JSON.stringify({ build: 'b-100' }));
  await buildUser(tdb.db, { userName: 'sam', password: 'sam-pw' });
  await tdb.db
    .insert(t.announcements)
    .values([{ text: 'Old news', active: false }, { text: 'Stores close early on Friday.' }]);
  app = await makeApp(tdb.db, {
    webDist,
    businessTimeZone: 'Pacific/Kiritimati',
    applications: { compDailyBook: 'https://cdb.example/', digdispatch: null, physinventory: null },
  });
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('shell', () => {
  it('tells the page its configuration without a session', async () => {
    const res = await app.inject({ url: '/appConfig' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      loginUrl: '/login',
      build: 'b-100',
      // The page takes "today" from the server's business time zone, not the browser's.
      businessTimeZone: 'Pacific/Kiritimati',
      applications: { compDailyBook: 'https://cdb.example/', digdispatch: null, physinventory: null },
      about: { copyright: '2001-2024' },
    });
    expect(
      body.sideMenu.map((e: { state?: string; about?: boolean }) => e.state ?? (e.about ? 'about' : 'href')),
    ).toContain('about');
  });

  it('shows the active announcement only', async () => {
    expect((await app.inject({ url: '/announcement' })).json()).toEqual({
      text: 'Stores close early on Friday.',
    });
  });

  it('reports the deployed build, read afresh on every call', async () => {
    const cookie = await signIn(app, 'sam', 'sam-pw');
    const first = await app.inject({ url: '/getAppVersion/sam', headers: { cookie } });
    expect(first.json().RootResults.build).toBe('b-100');
    fs.writeFileSync(path.join(webDist, 'build.json'), JSON.stringify({ build: 'b-101' }));
    const second = await app.inject({ url: '/getAppVersion/sam', headers: { cookie } });
    expect(second.json().RootResults.build).toBe('b-101');
  });

  it('answers health checks and Prometheus scrapes', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ok', db: 'ok' });
    const cookie = await signIn(app, 'sam', 'sam-pw');
    const metrics = await app.inject({ url: '/metrics', headers: { cookie } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('http_request_duration_seconds');
  });

  it('publishes OpenAPI at /docs', async () => {
    const cookie = await signIn(app, 'sam', 'sam-pw');
    const spec = await app.inject({ url: '/docs/json', headers: { cookie } });
    expect(spec.statusCode).toBe(200);
    expect(Object.keys(spec.json().paths)).toEqual(expect.arrayContaining(['/login', '/userZones/{user}']));
  });

  it('serves the page for unknown HTML addresses and a JSON 404 for unknown calls', async () => {
    const page = await app.inject({ url: '/adjust/itemAdjust', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Central Price Book</title>');
    const api = await app.inject({ method: 'POST', url: '/nope/sam' });
    expect(api.statusCode).toBe(404);
    expect(api.json().ErrorMessage).toBe('No such call: POST /nope/sam');
  });

  it('serves the static i18n folder', async () => {
    const res = await app.inject({ url: '/i18n/en_US.json' });
    expect(res.json().messages.NO_ITEMS_FOUND).toBe('Sorry : No item(s) found.');
    expect((await app.inject({ url: '/i18n/..%2Fpackage.json' })).statusCode).toBe(404);
  });
});
