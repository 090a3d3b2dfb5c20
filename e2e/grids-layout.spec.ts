import { expect, type Locator, type Page, test } from '@playwright/test';
import { AddItemPage } from './pages/AddItemPage';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { ItemEditPage } from './pages/ItemEditPage';
import { screenshotPath } from './support/env';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];
const ZONE_1 = '1 - Central Valley';
/** An existing item of zone 1 the journeys only read here. */
const EXISTING = '01244100175';

/**
 * A usable grid: inside the window (the page itself does not scroll sideways), its own
 * horizontal scroll reaches the last column, and the first column stays pinned in view.
 */
async function checkGrid(page: Page, area: Locator, name: string): Promise<void> {
  const root = area.locator('.ag-root-wrapper').first();
  await expect(root).toBeVisible();
  const view = page.viewportSize();
  if (!view) throw new Error('no viewport');
  const box = await root.boundingBox();
  if (!box) throw new Error(`${name}: grid not laid out`);
  expect(box.x + box.width, `${name} fits the window`).toBeLessThanOrEqual(view.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no page scroll`).toBe(
    view.width,
  );

  // Header cells carry their column (col-id) and position (aria-colindex) in every pinned part.
  const columns = await root.evaluate((el) =>
    [...el.querySelectorAll('[role="columnheader"][aria-colindex][col-id]')]
      .map((c) => ({ id: c.getAttribute('col-id') ?? '', index: Number(c.getAttribute('aria-colindex')) }))
      .sort((a, b) => a.index - b.index),
  );
  expect(columns.length, `${name} has columns`).toBeGreaterThan(1);
  const header = (id: string) => root.locator(`[role="columnheader"][col-id="${id}"]`).first();
  const firstColumn = columns[0].id;
  const lastIndex = Math.max(...columns.map((c) => c.index));
  const before = await header(firstColumn).boundingBox();

  // Scroll the grid to its right end: the last column's header lies inside the grid.
  await root.evaluate((el) => {
    for (const v of el.querySelectorAll('*'))
      if (v.scrollWidth > v.clientWidth + 1 && getComputedStyle(v).overflowX !== 'visible')
        v.scrollLeft = v.scrollWidth;
  });
  await expect
    .poll(async () => {
      const last = await root.evaluate(
        (el, index) =>
          el.querySelector(`[role="columnheader"][aria-colindex="${index}"]`)?.getAttribute('col-id') ?? null,
        lastIndex,
      );
      const cell = last ? await header(last).boundingBox() : null;
      return cell !== null && cell.x >= box.x - 1 && cell.x + cell.width <= box.x + box.width + 1;
    }, `${name}: the last column scrolls into view`)
    .toBe(true);
  // The first column did not move: it is pinned.
  const after = await header(firstColumn).boundingBox();
  expect(after?.x, `${name}: first column (${firstColumn}) pinned`).toBe(before?.x);
  expect(after && after.x >= box.x && after.x + after.width <= box.x + box.width).toBe(true);
  await page.screenshot({ path: screenshotPath(`grid-${name}-${view.width}x${view.height}`) });
}

for (const size of SIZES) {
  test.describe(`every grid at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('Item Adjustment results and the batch preview', async ({ page }) => {
      const ia = new ItemAdjustPage(page);
      await ia.open(ZONE_1);
      await ia.search('Item ID', '0124410017');
      await checkGrid(page, ia.grid, 'item-adjust');

      const first = ia.grid.locator('[row-id]').first();
      const key = await first.getAttribute('row-id');
      if (!key) throw new Error('no result rows');
      await ia.select(key);
      await ia.batch('Set Price').click();
      const dialog = ia.dialog('Set Price');
      // Focus lands on the form's first field, not on the dialog's Close button.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const active = document.activeElement;
            return active?.closest('[role="dialog"]') ? active.tagName : null;
          }),
        )
        .toBe('INPUT');
      await dialog.getByRole('textbox', { name: 'Add Amount' }).fill('0.10');
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
      const preview = dialog.getByRole('region', { name: 'Central Price' });
      await checkGrid(page, preview, 'preview');
      // The export buttons read in full: their label is not cut ('Export to C').
      for (const name of ['Export to CSV', 'Export to PDF']) {
        const label = preview.getByRole('button', { name }).locator('.mantine-Button-label');
        const cut = await label.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
        expect(cut, `${name} is not cut at ${size.width}`).toBe(false);
      }
    });

    test('Add Item advanced grid', async ({ page }) => {
      const add = new AddItemPage(page);
      await add.goto();
      await add.advanceInput.check();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await checkGrid(page, add.grid, 'add-item-advanced');
    });

    test('Item history grid', async ({ page }) => {
      const add = new AddItemPage(page);
      await add.goto();
      await add.lookUp(EXISTING);
      await add.dialog('Item exists in the zone').getByRole('button', { name: 'Edit' }).click();
      const edit = new ItemEditPage(page);
      await edit.expectOpen();
      await edit.history.click();
      await checkGrid(page, edit.historyGrid, 'item-history');
    });
  });
}
