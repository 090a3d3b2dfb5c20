/**
 * /metrics and /docs (Swagger UI and the OpenAPI document) tell an outsider a lot about the
 * server; they need a session unless PUBLIC_METRICS=true (e.g. for a Prometheus scraper).
 */
import { msg } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { findSession, SESSION_COOKIE } from './sessions';

export const isToolPath = (url: string): boolean => {
  const p = url.split('?')[0];
  return p === '/metrics' || p === '/docs' || p.startsWith('/docs/');
};

export function registerToolsGuard(app: FastifyInstance, ex: Executor, publicTools: boolean): void {
  if (publicTools) return;
  app.addHook('onRequest', async (req, reply) => {
    if (!isToolPath(req.url)) return;
    if (!(await findSession(ex, req.cookies[SESSION_COOKIE]))) {
      // Answered here: Swagger UI's routes keep Fastify's own error shape.
      return reply.code(401).send({ ErrorMessage: msg('NOT_SIGNED_IN') });
    }
  });
}
