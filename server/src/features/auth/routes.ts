import { LoginBody, msg } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, root } from '../../lib/errors';
import { clearFailures, lockedFor, recordFailure, throttleKey } from './login-throttle';
import { verifyPassword } from './passwords';
import { createSession, findSession, revokeSession, SESSION_COOKIE, SESSION_SECONDS } from './sessions';

/** Public sign-in calls: POST /login, GET /logout, GET /session. */
export async function authRoutes(app: FastifyInstance, opts: { db: Db; config: AppConfig }) {
  const { db, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure,
  };

  r.post('/login', { schema: { body: LoginBody, tags: ['auth'] } }, async (req, reply) => {
    const { userName, password } = req.body;
    const key = throttleKey(userName, req.ip);
    const wait = await lockedFor(db, key);
    if (wait > 0) {
      throw new AppError('RATE_LIMITED', msg('LOGIN_RATE_LIMITED', { seconds: wait }), {
        'retry-after': String(wait),
      });
    }
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.userName}) = lower(${userName}) and not ${users.disabled}`);
    if (!user || !(await verifyPassword(user.passwordHash, password))) {
      await recordFailure(db, key, {
        maxFailures: config.loginMaxFailures,
        lockSeconds: config.loginLockSeconds,
      });
      req.log.warn({ userName, ip: req.ip }, 'sign-in failed');
      throw new AppError('NOT_SIGNED_IN', msg('BAD_LOGIN'));
    }
    await clearFailures(db, key);
    // A new session id at every sign-in; the old one (if any) stops working.
    await revokeSession(db, req.cookies[SESSION_COOKIE]);
    const token = await createSession(db, user.id, req.headers['user-agent'] ?? null);
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_SECONDS });
    req.log.info({ userName: user.userName }, 'signed in');
    return root({ userName: user.userName });
  });

  r.get('/logout', { schema: { tags: ['auth'] } }, async (req, reply) => {
    await revokeSession(db, req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return root(true);
  });

  r.get('/session', { schema: { tags: ['auth'] } }, async (req) => {
    const user = await findSession(db, req.cookies[SESSION_COOKIE]);
    if (!user) throw new AppError('NOT_SIGNED_IN', msg('NOT_SIGNED_IN'));
    return root({ userName: user.userName });
  });
}
