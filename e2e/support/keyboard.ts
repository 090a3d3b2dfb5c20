import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only moves for the journeys that use no mouse: keys are pressed, and the page is only
 * read (where the focus is) to know when to stop.
 */

/** Whether `target` has the focus or holds the focused element (false when it is not there). */
export async function hasFocus(target: Locator): Promise<boolean> {
  if ((await target.count()) !== 1) return false;
  return target
    .evaluate((el) => el === document.activeElement || el.contains(document.activeElement), undefined, {
      timeout: 2_000,
    })
    .catch(() => false);
}

/** What has the focus, for a failure message. */
export async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return '(nothing)';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    const cell = el.closest('[col-id]')?.getAttribute('col-id');
    return `<${el.tagName.toLowerCase()}> ${name}${cell ? ` [col ${cell}]` : ''}`;
  });
}

/** Presses `key` until `target` has the focus; fails after `max` presses, naming where it got. */
export async function pressUntilFocused(page: Page, target: Locator, key = 'Tab', max = 60): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await hasFocus(target)) return;
    if (i < max) await page.keyboard.press(key);
  }
  throw new Error(`${max} x ${key} did not reach ${target}; the focus is on ${await focusedText(page)}`);
}

interface GridFocus {
  header: boolean;
  row: number | null;
  col: number | null;
}

/** Where the focus is in an AG Grid: the header or a row (row-index) and a column (aria-colindex). */
async function gridFocus(grid: Locator): Promise<GridFocus | null> {
  return grid.evaluate((root) => {
    const el = document.activeElement;
    if (!el || !root.contains(el)) return null;
    const header = !!el.closest('.ag-header');
    const row = el.closest('[row-index]')?.getAttribute('row-index');
    const col = el.closest('[aria-colindex]')?.getAttribute('aria-colindex');
    return { header, row: row == null ? null : Number(row), col: col == null ? null : Number(col) };
  });
}

/**
 * Moves the focus to a grid cell with the arrow keys: Tab into the grid first if the focus is
 * outside it, then up/down to the row and left/right to the column.
 */
export async function focusGridCell(page: Page, grid: Locator, cell: Locator): Promise<void> {
  await pressUntilFocused(page, grid, 'Tab', 80);
  const { row, col } = await cell.evaluate((el) => ({
    row: Number(el.closest('[row-index]')?.getAttribute('row-index')),
    col: Number(el.getAttribute('aria-colindex')),
  }));
  for (let i = 0; i < 80; i++) {
    if (await hasFocus(cell)) return;
    const at = await gridFocus(grid);
    if (!at) throw new Error(`the focus left the grid: ${await focusedText(page)}`);
    if (at.header || at.row === null) await page.keyboard.press('ArrowDown');
    else if (at.row < row) await page.keyboard.press('ArrowDown');
    else if (at.row > row) await page.keyboard.press('ArrowUp');
    else if ((at.col ?? 0) < col) await page.keyboard.press('ArrowRight');
    else await page.keyboard.press('ArrowLeft');
  }
  await expect.poll(() => hasFocus(cell), 'the arrow keys did not reach the cell').toBe(true);
}

/** From a grid cell, up to the header row and out of the grid backwards (Shift+Tab). */
export async function leaveGridBackwards(page: Page, grid: Locator): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const at = await gridFocus(grid);
    if (!at) return;
    await page.keyboard.press(at.header ? 'Shift+Tab' : 'ArrowUp');
  }
  throw new Error(`could not leave the grid: ${await focusedText(page)}`);
}
