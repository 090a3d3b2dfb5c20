import { expect, type Page, test } from '@playwright/test';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { OutsideUpdatesPage } from './pages/OutsideUpdatesPage';
import { ShellPage } from './pages/ShellPage';
import { expectAccessible } from './support/axe';
import { screenshotPath } from './support/env';

const ZONE_1 = '1 - Central Valley';
const ZONE_2 = '2 - Bay Area';

interface Row {
  ID: string;
  PackSize: number;
  CurrentPrices: { Price: string; Count: number }[];
}

/** An item of zone 1 whose stores do not all have the same price, as the report's call finds it. */
async function divergentItem(page: Page): Promise<Row> {
  const res = await page.request.post('/api/currentPricesReport', {
    data: { ZoneSetupID: 1, clientCriterias: { ApplyDepartmentRange: true, DeptBeginDeptSub: '1.00' } },
  });
  expect(res.status()).toBe(200);
  const items = ((await res.json()).RootResults.Items as Row[]).filter((r) => r.CurrentPrices.length >= 2);
  expect(items.length).toBeGreaterThan(0);
  return items[0];
}

/** The Outside Updates grid's Min On Hand header, after scrolling to the last columns (the grid draws only those in view). */
async function ouMinHeader(ou: OutsideUpdatesPage) {
  await expect(
    ou.grid.getByRole('columnheader', { name: 'Source' }).or(ou.grid.locator('.ag-header-cell')).first(),
  ).toBeVisible();
  await ou.grid.locator('.ag-body-horizontal-scroll-viewport').evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect(ou.grid.getByRole('columnheader', { name: 'Source' })).toBeVisible();
  return ou.grid.getByRole('columnheader', { name: 'Min On Hand' });
}

async function shoot(page: Page, name: string) {
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: screenshotPath(`${name}-${w}x${h}`) });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

test('Current Prices Report: find an item, apply one of its prices to every store, then undo it', async ({
  page,
}) => {
  // Two reports, a reload and four screenshots: more than the default 30 s on a busy machine.
  test.slow();
  const item = await divergentItem(page);
  const stores = item.CurrentPrices.reduce((n, p) => n + p.Count, 0);
  const top = item.CurrentPrices[0];
  const shell = new ShellPage(page);
  await page.goto('/report/currentPricesRpt');
  await shell.expectTitle('Current Prices Report');
  await shell.zonePicker.click();
  await page.getByRole('option', { name: ZONE_1, exact: true }).click();

  const apply = page.getByRole('button', { name: 'Apply Criteria' });
  await expect(apply).toBeDisabled();
  await page.getByRole('textbox', { name: 'Item ID', exact: true }).fill(item.ID);
  await expect(page.getByRole('checkbox', { name: 'Apply Item ID' })).toBeChecked();
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(page.getByText(/records? found\./).first()).toBeVisible();

  const button = (p: { Price: string; Count: number }) =>
    page.getByRole('button', { name: `Price ${p.Price} at ${p.Count} store(s) of ${item.ID}`, exact: true });
  for (const p of item.CurrentPrices) await expect(button(p).first()).toBeVisible();
  await expectAccessible(page, 'Current Prices Report');
  await shoot(page, 'current-prices-report');

  await button(top).first().click();
  await expect(button(top).first()).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply Prices' });
  await expect(dialog).toContainText('every store of the zone');
  await expectAccessible(page, 'Apply Prices dialog', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Prices applied successfully')).toBeVisible();
  // Every store of the zone now has the price: one button with all the stores.
  await expect(button({ Price: top.Price, Count: stores }).first()).toBeVisible();
  await expect(button(item.CurrentPrices[1])).toHaveCount(0);

  // A reload forgets the page's state: Undo is still offered, from what the server recorded.
  await page.reload();
  await shell.expectTitle('Current Prices Report');
  const last = page.getByRole('region', { name: 'Your last Apply' });
  await expect(last).toContainText(/Your last Apply in this zone \(.+\): 1 item\(s\) can be undone\./);
  await expectAccessible(page, 'Current Prices Report after a reload');
  await shoot(page, 'current-prices-undo-after-reload');
  await last.getByRole('button', { name: 'Undo', exact: true }).click();
  const undo = page.getByRole('dialog', { name: 'Undo Prices' });
  await expect(undo).toContainText('for 1 item(s)?');
  await undo.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Prices undone successfully')).toBeVisible();
  await expect(last).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Item ID', exact: true }).fill(item.ID);
  await page.getByRole('button', { name: 'Apply Criteria' }).click();
  for (const p of item.CurrentPrices) await expect(button(p).first()).toBeVisible();
  await shoot(page, 'current-prices-undone');
});

test('Preferences: turning min/max off shows at once in Outside Updates and Item Adjustment, without signing in again', async ({
  page,
}) => {
  // Three screens, a save and two screenshots: 33 s at load 6-10, over the default 30 s.
  test.slow();
  const ou = new OutsideUpdatesPage(page);
  await ou.open(ZONE_2);
  await expect(await ouMinHeader(ou)).toHaveCount(1);

  const shell = new ShellPage(page);
  await shell.navigate('Setup', 'Preferences');
  await shell.expectTitle('Preferences');
  const iaMinMax = page.getByRole('checkbox', { name: 'Enable Min/Max in Item Adjust' });
  const ouMinMax = page.getByRole('checkbox', { name: 'Enable Min/Max in Outside Update' });
  await expect(iaMinMax).toBeChecked();
  await expect(page.getByRole('textbox', { name: /Cost Compare Variance/ })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await expectAccessible(page, 'Preferences');
  await shoot(page, 'preferences');

  await iaMinMax.uncheck();
  await expect(ouMinMax).not.toBeChecked();
  await submit.click();
  await expect(page.getByText('Success - preference(s) saved.')).toBeVisible();
  await expect(submit).toBeDisabled();

  try {
    // Same page, no sign-in: the min/max columns are gone from Outside Updates.
    await shell.navigate('Adjust', 'Outside Updates');
    await shell.expectTitle('Outside Updates');
    await expect(await ouMinHeader(ou)).toHaveCount(0);

    // And Item Adjustment offers no Set Min/Max.
    await shell.navigate('Adjust', 'Item Adjustment');
    const ia = new ItemAdjustPage(page);
    await shell.expectTitle('Item Adjustment');
    await ia.pickZone(ZONE_1);
    await ia.search('Item Description', 'Lays');
    const first = ia.grid.getByRole('checkbox', { name: /^Select \S+ pack \d+$/ }).first();
    await first.check();
    const minMax = ia.batch('Set Min/Max');
    if ((await minMax.count()) > 0) await expect(minMax).toBeDisabled();
    else {
      await ia.batch('More').click();
      await expect(
        page.getByRole('menu').getByRole('menuitem', { name: 'Set Min/Max', exact: true }),
      ).toBeDisabled();
      await page.keyboard.press('Escape');
    }
  } finally {
    // Put the demo user's flags back for the other journeys.
    await page.request.post('/setPreference/demo', {
      data: [
        { PrefID: 4, PrefValue: true },
        { PrefID: 5, PrefValue: true },
      ],
    });
  }
});
