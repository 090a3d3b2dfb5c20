import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { ShellPage } from './pages/ShellPage';
import { BASE_URL, DEMO, SIGNED_OUT } from './support/env';

// Its own session: logging off revokes it, so the shared demo session must not be used here.
test.use({ storageState: SIGNED_OUT });

/** Log Off as the page does it: POST /logout with the token GET /session hands out. */
async function logOffBehindThePage(api: APIRequestContext): Promise<void> {
  const { csrfToken } = (await (await api.get('/session')).json()).RootResults;
  expect((await api.post('/logout', { headers: { 'X-CSRF-Token': csrfToken } })).status()).toBe(200);
}

test.beforeEach(async ({ page }) => {
  const res = await page.request.post('/login', { data: DEMO });
  expect(res.status()).toBe(200);
});

test('Log Off clears the page state, revokes the session and shows sign-in', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await page.goto('/adjust/addItem');
  await shell.expectTitle('Add Item');
  await shell.zonePicker.click();
  await shell.zoneOptions().first().click();
  await expect(shell.zonePicker).not.toHaveValue('');
  await page.evaluate(() => localStorage.setItem('probe', '1'));
  await context.addCookies([{ name: 'probe', value: '1', url: BASE_URL }]);
  expect(await page.evaluate(() => document.cookie)).toContain('probe=1');
  const session = (await context.cookies()).find((c) => c.name === 'cpb_session');
  expect(session?.httpOnly).toBe(true);

  await shell.logOff.click();

  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([
    0,
    0,
    '',
  ]);
  expect((await context.cookies()).map((c) => c.name)).not.toContain('cpb_session');

  // The old session cookie no longer works.
  const old = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { Cookie: `cpb_session=${session?.value}` },
  });
  expect((await old.get('/session')).status()).toBe(401);
  expect((await old.get(`/userZones/${DEMO.userName}`)).status()).toBe(401);
  await old.dispose();

  // And the screens ask for sign-in again.
  await page.goto('/adjust/addItem');
  await expect(page).toHaveURL('/login?next=main.addItem');
});

test('a session ended elsewhere sends the next route change to sign-in', async ({ page }) => {
  const shell = new ShellPage(page);
  await page.goto('/setup/preferences');
  await shell.expectTitle('Preferences');
  // Revoke the session behind the page's back (same cookie jar), then change the route.
  await logOffBehindThePage(page.request);
  await shell.navigate('Adjust', 'Negotiated Cost Manager');
  await expect(page).toHaveURL('/login?next=main.negCostMgr');
});

test('a 401 from any call sends the page to sign-in with the current state', async ({ page }) => {
  const shell = new ShellPage(page);
  await page.goto('/setup/preferences');
  await shell.expectTitle('Preferences');
  await logOffBehindThePage(page.request);
  // Coming back to the window asks the server for its build: that call now answers 401.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page).toHaveURL('/login?next=main.preferences');
});

test('a link to GET /logout (from this or another site) does not log off', async ({ page }) => {
  const shell = new ShellPage(page);
  expect((await page.request.get('/logout')).status()).toBe(405);
  const foreign = await page.request.post('/logout', { headers: { Origin: 'https://evil.example.net' } });
  expect(foreign.status()).toBe(403);
  await page.goto('/setup/preferences');
  await shell.expectTitle('Preferences');
});
