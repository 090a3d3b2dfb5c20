/**
 * Sessions live in the database so any instance can check them and Log Off can revoke them.
 * The cookie carries a random token; only its SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';

export const SESSION_COOKIE = 'cpb_session';
export const SESSION_SECONDS = 24 * 60 * 60;

export interface SessionUser {
  userId: number;
  userName: string;
}

export const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(ex: Executor, userId: number, userAgent: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ex.insert(sessions).values({
    tokenHash: digest(token),
    userId,
    userAgent: userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000),
  });
  return token;
}

/** The session's user straight from the database (null: not signed in): GET /session. The guards use sessionsOf(). */
export async function findSession(ex: Executor, token: string | undefined): Promise<SessionUser | null> {
  return token ? ((await sessionOfDigest(ex, digest(token)))?.user ?? null) : null;
}

/** A live session by its token's digest: its user and when it expires. */
export async function sessionOfDigest(
  ex: Executor,
  tokenHash: string,
): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const [found] = await ex
    .select({ userId: users.id, userName: users.userName, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.disabled, false),
      ),
    )
    .limit(1);
  return found
    ? { user: { userId: found.userId, userName: found.userName }, expiresAt: found.expiresAt }
    : null;
}

export async function revokeSession(ex: Executor, token: string | undefined): Promise<void> {
  if (!token) return;
  await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, digest(token)), isNull(sessions.revokedAt)));
}
