import { expect, type Locator, type Page, test } from '@playwright/test';
import { AddItemPage } from './pages/AddItemPage';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { OutsideUpdatesPage } from './pages/OutsideUpdatesPage';
import { expectAccessible } from './support/axe';
import { screenshotPath } from './support/env';
import { importSites } from './support/outsideUpdatesApi';

/**
 * Issue 25, layout: at 1366x768 (and 1920x1080) each item grid shows at least 12 whole rows after a
 * search, with its key columns in view without scrolling sideways, and the page has one scroll area
 * (the grid's): the document itself does not scroll.
 */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
const MIN_ROWS = 12;

test.describe.configure({ timeout: 180_000 });

interface Measure {
  rows: number;
  /** How many rows the grid's view has room for (its height over a row's), for the log. */
  room: number;
  columns: Record<string, { left: number; right: number } | null>;
  scrollHeight: number;
  innerHeight: number;
}

/**
 * The grid's rows whose boxes lie wholly in view: inside the window and inside every element above
 * them that clips (the grid's own scroll areas, which hold rows drawn ahead of the scroll position),
 * counted once per row whatever its pinned parts; and each key column's header box, when in view.
 */
async function measure(grid: Locator, keys: readonly string[]): Promise<Measure> {
  return grid.evaluate((root, columns) => {
    // Rows: whole from top to bottom (a row of the scrolling part is as wide as all its columns);
    // headers: whole from left to right.
    let room = 0;
    const shown = (el: Element, axis: 'rows' | 'columns'): DOMRect | null => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return null;
      let top = 0;
      let left = 0;
      let bottom = window.innerHeight;
      let right = window.innerWidth;
      for (let up = el.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const c = up.getBoundingClientRect();
        top = Math.max(top, c.top);
        left = Math.max(left, c.left);
        bottom = Math.min(bottom, c.bottom);
        right = Math.min(right, c.right);
      }
      const across = r.left >= left - 0.5 && r.right <= right + 0.5;
      const down = r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
      if (axis === 'rows') room = Math.max(room, (bottom - top) / r.height);
      return (axis === 'rows' ? down : across && down) ? r : null;
    };
    const rows = new Set(
      [...root.querySelectorAll('.ag-row[row-index]')]
        .filter((row) => shown(row, 'rows') !== null)
        .map((row) => row.getAttribute('row-index')),
    ).size;
    const box: Record<string, { left: number; right: number } | null> = {};
    for (const id of columns) {
      // The header's label: wholly inside the grid's view, not under a pinned part or the scroll
      // bar at either end, and not cut short ('Inventory Ty…').
      const cell = root.querySelector(`[role="columnheader"][col-id="${id}"]`);
      const label = cell?.querySelector('.ag-header-cell-text') ?? cell;
      const r = label ? shown(label, 'columns') : null;
      const own = (x: number) =>
        r !== null && !!label && label.contains(document.elementFromPoint(x, r.top + r.height / 2));
      const whole = !!label && label.scrollWidth <= label.clientWidth + 1;
      box[id] =
        r && own(r.left + 1) && own(r.right - 1) && whole
          ? { left: Math.round(r.left), right: Math.round(r.right) }
          : null;
    }
    return {
      rows,
      room: Math.round(room * 10) / 10,
      columns: box,
      scrollHeight: document.scrollingElement?.scrollHeight ?? 0,
      innerHeight: window.innerHeight,
    };
  }, keys);
}

/** The checks every screen shares; returns the measure for the log (the report quotes it). */
async function checkLayout(
  page: Page,
  grid: Locator,
  screen: string,
  keys: readonly string[],
  size: { width: number; height: number },
): Promise<void> {
  // The grid settles its height after the toolbar above it has laid out.
  await expect
    .poll(async () => (await measure(grid, keys)).rows, { message: `${screen}: whole rows in view` })
    .toBeGreaterThanOrEqual(MIN_ROWS);
  const m = await measure(grid, keys);
  console.log(
    `${screen} ${size.width}x${size.height}: ${m.rows} whole rows (room for ${m.room}); columns ${JSON.stringify(m.columns)}`,
  );
  for (const key of keys) expect(m.columns[key], `${screen}: column ${key} in view`).not.toBeNull();
  expect(m.scrollHeight, `${screen}: the page itself does not scroll`).toBeLessThanOrEqual(m.innerHeight + 1);
  expect(
    await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0),
    `${screen}: no page scroll sideways`,
  ).toBeLessThanOrEqual(size.width);
  // The pointer off the controls: axe judges the screen, not a button's hover colour.
  await page.mouse.move(size.width - 2, size.height - 2);
  await expectAccessible(page, `${screen} at ${size.width}x${size.height}`);
  await page.screenshot({ path: screenshotPath(`grid-layout-${screen}-${size.width}x${size.height}`) });
}

test.beforeAll(async ({ request }) => {
  // Stores 6 and 7's local changes give zone 2 its outside updates.
  await importSites(request, '6,7');
});

for (const size of SIZES) {
  test(`Item Adjustment at ${size.width}x${size.height}: criteria fold away, rows and key columns in view`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const ia = new ItemAdjustPage(page);
    await ia.open('1 - Central Valley');
    await ia.search('Department from', '2.00');
    await expect(ia.itemCount).not.toHaveText('Item count: –');
    // The panel folded to its summary line; its button shows it again.
    await expect(ia.criteriaToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(ia.criteriaSummary).toHaveText('Department from 2.00');
    await expect(ia.applyCriteria).toBeHidden();
    await checkLayout(
      page,
      ia.grid,
      'item-adjustment',
      ['ID', 'Description', 'UnitList', 'UnitCost', 'Margin', 'saveState'],
      size,
    );

    await ia.criteriaToggle.focus();
    await page.keyboard.press('Enter');
    await expect(ia.criteriaToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(ia.applyCriteria).toBeVisible();
    await expect(ia.criterion('Department from')).toHaveValue('2.00');
  });

  test(`Outside Updates at ${size.width}x${size.height}: rows, Price and Zone List in view`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const ou = new OutsideUpdatesPage(page);
    await ou.open('2 - Bay Area');
    await expect(ou.grid.locator('.ag-row').first()).toBeVisible();
    await ou.button('Expand/Collapse All Rows').click();
    await expect(ou.grid.getByText(/^Site 6 - /).first()).toBeVisible();
    await checkLayout(
      page,
      ou.grid,
      'outside-updates',
      ['Idcode', 'Description', 'Price', 'ZoneList', 'Cost', 'Margin'],
      size,
    );
  });

  test(`Add Item advanced at ${size.width}x${size.height}: rows, List Price to POS in view`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const add = new AddItemPage(page);
    await add.goto();
    await add.advanceInput.check();
    const addRow = page.getByRole('button', { name: 'Add', exact: true });
    // More new rows than the window can show (the grid counts its header row in aria-rowcount).
    for (let n = 0; n < 24; n++) {
      await addRow.click();
      await page.keyboard.press('Escape');
    }
    await expect
      .poll(async () => Number(await add.grid.getByRole('grid').getAttribute('aria-rowcount')))
      .toBeGreaterThan(24);
    await checkLayout(
      page,
      add.grid,
      'add-item-advanced',
      ['status', 'ID', 'UnitList', 'action', 'InvType', 'DeptSub', 'SendToPos'],
      size,
    );
  });
}
