/**
 * Every setting comes from the environment; README's Configuration table lists them with defaults.
 * Relative paths resolve against the folder npm was started from (INIT_CWD), so `npm start` at
 * the repository root keeps its data in ./data.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OU_ITEM_CAP } from '@cpb/domain';
import { MODIFIER_STYLES, type ModifierStyle } from './exchange/naxml/naxml';

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
  /** Play the database's stores with the store simulator inside the app (STORE_SIM; default on with the embedded demo). */
  storeSim: boolean;
  /** Seconds between the in-app simulator's passes (STORE_SIM_INTERVAL). */
  storeSimIntervalSeconds: number;
  applications: { compDailyBook: string | null; digdispatch: string | null; physinventory: string | null };
  supportUrl: string | null;
  loginMaxFailures: number;
  /** Failed sign-ins for one user name from any address before the name itself is locked. */
  loginMaxNameFailures: number;
  loginLockSeconds: number;
  /** Fastify's trustProxy: false (the default), true, a hop count, or addresses/CIDRs. */
  trustProxy: boolean | number | string;
  /** Origins besides the request's own host that may send state-changing calls. */
  allowedOrigins: string[];
  /** Serve /metrics and /docs without a session. */
  publicMetrics: boolean;
  /** IANA time zone of the business: "today", event days and the dates and times shown. */
  businessTimeZone: string;
  /** WORKERS=off: an HTTP-only instance; background work runs elsewhere (`npm run pricebook -- worker`). */
  workers: boolean;
  /** Sites a transfer works on at once (TRANSFER_PARALLEL); null: 1 on PGlite, 2 on PostgreSQL. */
  transferParallel: number | null;
  /**
   * Queue jobs sent per transfer (TRANSFER_JOBS), so that several worker processes share one run's
   * sites; null: 1 on PGlite, 8 on PostgreSQL. Never more than the run's sites.
   */
  transferJobs: number | null;
  /** SMTP server for report e-mail (SMTP_URL, e.g. smtp://user:pass@host:587); null: e-mail off. */
  smtpUrl: string | null;
  /** Sender address of report e-mail (MAIL_FROM). */
  mailFrom: string;
  /** Recipients (To and Cc together) one report e-mail may have (MAIL_MAX_RECIPIENTS). */
  mailMaxRecipients: number;
  /** Report e-mails one user may send per hour, per server process (MAIL_PER_USER_PER_HOUR). */
  mailPerUserPerHour: number;
  /** Worker threads laying report PDFs out at once (PDF_WORKERS; reports/pdf-pool.ts). */
  pdfWorkers: number;
  /** Report PDFs one user may have running or waiting (PDF_QUEUE_PER_USER); more is 429. */
  pdfQueuePerUser: number;
  /** Outside Updates shows at most this many roots (OU_ITEM_CAP; the spec's 10000). */
  ouItemCap: number;
  /** A store file larger than this is refused unread (STORE_FILE_MAX_MB, in MiB). */
  storeFileMaxBytes: number;
  /** How distributed files write POSCodeModifier (POS_CODE_MODIFIER; naxml.ts `ModifierStyle`). */
  posCodeModifier: ModifierStyle;
}

/** POS_CODE_MODIFIER: `base0` (default), `base000` or `pack`; anything else stops the start. */
export function readModifierStyle(value: string | undefined): ModifierStyle {
  const v = value?.trim() || 'base0';
  if (!(MODIFIER_STYLES as readonly string[]).includes(v))
    throw new Error(`POS_CODE_MODIFIER: '${v}' is not one of ${MODIFIER_STYLES.join(', ')}.`);
  return v as ModifierStyle;
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

/** TRUST_PROXY: unset or `false` = trust no proxy; `true`; a hop count; else addresses as Fastify takes them. */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const v = value?.trim();
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

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
    storeSim: env.STORE_SIM ? env.STORE_SIM !== 'off' : databaseUrl === null,
    storeSimIntervalSeconds: Math.max(1, Number(env.STORE_SIM_INTERVAL ?? 5) || 5),
    applications: {
      compDailyBook: env.APP_URL_COMP_DAILY_BOOK || null,
      digdispatch: env.APP_URL_DIGITAL_DISPATCH || null,
      physinventory: env.APP_URL_PHYSICAL_INVENTORY || null,
    },
    supportUrl: env.SUPPORT_URL || null,
    loginMaxFailures: Number(env.LOGIN_MAX_FAILURES ?? 5),
    loginMaxNameFailures: Number(env.LOGIN_MAX_NAME_FAILURES ?? 20),
    loginLockSeconds: Number(env.LOGIN_LOCK_SECONDS ?? 300),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    allowedOrigins: list(env.ALLOWED_ORIGINS).map((o) => o.replace(/\/+$/, '').toLowerCase()),
    publicMetrics: env.PUBLIC_METRICS === 'true',
    businessTimeZone: readTimeZone(env.BUSINESS_TIME_ZONE),
    workers: env.WORKERS?.trim().toLowerCase() !== 'off',
    transferParallel: env.TRANSFER_PARALLEL ? Math.max(1, Number(env.TRANSFER_PARALLEL) || 1) : null,
    transferJobs: env.TRANSFER_JOBS ? Math.min(64, Math.max(1, Number(env.TRANSFER_JOBS) || 1)) : null,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || 'Central Price Book <pricebook@localhost>',
    mailMaxRecipients: Math.max(1, Number(env.MAIL_MAX_RECIPIENTS) || 10),
    mailPerUserPerHour: Math.max(1, Number(env.MAIL_PER_USER_PER_HOUR) || 20),
    pdfWorkers: Math.min(8, Math.max(1, Number(env.PDF_WORKERS) || 2)),
    pdfQueuePerUser: Math.max(1, Number(env.PDF_QUEUE_PER_USER) || 4),
    ouItemCap: Math.max(1, Number(env.OU_ITEM_CAP ?? OU_ITEM_CAP) || OU_ITEM_CAP),
    storeFileMaxBytes: Math.round(Math.max(0.001, Number(env.STORE_FILE_MAX_MB ?? 64) || 64) * 1048576),
    posCodeModifier: readModifierStyle(env.POS_CODE_MODIFIER),
  };
}
