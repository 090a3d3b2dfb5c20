/**
 * /metrics and /docs (Swagger UI and the OpenAPI document) tell an outsider a lot about the
 * server; they need a session unless PUBLIC_METRICS=true (e.g. for a Prometheus scraper).
 */
import { msg } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { sessionsOf } from './session-cache';
import { SESSION_COOKIE } from './sessions';

/**
 * The path as the router reads it: percent-decoded (repeatedly, so `%256d` is no way round either),
 * repeated slashes and dot segments resolved, without the query, lower-case. `/%6detrics`,
 * `//metrics` and `/x/../docs/json` are the tool paths they lead to.
 */
export function normalisedPath(url: string): string {
  let p = url.split(/[?#]/)[0];
  for (let i = 0; i < 5 && p.includes('%'); i++) {
    try {
      const next = decodeURIComponent(p);
      if (next === p) break;
      p = next;
    } catch {
      break;
    }
  }
  const parts: string[] = [];
  for (const seg of p.replaceAll('\\', '/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return `/${parts.join('/')}`.toLowerCase();
}

const TOOL = (p: string) => p === '/metrics' || p === '/docs' || p.startsWith('/docs/');

/** A request for /metrics or /docs, however its path is written (or whichever route it matched). */
export const isToolPath = (url: string, routeUrl?: string): boolean =>
  TOOL(normalisedPath(url)) || (routeUrl !== undefined && TOOL(normalisedPath(routeUrl)));

export function registerToolsGuard(app: FastifyInstance, ex: Executor, publicTools: boolean): void {
  if (publicTools) return;
  app.addHook('onRequest', async (req, reply) => {
    if (!isToolPath(req.url, req.routeOptions.url)) return;
    if (!(await sessionsOf(ex).find(req.cookies[SESSION_COOKIE]))) {
      // Answered here: Swagger UI's routes keep Fastify's own error shape.
      return reply.code(401).send({ ErrorMessage: msg('NOT_SIGNED_IN') });
    }
  });
}
