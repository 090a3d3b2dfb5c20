import { defineConfig } from '@playwright/test';
import { AUTH_FILE, BASE_URL, E2E_PORT, SMTP_MESSAGES_URL, SMTP_PORT } from './support/env';

/**
 * Journeys in Chromium from Debian (/usr/bin/chromium; never a downloaded browser) against
 * the real server on a fresh embedded database. The web must be built first
 * (`npm run test:e2e` at the root builds it).
 */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.(spec|setup)\.ts$/,
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // npm test adds a JSON report so its closing line can count the journeys.
  reporter: process.env.PW_JSON_OUTPUT
    ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]]
    : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    viewport: { width: 1366, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    {
      name: 'chromium',
      testMatch: /.*\.spec\.ts$/,
      dependencies: ['setup'],
      use: { storageState: AUTH_FILE },
    },
  ],
  webServer: [
    {
      // Report e-mail goes to a real SMTP server on loopback; journeys read what arrived.
      command: `npx tsx e2e/support/smtp-sink.ts ${SMTP_PORT} ${E2E_PORT + 100}`,
      cwd: '..',
      url: SMTP_MESSAGES_URL,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `rm -rf .data-test/e2e-${E2E_PORT} && DATA_DIR=.data-test/e2e-${E2E_PORT} PORT=${E2E_PORT} npm run start -w server`,
      cwd: '..',
      url: `${BASE_URL}/healthz`,
      // One other application and a support address configured, so both tile modes and the
      // side menu's external-address mode are exercised; the other two applications stay unset.
      env: {
        APP_URL_DIGITAL_DISPATCH: 'https://dispatch.example.invalid/',
        SUPPORT_URL: 'https://support.example.invalid/help',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'Central Price Book <pricebook@e2e.test>',
      },
      reuseExistingServer: false,
      // The demo load at first start takes about 20 s on a quiet machine; a busy one has needed 155 s.
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
