/**
 * Cross-site request defences.
 * - Origin: every state-changing call (POST, PUT, PATCH, DELETE) that carries an Origin header must
 *   come from the request's own host or from one of ALLOWED_ORIGINS; else 403. Browsers always send
 *   Origin on such calls; tools without one (curl, the CLI, tests) are not browsers to forge from.
 * - Session token: derived from the session cookie (SHA-256 of a label and the cookie's random
 *   token), handed out by GET /session and required as `X-CSRF-Token` by Log Off. Another site can
 *   neither read the cookie nor the answer of GET /session, so it cannot make the token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { msg } from '@cpb/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { SESSION_COOKIE } from './sessions';

export const CSRF_HEADER = 'x-csrf-token';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`cpb-csrf:${sessionToken}`).digest('base64url');
}

/** Throws 403 unless the request carries the token of the session cookie it sends. */
export function assertCsrfToken(req: FastifyRequest): void {
  const session = req.cookies[SESSION_COOKIE];
  const sent = req.headers[CSRF_HEADER];
  if (!session || typeof sent !== 'string') throw new AppError('FORBIDDEN', msg('BAD_CSRF_TOKEN'));
  const want = Buffer.from(csrfTokenOf(session));
  const got = Buffer.from(sent);
  if (want.length !== got.length || !timingSafeEqual(want, got)) {
    throw new AppError('FORBIDDEN', msg('BAD_CSRF_TOKEN'));
  }
}

/** The Origin names the request's Host (default ports compare equal: `localhost` = `localhost:80`). */
function sameHost(origin: URL, host: string): boolean {
  try {
    return new URL(`${origin.protocol}//${host}`).host === origin.host;
  } catch {
    return false;
  }
}

/** True when a state-changing call from this Origin may go on. */
export function originAllowed(origin: string | undefined, host: string, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === 'null') return false;
  if (sameHost(url, host)) return true;
  return allowed.includes(url.origin.toLowerCase());
}

/** The Origin check as an app-wide hook (before any route, signed-in or not). */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.addHook('onRequest', async (req) => {
    if (!STATE_CHANGING.has(req.method)) return;
    const origin = req.headers.origin;
    if (!originAllowed(origin, req.host, allowedOrigins)) {
      req.log.warn({ origin, host: req.host, url: req.url }, 'cross-site call refused');
      throw new AppError('FORBIDDEN', msg('FORBIDDEN_ORIGIN', { origin: String(origin).slice(0, 100) }));
    }
  });
}
