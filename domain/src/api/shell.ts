/**
 * Answers of the public shell calls the page starts with: GET /appConfig and GET /session. The
 * server declares them as response schemas; the page reads the same types.
 */
import { z } from 'zod';
import { contract } from './contract';
import { safeText } from './fields';
import { UserParams } from './params';
import { rootOf } from './responses';

/** One entry of the configurable side menu: a state, an external address, or the About dialog. */
export const SideMenuEntry = z.strictObject({
  label: z.string(),
  state: z.string().optional(),
  href: z.string().optional(),
  about: z.literal(true).optional(),
});
export type SideMenuEntry = z.infer<typeof SideMenuEntry>;

/** GET /appConfig: public configuration. */
export const AppConfig = z.strictObject({
  version: z.string(),
  build: z.string().nullable(),
  loginUrl: z.string(),
  /** BUSINESS_TIME_ZONE: what day it is for effective dates, the same on the page and the server. */
  businessTimeZone: z.string(),
  applications: z.strictObject({
    compDailyBook: z.string().nullable(),
    digdispatch: z.string().nullable(),
    physinventory: z.string().nullable(),
  }),
  about: z.strictObject({ provider: z.string(), contact: z.array(z.string()), copyright: z.string() }),
  sideMenu: z.array(SideMenuEntry),
  /** SMTP is configured (SMTP_URL): the page shows its e-mail buttons. */
  emailEnabled: z.boolean(),
});
export type AppConfig = z.infer<typeof AppConfig>;

/** GET /session: the signed-in user and the token Log Off sends (POST /login answers without it). */
export const Session = z.strictObject({
  userName: z.string(),
  csrfToken: z.string().optional(),
});
export type Session = z.infer<typeof Session>;

export const I18nFileParams = z.object({ file: safeText(50) });

/** A translation file (i18n/en_US.json): its language, and its messages and labels by key. */
export const Translation = z.strictObject({
  language: z.string(),
  messages: z.record(z.string(), z.string()),
  /** Labels by key: a label, or groups and lists of them (`screens.home`, `helpTopics`). */
  labels: z.record(z.string(), z.json()),
});
export type Translation = z.infer<typeof Translation>;

const Shell = ['shell'];

export const shellCalls = {
  appConfig: contract({ method: 'GET', path: '/appConfig', response: AppConfig, tags: Shell }),
  announcement: contract({
    method: 'GET',
    path: '/announcement',
    response: z.strictObject({ text: z.string().nullable() }),
    tags: Shell,
  }),
  /** 200 when the database answers; 503 `{ status: 'error', db }` when it does not. */
  healthz: contract({
    method: 'GET',
    path: '/healthz',
    response: z.strictObject({ status: z.literal('ok'), db: z.literal('ok'), version: z.string() }),
    tags: Shell,
  }),
  /** The static translation file (the server sends the file as it is). */
  i18nFile: contract({
    method: 'GET',
    path: '/i18n/:file',
    params: I18nFileParams,
    response: Translation,
    tags: Shell,
  }),
  appVersion: contract({
    method: 'GET',
    path: '/getAppVersion/:user',
    params: UserParams,
    response: rootOf(z.strictObject({ version: z.string(), build: z.string().nullable() })),
    tags: Shell,
  }),
};
