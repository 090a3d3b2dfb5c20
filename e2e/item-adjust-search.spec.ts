import { expect, test } from '@playwright/test';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { screenshotPath } from './support/env';
import { cents, dollars, searchApi } from './support/itemAdjustApi';

const ZONE_1 = { id: 1, label: '1 - Central Valley' };

test('a department range with an open end finds the zone items, counted in locale format', async ({
  page,
}) => {
  const expected = await searchApi(page.request, ZONE_1.id, {
    ApplyDepartmentRange: true,
    DeptBeginRange: '2.00',
  });
  expect(expected.TotalCount).toBeGreaterThan(999);
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_1.label);
  await expect(ia.applyCriteria).toBeDisabled();

  // The department typeahead suggests from the second character on, at most 12 suggestions.
  const from = ia.criterion('Department from');
  await from.fill('2');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await from.fill('2.');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(12);
  await options.filter({ hasText: '2.00 Beverages' }).click();
  await expect(ia.applyBox('Department')).toBeChecked();

  await ia.applyCriteria.click();
  await expect(ia.itemCount).toHaveText(`Item count: ${expected.TotalCount.toLocaleString('en-US')}`);
  await expect(ia.cell(expected.Items[0].idplu, 'Description')).toHaveText(expected.Items[0].Description);
  await expect(page.getByText(`Page 1 of ${Math.ceil(expected.TotalCount / 100)}`)).toBeVisible();
  await page.screenshot({ path: screenshotPath('item-adjust-search') });

  // The server pages by 100: page 2 starts with the 101st item.
  const second = await searchApi(
    page.request,
    ZONE_1.id,
    { ApplyDepartmentRange: true, DeptBeginRange: '2.00' },
    { Page: 2 },
  );
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('button', { name: '2', exact: true })
    .click();
  await expect(ia.row(second.Items[0].idplu)).toHaveAttribute('row-index', '0');
  await expect(page.getByText(`Page 2 of ${Math.ceil(expected.TotalCount / 100)}`)).toBeVisible();

  // Emptying the box turns its apply flag off again (the panel folded after the search).
  await ia.openCriteria();
  await from.fill('');
  await expect(ia.applyBox('Department')).not.toBeChecked();
});

test('sorting by a column asks the server for that order', async ({ page }) => {
  const criteria = { ApplyItemDescription: true, ItemDesc: 'Lays' };
  const byPrice = await searchApi(page.request, ZONE_1.id, criteria, {
    OrderBy: { field: 'UnitList', dir: 'desc' },
  });
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_1.label);
  await ia.search('Item Description', 'Lays');
  const header = ia.grid.getByRole('columnheader', { name: 'Unit List' });
  await header.click();
  await header.click();
  const top = byPrice.Items[0];
  await expect(ia.row(top.idplu)).toHaveAttribute('row-index', '0');
  await expect(ia.cell(top.idplu, 'UnitList')).toContainText(dollars(cents(top.UnitList)));
});

test('divergent values only: the rows whose sites differ, in magenta', async ({ page }) => {
  const criteria = { ApplyDepartmentRange: true, DeptBeginRange: '4.01', DeptEndRange: '4.01' };
  const divergent = await searchApi(page.request, ZONE_1.id, criteria, { DivergentOnly: true });
  expect(divergent.TotalCount).toBeGreaterThan(0);
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_1.label);
  await ia.criterion('Department from').fill('4.01');
  await ia.criterion('Department to').fill('4.01');
  await ia.applyCriteria.click();
  await ia.divergentOnly.check();
  await expect(ia.itemCount).toHaveText(`Item count: ${divergent.TotalCount.toLocaleString('en-US')}`);
  const first = divergent.Items.find((i) => !i.IsPriceUniform);
  expect(first).toBeTruthy();
  await expect(ia.cell(first!.idplu, 'UnitList')).toHaveClass(/ia-divergent/);
  await expect(ia.cell(first!.idplu, 'UnitList')).toHaveCSS('color', 'rgb(192, 0, 192)');
});

test('a search with no rows says so', async ({ page }) => {
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_1.label);
  await ia.search('Item Description', 'no such item anywhere');
  await expect(ia.toast('Sorry : No item(s) found.')).toBeVisible();
  await expect(ia.itemCount).toHaveText('Item count: 0');
});

test('divergent values only with no hits: the grid says there is no divergent item, not "choose criteria"', async ({
  page,
}) => {
  const criteria = { ApplyInventoryID: true, InventoryID: '0125880012' };
  expect((await searchApi(page.request, ZONE_1.id, criteria)).TotalCount).toBeGreaterThan(0);
  expect((await searchApi(page.request, ZONE_1.id, criteria, { DivergentOnly: true })).TotalCount).toBe(0);
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_1.label);
  await expect(ia.grid).toContainText('No items to show. Choose criteria and Apply Criteria.');
  await ia.divergentOnly.check();
  await ia.search('Item ID', '0125880012');
  await expect(ia.itemCount).toHaveText('Item count: 0');
  await expect(ia.grid).toContainText('No items with divergent values for these criteria.');
  await expect(ia.grid).not.toContainText('Choose criteria');
});
