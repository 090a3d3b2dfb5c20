import { type Browser, chromium, expect, test } from '@playwright/test';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { ShellPage } from './pages/ShellPage';
import { DEMO, E2E_PORT } from './support/env';

// A user on the LAN opens the server by its name over plain HTTP (not localhost, which browsers
// treat as secure). The host name resolves to this machine inside this browser only.
const LAN_HOST = 'cpb-lan.test';
const LAN_URL = `http://${LAN_HOST}:${E2E_PORT}`;

let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`],
  });
});
test.afterAll(async () => {
  await browser.close();
});

test('over plain HTTP on a LAN host name the page works: sign in, then the home page', async () => {
  const context = await browser.newContext({ baseURL: LAN_URL, viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  const blocked: string[] = [];
  // A call the page itself cancels when it navigates (net::ERR_ABORTED) is not blocked; a call
  // refused by a policy or upgraded to HTTPS fails with another reason and is kept.
  page.on('requestfailed', (r) => {
    const reason = r.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') blocked.push(`${r.url()} ${reason}`);
  });

  const res = await page.goto('/login');
  // Over HTTP neither HSTS nor a CSP that upgrades requests to HTTPS may go out.
  const headers = res?.headers() ?? {};
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');

  const login = new LoginPage(page);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await login.signInAs(DEMO.userName, DEMO.password);
  await expect(new ShellPage(page).greeting).toHaveText('Hello, demo');

  const home = new HomePage(page);
  await home.goto();
  await expect(home.heading).toBeVisible();
  await expect(home.tile('Central Price Book')).toBeVisible();
  expect(page.url().startsWith(`${LAN_URL}/`)).toBe(true);
  expect(blocked).toEqual([]);
  await context.close();
});
