/**
 * The checks every protected call passes: a live session (401), `{user}` in the path is the
 * signed-in user (403), and a `{zone}` in the path is a zone ID (400) and one of that user's zones (403).
 */
import { msg, ZoneId } from '@cpb/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { userZones } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sessionsOf } from './session-cache';
import { SESSION_COOKIE, type SessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionUser | null;
  }
}

export async function canUseZone(ex: Executor, userId: number, zoneId: number): Promise<boolean> {
  if (!Number.isInteger(zoneId)) return false;
  const found = await ex
    .select({ zoneId: userZones.zoneId })
    .from(userZones)
    .where(and(eq(userZones.userId, userId), eq(userZones.zoneId, zoneId)))
    .limit(1);
  return found.length > 0;
}

/** Throws 403 unless the signed-in user may use the zone. Call it for zones that arrive in a body too. */
export async function assertZone(ex: Executor, req: FastifyRequest, zoneId: number): Promise<void> {
  const user = requireUser(req);
  if (!(await canUseZone(ex, user.userId, zoneId))) throw new AppError('FORBIDDEN', msg('FORBIDDEN_ZONE'));
}

export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.auth) throw new AppError('NOT_SIGNED_IN', msg('NOT_SIGNED_IN'));
  return req.auth;
}

export function makeGuard(ex: Executor) {
  return async function guard(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    req.auth = await sessionsOf(ex).find(req.cookies[SESSION_COOKIE]);
    const user = requireUser(req);
    const params = (req.params ?? {}) as Record<string, string | undefined>;
    if (params.user !== undefined && params.user.toLowerCase() !== user.userName.toLowerCase()) {
      throw new AppError('FORBIDDEN', msg('FORBIDDEN_USER'));
    }
    if (params.zone !== undefined) {
      // The same rule as the routes' `{zone}` schema: a zone that is not a zone ID is a 400.
      const zone = ZoneId.safeParse(params.zone);
      if (!zone.success) throw new AppError('VALIDATION', `zone: ${zone.error.issues[0].message}`);
      await assertZone(ex, req, zone.data);
    }
  };
}
