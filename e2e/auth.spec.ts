import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { ShellPage } from './pages/ShellPage';
import { DEMO, SIGNED_OUT, screenshotPath } from './support/env';

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });

  test('a screen asks for sign-in, then the user comes back to it', async ({ page }) => {
    const shell = new ShellPage(page);
    await page.goto('/adjust/itemAdjust');
    await expect(page).toHaveURL('/login?next=main.itemAdjust');
    const login = new LoginPage(page);
    await page.screenshot({ path: screenshotPath('login') });
    await login.signInAs(DEMO.userName, DEMO.password);
    await expect(page).toHaveURL('/adjust/itemAdjust');
    await shell.expectTitle('Item Adjustment');
    await expect(shell.greeting).toHaveText('Hello, demo');
    await expect(shell.logOff).toBeVisible();
    await expect(shell.logIn).toHaveCount(0);
  });

  test('sign-in without a state goes to Site Import', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAs(DEMO.userName, DEMO.password);
    await expect(page).toHaveURL('/setup/sitesImport');
    await new ShellPage(page).expectTitle('Site Import');
  });

  test('a wrong password shows the server message and stays on sign-in', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('main.preferences');
    const answer = page.waitForResponse((r) => r.url().endsWith('/login') && r.request().method() === 'POST');
    await login.signInAs(DEMO.userName, 'not-the-password');
    const res = await answer;
    expect(res.status()).toBe(401);
    const { ErrorMessage } = await res.json();
    expect(ErrorMessage).toBeTruthy();
    await expect(login.error).toContainText(ErrorMessage);
    await expect(page).toHaveURL('/login?next=main.preferences');
  });

  test('repeated failures are rate-limited and the page says so', async ({ page }) => {
    // Its own user name: the lock is per user name and address, so demo stays usable.
    const login = new LoginPage(page);
    await login.goto();
    let status = 0;
    let message = '';
    for (let attempt = 0; attempt < 10 && status !== 429; attempt++) {
      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/login') && r.request().method() === 'POST',
      );
      await login.signInAs('e2e-locked-out', `wrong-${attempt}`);
      const res = await answer;
      status = res.status();
      message = (await res.json()).ErrorMessage;
    }
    expect(status).toBe(429);
    await expect(login.error).toContainText(message);
    await expect(login.error).toContainText('Too many');
  });

  test('the Log In link remembers the page the user was on', async ({ page }) => {
    const shell = new ShellPage(page);
    await page.goto('/help');
    await expect(shell.logOff).toHaveCount(0);
    await shell.logIn.click();
    await expect(page).toHaveURL('/login?next=main.helpcontents');
  });
});

test.describe('signed in', () => {
  test('an unknown state after sign-in shows the not-found toast and goes to the default', async ({
    page,
  }) => {
    await page.goto('/login?next=main.bogus');
    await expect(
      page.getByRole('alert').filter({ hasText: 'The page main.bogus was not found.' }),
    ).toBeVisible();
    await expect(page).toHaveURL('/setup/sitesImport');
    await new ShellPage(page).expectTitle('Site Import');
  });

  test('a known state after sign-in opens that screen', async ({ page }) => {
    await page.goto('/login?next=main.vendorImport');
    await expect(page).toHaveURL('/setup/vendorImport');
    await new ShellPage(page).expectTitle('Vendor Import');
  });
});
