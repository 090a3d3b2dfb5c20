import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildUser } from '../../../test/support/factories';
import { sessionCache } from './session-cache';
import { createSession, digest } from './sessions';

let tdb: TestDatabase;
let user: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  user = await buildUser(tdb.db, { userName: 'carol', password: 'carol-pw' });
});
afterAll(async () => {
  await tdb.drop();
});

/** A clock the test moves by hand, starting at the real time (the sessions' expiry is real). */
const clock = () => {
  let t = Date.now();
  return { now: () => t, pass: (ms: number) => (t += ms) };
};
const revoke = (token: string) =>
  tdb.db.execute(sql`update sessions set revoked_at = now() where token_hash = ${digest(token)}`);
const carol = () => ({ userId: user.id, userName: 'carol' });

describe('the session cache', () => {
  it('trusts a checked session until its time is up, then asks the database again', async () => {
    const c = clock();
    const cache = sessionCache(tdb.db, { ttlMs: 5_000, now: c.now });
    const token = await createSession(tdb.db, user.id, null);
    expect(await cache.find(token)).toEqual(carol());
    await revoke(token);
    c.pass(4_999);
    expect(await cache.find(token)).toEqual(carol());
    c.pass(2);
    expect(await cache.find(token)).toBeNull();
  });

  it('never trusts a session past its own expiry', async () => {
    const c = clock();
    const cache = sessionCache(tdb.db, { ttlMs: 60_000, now: c.now });
    const token = await createSession(tdb.db, user.id, null);
    await tdb.db.execute(
      sql`update sessions set expires_at = now() + interval '2 seconds' where token_hash = ${digest(token)}`,
    );
    expect(await cache.find(token)).toEqual(carol());
    await revoke(token);
    // Past the session's expiry but well inside the cache's time: the entry is gone.
    c.pass(3_000);
    expect(await cache.find(token)).toBeNull();
  });

  it('forgets a session at once when told (Log Off, a new sign-in)', async () => {
    const cache = sessionCache(tdb.db);
    const token = await createSession(tdb.db, user.id, null);
    expect(await cache.find(token)).toEqual(carol());
    await revoke(token);
    cache.forget(token);
    expect(await cache.find(token)).toBeNull();
  });

  it('keeps at most its limit of sessions, dropping the oldest', async () => {
    const cache = sessionCache(tdb.db, { max: 2 });
    const [a, b, c] = [
      await createSession(tdb.db, user.id, null),
      await createSession(tdb.db, user.id, null),
      await createSession(tdb.db, user.id, null),
    ];
    for (const t of [a, b, c]) expect(await cache.find(t)).toEqual(carol());
    await Promise.all([a, b, c].map(revoke));
    expect(await cache.find(a)).toBeNull();
    expect(await cache.find(c)).toEqual(carol());
  });

  it('answers null without a token or for an unknown one', async () => {
    const cache = sessionCache(tdb.db);
    expect(await cache.find(undefined)).toBeNull();
    expect(await cache.find('no-such-token')).toBeNull();
  });
});
