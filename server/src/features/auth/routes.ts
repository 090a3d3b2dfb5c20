import { authCalls, msg } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError, root } from '../../lib/errors';
import { route } from '../../lib/route';
import { checkCredentials, prepareCredentials } from './credentials';
import { assertCsrfToken, csrfTokenOf } from './csrf';
import { loginThrottle } from './login-throttle';
import { sessionsOf } from './session-cache';
import { createSession, findSession, revokeSession, SESSION_COOKIE, SESSION_SECONDS } from './sessions';

/** Public sign-in calls: POST /login, POST /logout (GET answers 405), GET /session. */
export async function authRoutes(app: FastifyInstance, opts: { services: { db: Db; config: AppConfig } }) {
  const { db, config } = opts.services;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure,
  };
  const throttle = loginThrottle(db, {
    maxFailures: config.loginMaxFailures,
    maxNameFailures: config.loginMaxNameFailures,
    lockSeconds: config.loginLockSeconds,
  });
  await prepareCredentials();

  route(app, authCalls.login, async (req, reply) => {
    const { userName, password } = req.body;
    const wait = await throttle.lockedFor(userName, req.ip);
    if (wait > 0) {
      throw new AppError('RATE_LIMITED', msg('LOGIN_RATE_LIMITED', { seconds: wait }), {
        'retry-after': String(wait),
      });
    }
    const user = await checkCredentials(db, userName, password);
    if (!user) {
      await throttle.failed(userName, req.ip);
      req.log.warn({ userName, ip: req.ip }, 'sign-in failed');
      throw new AppError('NOT_SIGNED_IN', msg('BAD_LOGIN'));
    }
    await throttle.succeeded(userName, req.ip);
    // A new session id at every sign-in; the old one (if any) stops working.
    await revokeSession(db, req.cookies[SESSION_COOKIE]);
    sessionsOf(db).forget(req.cookies[SESSION_COOKIE]);
    const token = await createSession(db, user.id, req.headers['user-agent'] ?? null);
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_SECONDS });
    req.log.info({ userName: user.userName }, 'signed in');
    return root({ userName: user.userName });
  });

  // Log Off changes state, so it is a POST with the session's token; GET no longer logs off.
  route(app, authCalls.logout, async (req, reply) => {
    if (req.cookies[SESSION_COOKIE]) assertCsrfToken(req);
    await revokeSession(db, req.cookies[SESSION_COOKIE]);
    sessionsOf(db).forget(req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return root(true);
  });

  route(app, authCalls.logoutByGet, async (_req, reply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({ ErrorMessage: msg('LOGOFF_NEEDS_POST') }),
  );

  route(app, authCalls.session, async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    const user = await findSession(db, token);
    if (!user || !token) throw new AppError('NOT_SIGNED_IN', msg('NOT_SIGNED_IN'));
    return root({ userName: user.userName, csrfToken: csrfTokenOf(token) });
  });
}
