/**
 * Answers of the public shell calls the page starts with: GET /appConfig and GET /session. The
 * server declares them as response schemas; the page reads the same types.
 */
import { z } from 'zod';

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
