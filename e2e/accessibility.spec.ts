import { expect, type Page, test } from '@playwright/test';
import { AddItemPage } from './pages/AddItemPage';
import { DistributeToSitesPage } from './pages/DistributeToSitesPage';
import { HomePage } from './pages/HomePage';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { ItemEditPage } from './pages/ItemEditPage';
import { LoginPage } from './pages/LoginPage';
import { OutsideUpdatesPage } from './pages/OutsideUpdatesPage';
import { SiteImportPage } from './pages/SiteImportPage';
import { expectAccessible } from './support/axe';
import { SIGNED_OUT } from './support/env';
import { changeZone3Prices } from './support/itemAdjustApi';
import { importSites } from './support/outsideUpdatesApi';

/**
 * axe-core over every screen of item maintenance and each dialog they open: no serious or
 * critical violation (names of icon-only buttons, contrast, labels, landmarks, ARIA use).
 * Nothing here saves: every dialog is opened and closed again.
 */

/** The batch buttons of Item Adjustment and the title of the dialog each opens. */
const BATCH_DIALOGS: readonly (readonly [string, string])[] = [
  ['Set Price', 'Set Price'],
  ['Set Cost', 'Set Cost'],
  ['Set Negotiated Cost', 'Set Negotiated Cost'],
  ['Set Redemption', 'Set Redemption'],
  ['Set Tax Group', 'Set Tax Group'],
  ['Set Department', 'Set Department'],
  ['Set Item Group', 'Set Item Group'],
  ['Set Vendor', 'Set Vendor'],
  ['Set Min/Max', 'Set Min/Max'],
  ['Set Inactive', 'Set Inactive'],
  ['Coverage', 'Site/Zone Coverage'],
];

// The screens' code loads on first visit; on a busy machine that takes longer than a click.
test.describe.configure({ timeout: 120_000 });

/** Opens a screen of the shell and waits (generously) for its title. */
async function openScreen(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 30_000 });
}

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });

  test('the sign-in page and the home page', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expectAccessible(page, 'sign-in page');
    await login.signInAs('demo', 'wrong password');
    await expect(login.error).toBeVisible();
    await expectAccessible(page, 'sign-in page with its error');

    const home = new HomePage(page);
    await home.goto();
    await expect(home.heading).toBeVisible();
    await expectAccessible(page, 'home page, signed out');
  });
});

test('the home page signed in, with a menu open', async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await expect(page.getByText('Hello, demo')).toBeVisible();
  await expectAccessible(page, 'home page');
  await home.openMenu('Applications');
  await expectAccessible(page, 'home page, Applications menu open');
});

test('Item Adjustment: zone picker, results, every batch dialog', async ({ page }) => {
  test.setTimeout(240_000);
  const ia = new ItemAdjustPage(page);
  await openScreen(page, '/adjust/itemAdjust', 'Item Adjustment');
  await expectAccessible(page, 'Item Adjustment, no zone');
  await ia.shell.zonePicker.click();
  await expect(ia.shell.zoneOptions().first()).toBeVisible();
  await expectAccessible(page, 'zone picker open');
  await page.getByRole('option', { name: '3 - Sierra Foothills', exact: true }).click();
  await expectAccessible(page, 'Item Adjustment, criteria');

  await ia.search('Item ID', '0125880010');
  await expect(ia.grid.locator('.ag-row').first()).toBeVisible();
  const keys = await ia.grid
    .locator('[row-id]')
    .evaluateAll((rows) => [...new Set(rows.map((r) => r.getAttribute('row-id') ?? ''))]);
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) await ia.select(key);
  await expectAccessible(page, 'Item Adjustment with results selected');

  for (const [button, title] of BATCH_DIALOGS) {
    await ia.openBatch(button);
    const dialog = ia.dialog(title);
    await expect(dialog).toBeVisible();
    // The department tree's every node is checked, not only the collapsed top level.
    if (title === 'Set Department') await dialog.getByRole('button', { name: 'Expand all' }).click();
    await expectAccessible(page, `${title} dialog`, '[role="dialog"]');
    // The title bar's X, found by its name.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
  }
});

test('Add Item, simple and advanced', async ({ page }) => {
  const add = new AddItemPage(page);
  await openScreen(page, '/adjust/addItem', 'Add Item');
  await add.selectZone('1 - Central Valley');
  await expectAccessible(page, 'Add Item, simple');
  await add.advanceInput.check();
  await expect(add.grid).toBeVisible();
  await expectAccessible(page, 'Add Item, advanced');
});

