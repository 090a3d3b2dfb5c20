/** Builds the real Fastify app over a test database; requests go through app.inject. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { type AppConfig, loadConfig } from '../../src/config';
import type { Db } from '../../src/db/client';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...loadConfig({ DATA_DIR: '/tmp/cpb-test-unused', WEB_DIST: '/tmp/cpb-no-web' }), ...overrides };
}

export async function makeApp(db: Db, overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ db, config: testConfig(overrides) });
  await app.ready();
  return app;
}

/** The session cookie from a response, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((k) => k.name === 'cpb_session');
  if (!c) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  return `cpb_session=${c.value}`;
}

export async function signIn(app: FastifyInstance, userName: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/login', payload: { userName, password } });
  return sessionCookie(res);
}
