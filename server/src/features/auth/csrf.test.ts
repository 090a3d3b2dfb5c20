import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildUser, buildZone } from '../../../test/support/factories';

let tdb: TestDatabase;
let app: FastifyInstance;
let zoneId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  zoneId = (await buildZone(tdb.db, { zoneNo: 1, name: 'North' })).id;
  await buildUser(tdb.db, { userName: 'alice', password: 'alice-pw', zoneIds: [zoneId] });
  app = await makeApp(tdb.db, { allowedOrigins: ['https://portal.example.com'] });
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const isSignedIn = async (cookie: string) =>
  (await app.inject({ url: '/userZones/alice', headers: { cookie } })).statusCode === 200;

const tokenOf = async (cookie: string): Promise<string> =>
  (await app.inject({ url: '/session', headers: { cookie } })).json().RootResults.csrfToken;

describe('Log Off', () => {
  it('by GET no longer logs off (405, session still live)', async () => {
    const cookie = await signIn(app, 'alice', 'alice-pw');
    const res = await app.inject({ url: '/logout', headers: { cookie } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it('by POST without the session token is 403 and keeps the session', async () => {
    const cookie = await signIn(app, 'alice', 'alice-pw');
    const res = await app.inject({ method: 'POST', url: '/logout', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().ErrorMessage).toBe(
      'The session token is missing or wrong. Reload the page and try again.',
    );
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it("by POST with another session's token is 403", async () => {
    const mine = await signIn(app, 'alice', 'alice-pw');
    const other = await signIn(app, 'alice', 'alice-pw');
    const res = await app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie: mine, 'x-csrf-token': await tokenOf(other) },
    });
    expect(res.statusCode).toBe(403);
    expect(await isSignedIn(mine)).toBe(true);
  });

  it('by POST with the token from GET /session revokes the session', async () => {
    const cookie = await signIn(app, 'alice', 'alice-pw');
    const res = await app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie, 'x-csrf-token': await tokenOf(cookie), origin: 'http://localhost:80' },
    });
    expect(res.statusCode).toBe(200);
    expect(await isSignedIn(cookie)).toBe(false);
  });
});

describe('Origin of state-changing calls', () => {
  it('refuses a call from a foreign Origin with 403, nothing done', async () => {
    const cookie = await signIn(app, 'alice', 'alice-pw');
    const res = await app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie, 'x-csrf-token': await tokenOf(cookie), origin: 'https://evil.example.net' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().ErrorMessage).toBe(
      'This call came from another site (https://evil.example.net) and was refused.',
    );
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it('refuses sign-in, PUT and DELETE from a foreign Origin, and an opaque Origin "null"', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: 'alice', password: 'alice-pw' },
      headers: { origin: 'https://evil.example.net' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.cookies.find((c) => c.name === 'cpb_session')).toBeUndefined();
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await app.inject({ method, url: '/anything', headers: { origin: 'http://other:8080' } });
      expect(res.statusCode).toBe(403);
    }
    const opaque = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: 'alice', password: 'alice-pw' },
      headers: { origin: 'null' },
    });
    expect(opaque.statusCode).toBe(403);
  });

  it('lets the same host (any port given in Host) and ALLOWED_ORIGINS through', async () => {
    const same = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: 'alice', password: 'alice-pw' },
      headers: { host: 'pricebook.lan:8080', origin: 'http://pricebook.lan:8080' },
    });
    expect(same.statusCode).toBe(200);
    const listed = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: 'alice', password: 'alice-pw' },
      headers: { host: 'pricebook.lan:8080', origin: 'https://portal.example.com' },
    });
    expect(listed.statusCode).toBe(200);
    const otherPort = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: 'alice', password: 'alice-pw' },
      headers: { host: 'pricebook.lan:8080', origin: 'http://pricebook.lan:9999' },
    });
    expect(otherPort.statusCode).toBe(403);
  });

  it('leaves GET calls alone', async () => {
    const cookie = await signIn(app, 'alice', 'alice-pw');
    const res = await app.inject({
      url: '/userZones/alice',
      headers: { cookie, origin: 'https://evil.example.net' },
    });
    expect(res.statusCode).toBe(200);
  });
});
