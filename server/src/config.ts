/**
 * Every setting comes from the environment; README's Configuration table lists them with defaults.
 * Relative paths resolve against the folder npm was started from (INIT_CWD), so `npm start` at
 * the repository root keeps its data in ./data.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const baseDir = process.env.INIT_CWD ?? process.cwd();
const resolve = (p: string) => (path.isAbsolute(p) ? p : path.resolve(baseDir, p));

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  loginUrl: string;
  cookieSecure: boolean;
  logLevel: string;
  webDist: string;
  sitesDir: string;
  /** Load the demo price book when the embedded database is empty. */
  demoOnEmpty: boolean;
  applications: { compDailyBook: string | null; digdispatch: string | null; physinventory: string | null };
  supportUrl: string | null;
  loginMaxFailures: number;
  loginLockSeconds: number;
  /** IANA time zone of the business: "today", event days and the dates and times shown. */
  businessTimeZone: string;
}

/** The time zone name, checked: an unknown name stops the start with a clear message. */
export function readTimeZone(name: string | undefined): string {
  const tz = name?.trim() || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    throw new Error(
      `BUSINESS_TIME_ZONE: unknown time zone '${tz}' (use an IANA name such as America/Chicago).`,
    );
  }
  return tz;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    loginUrl: env.LOGIN_URL ?? '/login',
    cookieSecure: env.COOKIE_SECURE === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: resolve(env.WEB_DIST ?? path.join(repoRoot, 'web/dist')),
    sitesDir: resolve(env.SITES_DIR ?? path.join(dataDir, 'sites')),
    demoOnEmpty: env.DEMO_ON_EMPTY ? env.DEMO_ON_EMPTY === 'true' : databaseUrl === null,
    applications: {
      compDailyBook: env.APP_URL_COMP_DAILY_BOOK || null,
      digdispatch: env.APP_URL_DIGITAL_DISPATCH || null,
      physinventory: env.APP_URL_PHYSICAL_INVENTORY || null,
    },
    supportUrl: env.SUPPORT_URL || null,
    loginMaxFailures: Number(env.LOGIN_MAX_FAILURES ?? 5),
    loginLockSeconds: Number(env.LOGIN_LOCK_SECONDS ?? 300),
    businessTimeZone: readTimeZone(env.BUSINESS_TIME_ZONE),
  };
}
