import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildUser } from '../../../test/support/factories';

let tdb: TestDatabase;
let app: FastifyInstance;
let open: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await buildUser(tdb.db, { userName: 'sam', password: 'sam-pw' });
  app = await makeApp(tdb.db);
  open = await makeApp(tdb.db, { publicMetrics: true });
});
afterAll(async () => {
  await app.close();
  await open.close();
  await tdb.drop();
});

const TOOLS = ['/metrics', '/docs', '/docs/json', '/docs/static/index.html'];

describe('/metrics and /docs', () => {
  it('answer 401 without a session by default', async () => {
    for (const url of TOOLS) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().ErrorMessage).toBe('Please sign in.');
    }
  });

  it('answer 401 without a session however the path is written (percent-encoded, doubled slashes, dot segments)', async () => {
    const disguised = [
      '/%6detrics',
      '/%6D%65trics',
      '/%64ocs/json',
      '/%64ocs',
      '/docs%2fjson',
      '/%2564ocs/json',
      '//metrics',
      '/x/../metrics',
      '/./docs/json',
      '/metrics?x=1',
    ];
    for (const url of disguised) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('answer a signed-in user', async () => {
    const cookie = await signIn(app, 'sam', 'sam-pw');
    const metrics = await app.inject({ url: '/metrics', headers: { cookie } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('process_resident_memory_bytes');
    const doc = await app.inject({ url: '/docs/json', headers: { cookie } });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
  });

  it('answer anyone with PUBLIC_METRICS=true', async () => {
    expect((await open.inject({ url: '/metrics' })).statusCode).toBe(200);
    expect((await open.inject({ url: '/docs/json' })).statusCode).toBe(200);
  });

  it('leave /healthz public', async () => {
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
