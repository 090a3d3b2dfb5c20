import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { AboutDialog } from './pages/AboutDialog';
import { ShellPage } from './pages/ShellPage';
import { BUILD_FILE, DEMO, SIGNED_OUT, screenshotPath, WEB_PACKAGE } from './support/env';
import { NAV_GROUPS, screenByState } from './support/screens';

test('the navigation groups hold every entry of the spec, in order', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto('/setup/sitesImport');
  await expect(shell.menubar.getByRole('menuitem')).toHaveText(NAV_GROUPS.map((g) => g.group));
  for (const { group, entries } of NAV_GROUPS) {
    await expect(await shell.openGroup(group)).toHaveText([...entries]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
});

test('About shows the provider, contact, copyright and both versions', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto('/adjust/itemAdjust');
  const config = await (await page.request.get('/appConfig')).json();
  const backEnd = (await (await page.request.get(`/getAppVersion/${DEMO.userName}`)).json()).RootResults;
  const { version } = JSON.parse(readFileSync(WEB_PACKAGE, 'utf8'));
  const { build } = JSON.parse(readFileSync(BUILD_FILE, 'utf8'));

  await shell.navigate('Help', 'About');
  const about = new AboutDialog(page);
  await expect(about.dialog).toBeVisible();
  await expect(about.value('Provider')).toHaveText(config.about.provider);
  for (const line of config.about.contact) await expect(about.value('Contact')).toContainText(line);
  await expect(about.value('Copyright')).toContainText('2001-2024');
  await expect(about.value('Back-end version')).toHaveText(backEnd.version);
  await expect(about.value('Front-end version')).toHaveText(`${version} (build ${build})`);
  await page.screenshot({ path: screenshotPath('main.helpabout') });
  await about.close();
  await expect(about.dialog).toHaveCount(0);
});

test('About works signed out too, with the back-end version from the configuration', async ({ browser }) => {
  const context = await browser.newContext({ storageState: SIGNED_OUT });
  const page = await context.newPage();
  await page.goto('/help');
  const config = await (await page.request.get('/appConfig')).json();
  await new ShellPage(page).navigate('Help', 'About');
  await expect(new AboutDialog(page).value('Back-end version')).toHaveText(config.version);
  await context.close();
});

test('the footer shows the current year and the build number', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto('/setup/preferences');
  const { build } = JSON.parse(readFileSync(BUILD_FILE, 'utf8'));
  await expect(shell.footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(shell.footer).toContainText(`Central Price Book build ${build}`);
});

test('the announcement banner shows the text kept on the server, and hides without one', async ({ page }) => {
  const { text } = await (await page.request.get('/announcement')).json();
  expect(text, 'the demo data has an announcement').toBeTruthy();
  const shell = new ShellPage(page);
  await shell.goto('/setup/vendorImport');
  const banner = page.getByRole('region', { name: 'Announcement' });
  await expect(banner).toHaveText(text);

  await page.route('**/announcement', (route) => route.fulfill({ json: { text: null } }));
  await page.reload();
  await shell.expectTitle('Vendor Import');
  await expect(banner).toHaveCount(0);
});

test('side menu entries go to a state, open an address in a new tab, or open About', async ({ page }) => {
  const config = await (await page.request.get('/appConfig')).json();
  expect(config.sideMenu.some((e: { href?: string }) => e.href)).toBe(true);
  const shell = new ShellPage(page);
  await shell.goto('/setup/preferences');
  for (const entry of config.sideMenu as { label: string; state?: string; href?: string; about?: true }[]) {
    if (entry.href) {
      const link = shell.sideMenu.getByRole('link', { name: entry.label });
      await expect(link).toHaveAttribute('href', entry.href);
      await expect(link).toHaveAttribute('target', '_blank');
    } else if (entry.about) {
      await shell.sideMenu.getByRole('button', { name: entry.label }).click();
      await expect(new AboutDialog(page).dialog).toBeVisible();
      await new AboutDialog(page).close();
    } else {
      const screen = screenByState(entry.state ?? '');
      await shell.sideMenu.getByRole('link', { name: entry.label }).click();
      await expect(page).toHaveURL(screen.path);
      await shell.expectTitle(screen.title);
    }
  }
});

test('a side menu entry with an unknown state shows the not-found toast', async ({ page }) => {
  await page.route('**/appConfig', async (route) => {
    const config = await (await route.fetch()).json();
    await route.fulfill({
      json: { ...config, sideMenu: [{ label: 'Broken entry', state: 'main.nowhere' }] },
    });
  });
  const shell = new ShellPage(page);
  await shell.goto('/setup/preferences');
  await shell.sideMenu.getByRole('button', { name: 'Broken entry' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The page main.nowhere was not found.' }),
  ).toBeVisible();
  await shell.expectTitle('Preferences');
});

test('a route change shows the page-loading indicator while the screen loads', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto('/setup/preferences');
  await shell.expectTitle('Preferences');
  // Hold back the next screen's code so the change takes a moment.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await shell.navigate('Reports', 'Current Prices Report');
  await expect(shell.loading).toBeVisible();
  await shell.expectTitle('Current Prices Report');
  await expect(shell.loading).toHaveCount(0);
});

test('a screen that fails to load shows a toast with its title and the error', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto('/setup/preferences');
  await shell.expectTitle('Preferences');
  await page.route('**/assets/NegotiatedCostReportPage-*.js', (route) => route.abort('failed'));
  await shell.navigate('Reports', 'Negotiated Cost Report');
  await expect(page.getByRole('alert').filter({ hasText: /^Negotiated Cost Report: .+/ })).toBeVisible();
  await expect(shell.heading).toHaveText('Negotiated Cost Report');
  await expect(page.getByRole('status').filter({ hasText: /^Negotiated Cost Report: .+/ })).toBeVisible();
  await expect(page.getByText('This screen is not available yet.')).toHaveCount(0);
});

test('an unknown address lands on the home page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Store operations applications');
});
