import { fileURLToPath } from 'node:url';

/** Where the journeys reach the server started by playwright.config.ts. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The loopback SMTP server the app sends report e-mail to, and where a journey reads what arrived. */
export const SMTP_PORT = E2E_PORT + 200;
export const SMTP_MESSAGES_URL = `http://127.0.0.1:${E2E_PORT + 100}/messages`;

/** The demo user that the server loads on first start. */
export const DEMO = { userName: 'demo', password: 'demo' } as const;

/** Storage state of the shared demo session, written by auth.setup.ts (git-ignored). */
export const AUTH_FILE = fileURLToPath(new URL('../.auth/demo.json', import.meta.url));

/** Screenshots of every screen (git-ignored). */
export const screenshotPath = (name: string): string =>
  fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url));

/** The built web's build id file; the server reads it on every /getAppVersion call. */
export const BUILD_FILE = fileURLToPath(new URL('../../web/dist/build.json', import.meta.url));
export const WEB_PACKAGE = fileURLToPath(new URL('../../web/package.json', import.meta.url));

/** A browser context with nobody signed in. */
export const SIGNED_OUT = { cookies: [], origins: [] };
