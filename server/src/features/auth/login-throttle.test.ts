import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildUser } from '../../../test/support/factories';

let tdb: TestDatabase;
let app: FastifyInstance;
let proxied: FastifyInstance;
const limits = { loginMaxFailures: 3, loginMaxNameFailures: 6, loginLockSeconds: 60 };

beforeAll(async () => {
  tdb = await createTestDatabase();
  for (const userName of ['erin', 'fred', 'gina', 'hugo', 'ivan']) {
    await buildUser(tdb.db, { userName, password: `${userName}-pw` });
  }
  app = await makeApp(tdb.db, limits);
  proxied = await makeApp(tdb.db, { ...limits, trustProxy: true });
});
afterAll(async () => {
  await app.close();
  await proxied.close();
  await tdb.drop();
});

const login = (
  a: FastifyInstance,
  userName: string,
  password: string,
  from: { remoteAddress?: string; forwardedFor?: string } = {},
) =>
  a.inject({
    method: 'POST',
    url: '/login',
    payload: { userName, password },
    remoteAddress: from.remoteAddress ?? '10.0.0.1',
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });

describe('sign-in throttle without a configured proxy', () => {
  it('ignores X-Forwarded-For: rotating it does not remove the lock', async () => {
    for (let i = 0; i < 3; i++) {
      const bad = await login(app, 'erin', 'x', { forwardedFor: `192.0.2.${i + 1}` });
      expect(bad.statusCode).toBe(401);
    }
    const res = await login(app, 'erin', 'erin-pw', { forwardedFor: '192.0.2.200' });
    expect(res.statusCode).toBe(429);
  });

  it("cannot lock someone else's address by naming it in X-Forwarded-For", async () => {
    for (let i = 0; i < 3; i++) {
      await login(app, 'fred', 'x', { remoteAddress: '10.0.0.2', forwardedFor: '10.0.0.9' });
    }
    const victim = await login(app, 'fred', 'fred-pw', { remoteAddress: '10.0.0.9' });
    expect(victim.statusCode).toBe(200);
  });

  it('locks a user name after failures from many addresses, even for the right password', async () => {
    for (let i = 0; i < 6; i++) {
      const bad = await login(app, 'gina', 'x', { remoteAddress: `10.1.0.${i + 1}` });
      expect(bad.statusCode).toBe(401);
    }
    const res = await login(app, 'GINA', 'gina-pw', { remoteAddress: '10.1.0.99' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts failures for names that do not exist the same way', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await login(app, 'nobody', 'x', { remoteAddress: `10.2.0.${i + 1}` })).statusCode).toBe(401);
    }
    expect((await login(app, 'nobody', 'x', { remoteAddress: '10.2.0.99' })).statusCode).toBe(429);
  });
});

describe('sign-in throttle behind a configured proxy (TRUST_PROXY=true)', () => {
  it('takes the address from X-Forwarded-For', async () => {
    for (let i = 0; i < 3; i++) {
      await login(proxied, 'hugo', 'x', { remoteAddress: '10.3.0.1', forwardedFor: '198.51.100.1' });
    }
    const sameClient = await login(proxied, 'hugo', 'hugo-pw', {
      remoteAddress: '10.3.0.1',
      forwardedFor: '198.51.100.1',
    });
    expect(sameClient.statusCode).toBe(429);
    const otherClient = await login(proxied, 'hugo', 'hugo-pw', {
      remoteAddress: '10.3.0.1',
      forwardedFor: '198.51.100.2',
    });
    expect(otherClient.statusCode).toBe(200);
  });
});

describe('failure timing', () => {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

  it('an unknown user name costs as long as a wrong password (both run the hash)', async () => {
    // A separate app with a high limit: this test only measures.
    const timed = await makeApp(tdb.db, { loginMaxFailures: 1000, loginMaxNameFailures: 1000 });
    try {
      const time = async (userName: string) => {
        const started = performance.now();
        const res = await login(timed, userName, 'wrong-password');
        expect(res.statusCode).toBe(401);
        return performance.now() - started;
      };
      await time('ivan');
      await time('no-such-user');
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i++) {
        known.push(await time('ivan'));
        unknown.push(await time(`no-such-user-${i}`));
      }
      // An argon2id verify takes tens of ms; skipping it answers in about a millisecond.
      expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
    } finally {
      await timed.close();
    }
  });
});
