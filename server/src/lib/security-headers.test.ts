import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from '../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../test/support/database';

let tdb: TestDatabase;
let plain: FastifyInstance;
let secure: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  plain = await makeApp(tdb.db);
  secure = await makeApp(tdb.db, { cookieSecure: true });
});
afterAll(async () => {
  await plain.close();
  await secure.close();
  await tdb.drop();
});

describe('transport security headers', () => {
  it('over plain HTTP (COOKIE_SECURE unset): no HSTS, no upgrade-insecure-requests, CSP still strict', async () => {
    const res = await plain.inject({ url: '/healthz', headers: { host: 'pricebook.lan:8080' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("script-src 'self'");
  });

  it('behind HTTPS (COOKIE_SECURE=true): HSTS and upgrade-insecure-requests', async () => {
    const res = await secure.inject({ url: '/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
