import { expect, test } from '@playwright/test';
import { AboutDialog } from './pages/AboutDialog';
import { HomePage } from './pages/HomePage';
import { SIGNED_OUT, screenshotPath } from './support/env';
import { HOME_TILES } from './support/screens';

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });

  test('four tiles; unconfigured applications are disabled with a tooltip', async ({ page }) => {
    const config = await (await page.request.get('/appConfig')).json();
    const home = new HomePage(page);
    await home.goto();
    await expect(home.heading).toBeVisible();
    await expect(page).toHaveTitle('Central Price Book');
    await page.screenshot({ path: screenshotPath('home') });
    for (const name of HOME_TILES) await expect(home.tile(name)).toBeVisible();

    // As configured for these journeys: Digital Dispatch has an address, the other two none.
    expect(config.applications.digdispatch).toBeTruthy();
    await expect(home.tile('Digital Dispatch')).toHaveAttribute('href', config.applications.digdispatch);
    for (const [name, key] of [
      ['Computerized Daily Book', 'compDailyBook'],
      ['Third party Physical Inventory', 'physinventory'],
    ] as const) {
      expect(config.applications[key]).toBeNull();
      const tile = home.tile(name);
      await expect(tile).toHaveAttribute('aria-disabled', 'true');
      await expect(tile).not.toHaveAttribute('href');
      await tile.hover();
      await expect(page.getByRole('tooltip')).toHaveText(`${name} is not configured.`);
      await page.mouse.move(0, 0);
      await expect(page.getByRole('tooltip')).toHaveCount(0);
    }
  });

  test('the Central Price Book tile asks for sign-in first, remembering Site Import', async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await home.tile('Central Price Book').click();
    await expect(page).toHaveURL('/login?next=main.sitesImport');
  });

  test('menus: Applications, Account (Log On, Log Off) and Help (Applications, About)', async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await expect(home.menubar.getByRole('menuitem')).toHaveText(['Applications', 'Account', 'Help']);
    await expect(await home.openMenu('Applications')).toHaveText([...HOME_TILES]);
    await page.keyboard.press('Escape');

    const account = await home.openMenu('Account');
    await expect(account).toHaveText(['Log On', 'Log Off']);
    await expect(account.filter({ hasText: 'Log Off' })).toBeDisabled();
    await account.filter({ hasText: 'Log On' }).click();
    await expect(page).toHaveURL('/login');

    await home.goto();
    const help = await home.openMenu('Help');
    await expect(help).toHaveText(['Applications', 'About']);
    await help.filter({ hasText: 'About' }).click();
    await expect(new AboutDialog(page).dialog).toBeVisible();
    await new AboutDialog(page).close();

    await (await home.openMenu('Help')).filter({ hasText: 'Applications' }).click();
    await expect(page).toHaveURL('/help/home');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help: Home');
  });
});

test('signed in, the Central Price Book tile opens Site Import and Log Off is offered', async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  const account = await home.openMenu('Account');
  await expect(account.filter({ hasText: 'Log On' })).toBeDisabled();
  await expect(account.filter({ hasText: 'Log Off' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await home.tile('Central Price Book').click();
  await expect(page).toHaveURL('/setup/sitesImport');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site Import');
});
