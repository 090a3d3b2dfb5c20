import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, sessionCookie, signIn } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildUser, buildZone } from '../../../test/support/factories';

let tdb: TestDatabase;
let app: FastifyInstance;
let alice: Awaited<ReturnType<typeof buildUser>>;
let _bob: Awaited<ReturnType<typeof buildUser>>;
let zoneA: Awaited<ReturnType<typeof buildZone>>;
let zoneB: Awaited<ReturnType<typeof buildZone>>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  zoneA = await buildZone(tdb.db, { zoneNo: 1, name: 'North' });
  zoneB = await buildZone(tdb.db, { zoneNo: 2, name: 'South' });
  alice = await buildUser(tdb.db, { userName: 'alice', password: 'alice-pw', zoneIds: [zoneA.id] });
  _bob = await buildUser(tdb.db, { userName: 'bob', password: 'bob-pw', zoneIds: [zoneB.id] });
  app = await makeApp(tdb.db, { loginMaxFailures: 3, loginLockSeconds: 60 });
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

describe('sign-in', () => {
  it('sets an HttpOnly SameSite session cookie that lasts one day', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: 'alice', password: 'alice-pw' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ RootResults: { userName: 'alice' } });
    const cookie = res.cookies.find((c) => c.name === 'cpb_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.maxAge).toBe(86400);
  });

  it('refuses a wrong password with a clear message and no cookie', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: 'bob', password: 'nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().ErrorMessage).toBe('Invalid user name or password.');
    expect(res.cookies.find((c) => c.name === 'cpb_session')).toBeUndefined();
  });

  it('rejects a body without a password as a validation error', async () => {
    const res = await app.inject({ method: 'POST', url: '/login', payload: { userName: 'alice' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorMessage).toMatch(/password/);
  });

  it('locks a user name and address after repeated failures, even for the right password', async () => {
    await buildUser(tdb.db, { userName: 'carol', password: 'carol-pw' });
    for (let i = 0; i < 3; i++) {
      const bad = await app.inject({
        method: 'POST',
        url: '/login',
        payload: { userName: 'carol', password: 'x' },
      });
      expect(bad.statusCode).toBe(401);
    }
    const locked = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: 'carol', password: 'carol-pw' },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().ErrorMessage).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/,
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives a new session id at each sign-in and revokes the one the browser had', async () => {
    const first = await signIn(app, 'alice', 'alice-pw');
    // Used once, so the guard has checked it (and may keep it a moment).
    expect((await app.inject({ url: '/userZones/alice', headers: { cookie: first } })).statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: 'alice', password: 'alice-pw' },
      headers: { cookie: first },
    });
    const second = sessionCookie(res);
    expect(second).not.toBe(first);
    expect((await app.inject({ url: '/session', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/userZones/alice', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/session', headers: { cookie: second } })).json()).toMatchObject({
      RootResults: { userName: 'alice' },
    });
  });
});

describe('protected calls', () => {
  it('answer 401 without a session', async () => {
    const res = await app.inject({ url: '/userZones/alice' });
    expect(res.statusCode).toBe(401);
    expect(res.json().ErrorMessage).toBe('Please sign in.');
  });

  it("answer 403 for another user's path", async () => {
    const cookie = await signIn(app, 'alice', 'alice-pw');
    const res = await app.inject({ url: '/userZones/bob', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().ErrorMessage).toBe('You may only act as the signed-in user.');
  });

  it('answer 403 for a zone the user may not use, and 200 for one of theirs', async () => {
    const cookie = await signIn(app, 'alice', 'alice-pw');
    const other = await app.inject({ url: `/taxgroups/alice/${zoneB.id}`, headers: { cookie } });
    expect(other.statusCode).toBe(403);
    expect(other.json().ErrorMessage).toBe('You do not have access to this zone.');
    const own = await app.inject({ url: `/taxgroups/alice/${zoneA.id}`, headers: { cookie } });
    expect(own.statusCode).toBe(200);
  });

  it('answer 401 after Log Off with the old cookie', async () => {
    const cookie = await signIn(app, 'bob', 'bob-pw');
    expect((await app.inject({ url: '/userZones/bob', headers: { cookie } })).statusCode).toBe(200);
    const { csrfToken } = (await app.inject({ url: '/session', headers: { cookie } })).json().RootResults;
    const out = await app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'cpb_session')?.value).toBe('');
    expect((await app.inject({ url: '/userZones/bob', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answer 401 once the session has expired', async () => {
    const cookie = await signIn(app, 'bob', 'bob-pw');
    await tdb.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where revoked_at is null`,
    );
    expect((await app.inject({ url: '/userZones/bob', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answer 401 for a disabled user', async () => {
    const cookie = await signIn(app, 'alice', 'alice-pw');
    await tdb.db.execute(sql`update users set disabled = true where id = ${alice.id}`);
    expect((await app.inject({ url: '/userZones/alice', headers: { cookie } })).statusCode).toBe(401);
    await tdb.db.execute(sql`update users set disabled = false where id = ${alice.id}`);
  });
});

describe('preferences of the signed-in user', () => {
  it('answers the flag mask of RULES.md and the form fields', async () => {
    await buildUser(tdb.db, { userName: 'dora', password: 'dora-pw', prefs: [1, 4] });
    const cookie = await signIn(app, 'dora', 'dora-pw');
    const res = await app.inject({ method: 'POST', url: '/preferences/dora', headers: { cookie } });
    // ApplyVendor (ID 1) = 1, MinMaxItemAdjust (ID 4) = 8.
    expect(res.json().RootResults).toMatchObject({
      Mask: 9,
      Flags: {
        applyVendorList: true,
        enMinMaxItemAdjust: true,
        canUpdateUnitCost: false,
        disMaintainItemGroup: false,
      },
      CostCompareVariance: 0,
    });
  });
});
