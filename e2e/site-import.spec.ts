import { expect, test } from '@playwright/test';
import { SiteImportPage } from './pages/SiteImportPage';
import { screenshotPath } from './support/env';

/**
 * Site Import on the demo: the server runs the in-app store simulator, which wrote every store's
 * item file to from-site/ (with drift) at first start, so an import finds real differences.
 */

// A run waits for the transfer worker; the screen's code loads on first visit.
test.describe.configure({ timeout: 90_000 });

test('the buttons follow the selection and the options their rules', async ({ page }) => {
  const si = new SiteImportPage(page);
  await si.open();
  await expect(si.status).toHaveText('No pending Site Imports');
  await expect(si.noneSelected).toBeVisible();
  await expect(si.submit).toBeDisabled();
  await expect(si.refreshZones).toBeEnabled();

  // Refresh Zones reloads the picker: the demo user's 3 zones and 12 stores.
  await si.refreshZones.click();
  await expect(si.toast('Success : 3 zones(s) & 12 sites(s) loaded.')).toBeVisible();

  await si.zone(1, 'Central Valley').check();
  await expect(si.site(1, 'Fresno - Blackstone Ave')).toBeChecked();
  await expect(si.site(5, 'Merced - G Street')).toBeChecked();
  await expect(si.someSelected).toBeVisible();
  await expect(si.submit).toBeEnabled();
  await expect(si.refreshZones).toBeDisabled();

  // Site 5 is in zones 1 and 2: zone 2 shows it checked, and itself as partly checked.
  await si.showZone(2, 'Bay Area');
  await expect(si.site(5, 'Merced - G Street')).toBeChecked();
  await expect(si.zone(2, 'Bay Area')).toHaveAttribute('data-indeterminate', 'true');

  await si.zone(1, 'Central Valley').uncheck();
  await expect(si.noneSelected).toBeVisible();
  await expect(si.submit).toBeDisabled();

  // By keyboard: Space on a zone checks its sites; Tab reaches its "show the sites" button.
  await si.zone(3, 'Sierra Foothills').focus();
  await page.keyboard.press('Space');
  await expect(si.site(10, 'Auburn - Hwy 49')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('button', { name: 'Show the sites of Zone 3 - Sierra Foothills' }),
  ).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Space');
  await expect(si.site(10, 'Auburn - Hwy 49')).not.toBeChecked();

  // Options: modified-only hides under build master; each change warns.
  await expect(si.doDts).toBeChecked();
  await expect(si.modsOnly).toBeChecked();
  await si.modsOnly.uncheck();
  await expect(page.getByText('Importing all items, not only the modified ones, is slower.')).toBeVisible();
  await si.buildMaster.check();
  await expect(si.modsOnly).toHaveCount(0);
  await expect(page.getByText(/Build master takes the site files as the new truth/)).toBeVisible();
  await si.doDts.uncheck();
  await expect(page.getByText(/Without Distribute to Sites the sites keep their own values/)).toBeVisible();
});

test('importing a zone shows its status, completes and lands on Outside Updates', async ({ page }) => {
  const si = new SiteImportPage(page);
  await si.open();
  await si.zone(3, 'Sierra Foothills').check();
  await si.notes.fill('e2e: weekly import');
  const started = page.waitForResponse((r) => r.url().includes('/importSelectedSites/'));
  await si.submit.click();
  const answer = await (await started).json();
  expect(answer.RootResults.Sites).toBe(3);

  // While it runs (a 0 is believed only on the second poll, DELAY later), the picker and Submit are locked.
  await expect(si.status).toContainText('Status: PENDING');
  await expect(si.inProgress).toBeDisabled();
  await expect(si.zone(3, 'Sierra Foothills')).toBeDisabled();
  await page.screenshot({ path: screenshotPath('site-import-pending') });
  await expect(si.status).toContainText('Site Import Complete.', { timeout: 60_000 });
  await expect(si.status).toContainText('Status: DONE');
  await expect(si.status).toContainText('0 of 3 site(s) remaining');
  await expect(si.status.getByRole('progressbar', { name: 'Sites done' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await page.screenshot({ path: screenshotPath('site-import-complete') });

  await expect(page).toHaveURL(/\/adjust\/outsideUpd$/);
  await si.shell.expectTitle('Outside Updates');
});

test('a build master lands on Item Adjustment', async ({ page }) => {
  const si = new SiteImportPage(page);
  await si.open();
  await si.showZone(3, 'Sierra Foothills');
  await si.site(12, 'Placerville - Main St').check();
  await si.buildMaster.check();
  await si.submit.click();
  await expect(si.status).toContainText('Site Import Complete.', { timeout: 60_000 });
  await expect(page).toHaveURL(/\/adjust\/itemAdjust$/);
  await si.shell.expectTitle('Item Adjustment');
});

test('after the imports the site list shows each store with its last import and distribution', async ({
  page,
}) => {
  const si = new SiteImportPage(page);
  await si.open();
  await si.showZone(3, 'Sierra Foothills');
  const sites = page.getByRole('table', { name: 'Sites of Zone 3 - Sierra Foothills' });
  // Site 11 was imported with Distribute to sites on: its item file, then the DTS Import's file to it.
  const row = sites.getByRole('row').filter({ has: si.site(11, 'Grass Valley - Brunswick') });
  await expect(row.getByRole('cell').nth(4)).toContainText(/ITT011\d{14}\.xml/);
  await expect(row.getByRole('cell').nth(3)).not.toHaveText('Never');
  await page.screenshot({ path: screenshotPath('site-import-last-files') });
});

test('screenshots at 1366x768 and 1920x1080', async ({ page }) => {
  const si = new SiteImportPage(page);
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await si.open();
    await page.screenshot({ path: screenshotPath(`site-import-${w}x${h}`), fullPage: true });
    await si.zone(1, 'Central Valley').check();
    await si.modsOnly.uncheck();
    await si.doDts.uncheck();
    await expect(si.submit).toBeEnabled();
    await page.screenshot({ path: screenshotPath(`site-import-${w}x${h}-selected`), fullPage: true });
  }
});