test('Edit Item and its history', async ({ page }) => {
  const add = new AddItemPage(page);
  await openScreen(page, '/adjust/addItem', 'Add Item');
  await add.selectZone('1 - Central Valley');
  await add.lookUp('01251800103');
  const exists = add.dialog('Item exists in the zone');
  await expect(exists).toBeVisible();
  await expectAccessible(page, 'Item exists in the zone dialog');
  await exists.getByRole('button', { name: 'Edit' }).click();

  const edit = new ItemEditPage(page);
  await edit.expectOpen();
  await expectAccessible(page, 'Edit Item');
  await edit.history.click();
  await expect(edit.historyRows().first()).toBeVisible();
  await expectAccessible(page, 'item history');
});

test('Site Import: picker, options with their warnings', async ({ page }) => {
  const si = new SiteImportPage(page);
  await si.open();
  await expect(si.status).toHaveText('No pending Site Imports');
  await expectAccessible(page, 'Site Import, nothing selected');
  await si.zone(1, 'Central Valley').check();
  await si.showZone(2, 'Bay Area');
  await si.doDts.uncheck();
  await si.modsOnly.uncheck();
  await expectAccessible(page, 'Site Import, sites selected, two warnings');
  await si.buildMaster.check();
  await expectAccessible(page, 'Site Import, build master');
});

test('Distribute to Sites: picker, full-send warning, Item Conflicts viewer, preview grid', async ({
  page,
}) => {
  // The demo's stores start in sync: a price change gives the preview rows.
  await changeZone3Prices(page.request);
  const dts = new DistributeToSitesPage(page);
  await dts.open();
  await expect(dts.status).toHaveText('No pending Distribute To Sites');
  await expectAccessible(page, 'Distribute to Sites, nothing selected');
  await dts.showZone(3, 'Sierra Foothills');
  await dts.site(10, 'Auburn - Hwy 49').check();
  await dts.modsOnly.uncheck();
  await expect(dts.fullSendWarning).toBeVisible();
  await expectAccessible(page, 'Distribute to Sites, full-send warning');
  await dts.itemConflicts.click();
  const viewer = await dts.expectPdf('Item Conflicts');
  await expectAccessible(page, 'Item Conflicts PDF viewer', '[role="dialog"]');
  await dts.closePdf(viewer);
  await dts.modsOnly.check();
  await dts.preview.click();
  await dts.closePdf(await dts.expectPdf('Distribute to Sites Preview'));
  await expect(dts.previewGrid.locator('.ag-row').first()).toBeVisible();
  await expectAccessible(page, 'Distribute to Sites preview grid');
});

test('Outside Updates: the tree with its sites, a row menu, the impact and confirm dialogs', async ({
  page,
}) => {
  await importSites(page.request, '6');
  const ou = new OutsideUpdatesPage(page);
  await ou.open('2 - Bay Area');
  await expect(ou.grid.locator('.ag-row').first()).toBeVisible();
  await ou.button('Expand/Collapse All Rows').click();
  await expect(ou.grid.getByText(/^Site 6 - /).first()).toBeVisible();
  await ou.button('Select/Deselect All').click();
  await ou.button('Accept').click();
  await expectAccessible(page, 'Outside Updates, expanded, accepted');
  const first = ou.grid.getByRole('button', { name: /^Actions of / }).first();
  await first.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'Outside Updates, row menu open');
  await page.getByRole('menuitem', { name: 'Zone-Site Impact' }).click();
  const impact = ou.dialog(/^Zone-Site Impact: /);
  await expect(impact.getByText('Sites of this zone')).toBeVisible();
  await expect(impact.getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page, 'Zone-Site Impact dialog', '[role="dialog"]');
  await impact.getByText('All zones').click();
  await expect(impact.getByText('Other zones impacted')).toBeVisible();
  await impact.getByRole('button', { name: 'Close' }).last().click();
  await ou.grid
    .getByRole('button', { name: /^Actions of / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Zone price list' }).click();
  const prices = ou.dialog(/^Zone price list: /);
  await expect(prices.getByRole('button', { name: /^Choose \$/ }).first()).toBeVisible();
  await expectAccessible(page, 'Zone price list dialog', '[role="dialog"]');
  await prices.getByRole('button', { name: 'Cancel' }).click();
  await ou.button('Undo Changes').click();
  await expect(ou.dialog('Confirm Reset')).toBeVisible();
  await expectAccessible(page, 'Confirm Reset dialog', '[role="dialog"]');
  await ou.dialog('Confirm Reset').getByRole('button', { name: 'Yes' }).click();
});
