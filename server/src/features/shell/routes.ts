import fs from 'node:fs/promises';
import path from 'node:path';
import { shellCalls as c } from '@cpb/domain';
import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { announcements } from '../../db/schema';
import { AppError, root } from '../../lib/errors';
import { route } from '../../lib/route';
import { i18nDir } from './translation';
import { backendVersion, currentBuild } from './version';

export const ABOUT = {
  provider: 'Central Price Book Systems',
  contact: [
    'Central Price Book Support',
    '1200 Commerce Way, Suite 300',
    'Sacramento, CA 95814',
    'support@centralpricebook.example',
    '(916) 555-0142',
  ],
  copyright: '2001-2024',
};

/** Public shell calls: configuration for the page, the announcement, health and the static i18n folder. */
export async function shellPublicRoutes(
  app: FastifyInstance,
  opts: { services: { db: Db; config: AppConfig; mail: { enabled: boolean } } },
) {
  const { db, config, mail } = opts.services;

  route(app, c.appConfig, async () => ({
    version: backendVersion,
    build: currentBuild(config.webDist),
    loginUrl: config.loginUrl,
    // The page's "today" (effective dates, expirations) is the server's: one business time zone.
    businessTimeZone: config.businessTimeZone,
    applications: config.applications,
    about: ABOUT,
    sideMenu: [
      { label: 'Item Adjustment', state: 'main.itemAdjust' },
      { label: 'Add Item', state: 'main.addItem' },
      { label: 'Site Import', state: 'main.sitesImport' },
      { label: 'Distribute To Sites', state: 'main.disttosite' },
      ...(config.supportUrl ? [{ label: 'Support', href: config.supportUrl }] : []),
      { label: 'About', about: true as const },
    ],
    emailEnabled: mail.enabled,
  }));

  route(app, c.announcement, async () => {
    const [row] = await db
      .select({ text: announcements.text })
      .from(announcements)
      .where(
        and(
          eq(announcements.active, true),
          or(isNull(announcements.startsAt), lte(announcements.startsAt, sql`now()`)),
          or(isNull(announcements.endsAt), gte(announcements.endsAt, sql`now()`)),
        ),
      )
      .orderBy(desc(announcements.createdAt))
      .limit(1);
    return { text: row?.text ?? null };
  });

  route(app, c.healthz, async (_req, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, db: 'ok' as const, version: backendVersion };
    } catch (err) {
      return reply.code(503).send({ status: 'error', db: String(err) });
    }
  });

  route(app, c.i18nFile, async (req, reply) => {
    if (!/^[a-z]{2}_[A-Z]{2}\.json$/.test(req.params.file)) throw new AppError('NOT_FOUND', 'Not found.');
    try {
      const body = await fs.readFile(path.join(i18nDir, req.params.file), 'utf8');
      return reply.type('application/json').send(body);
    } catch {
      throw new AppError('NOT_FOUND', 'Not found.');
    }
  });
}

/** Signed-in shell calls. */
export async function shellRoutes(app: FastifyInstance, opts: { services: { config: AppConfig } }) {
  const { config } = opts.services;
  route(app, c.appVersion, async () =>
    root({ version: backendVersion, build: currentBuild(config.webDist) }),
  );
}
