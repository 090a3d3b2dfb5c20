import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** Outside Updates: criteria, toolbar, the tree grid, row menus, dialogs and toasts. */
export class OutsideUpdatesPage {
  readonly shell: ShellPage;
  readonly grid: Locator;
  readonly toolbar: Locator;
  readonly itemCount: Locator;
  readonly filter: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.grid = page.getByTestId('ou-grid');
    this.toolbar = page.getByRole('toolbar', { name: 'Outside update actions' });
    this.itemCount = page.getByTestId('ou-item-count');
    this.filter = page.getByRole('textbox', { name: 'Filter' });
  }

  /** Opens the screen on a zone ('2 - Bay Area'). */
  async open(zone: string): Promise<void> {
    await this.page.goto('/adjust/outsideUpd');
    await this.shell.expectTitle('Outside Updates');
    await this.shell.zonePicker.click();
    await this.page.getByRole('option', { name: zone, exact: true }).click();
    // The criteria show the zone, or sum it up once folded (they fold when the list shows items).
    await expect(
      this.page.getByTestId('ou-zone').or(this.page.getByTestId('ou-criteria-summary')),
    ).toContainText(zone);
  }

  /** Opens the criteria panel (the filter, the auto-accept rules) once the zone's list is shown. */
  async openCriteria(): Promise<void> {
    const toggle = this.page.getByRole('button', { name: /^Criteria/ });
    // The list is shown (rows, or the empty list's notice): the panel folded with it, or stays open.
    await expect(
      this.grid
        .locator('.ag-row')
        .first()
        .or(this.page.getByRole('status').filter({ hasText: 'No Outside Update items found' })),
    ).toBeVisible();
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }

  button(name: string): Locator {
    return this.toolbar.getByRole('button', { name, exact: true });
  }

  /** A root row's cell by item key (ID@pack) and column id. */
  cell(key: string, column: string): Locator {
    return this.grid.locator(`[row-id="${key}"] [col-id="${column}"]`);
  }

  /**
   * Scrolls the grid's scrolling element on one axis (found by what it does, not by the grid
   * library's class names): to the start, or by a share of its view. False when it did not move.
   */
  private scrollGrid(axis: 'x' | 'y', by: 'start' | number): Promise<boolean> {
    return this.grid.evaluate(
      (root, [a, step]) => {
        const all = [root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))];
        const x = a === 'x';
        const el = all.find((e) =>
          x
            ? e.scrollWidth > e.clientWidth + 1 && /(auto|scroll)/.test(getComputedStyle(e).overflowX)
            : e.scrollHeight > e.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(e).overflowY),
        );
        if (!el) return false;
        const before = x ? el.scrollLeft : el.scrollTop;
        const next = step === 'start' ? 0 : before + (x ? el.clientWidth : el.clientHeight) * Number(step);
        if (x) el.scrollLeft = next;
        else el.scrollTop = next;
        return (x ? el.scrollLeft : el.scrollTop) !== before;
      },
      [axis, by] as const,
    );
  }

  /**
   * Scrolls the grid until a root row is drawn: the grid draws only the rows in view, and a zone
   * with hundreds of roots puts a later item ID below the fold.
   */
  async scrollToRow(key: string): Promise<void> {
    // The list is drawn first: a grid still loading has nothing to scroll, and the search would stop.
    await expect(this.grid.locator('.ag-row').first()).toBeVisible({ timeout: 30_000 });
    // Nine tenths of the view at a time, so a row at the edge is seen in one step or the next.
    const scroll = (reset: boolean) => this.scrollGrid('y', reset ? 'start' : 0.9);
    await scroll(true);
    await this.rowsSettled();
    for (let page = 0; page < 300; page++) {
      if ((await this.row(key).count()) > 0) return;
      if (!(await scroll(false))) break;
      await this.rowsSettled();
    }
    await expect(this.row(key)).toHaveCount(1);
  }

  /** Waits until the grid has drawn the rows of its new scroll position (the same rows twice in a row). */
  private async rowsSettled(): Promise<void> {
    const drawn = () =>
      this.grid.evaluate((root) =>
        Array.from(root.querySelectorAll('[row-id]'), (r) => r.getAttribute('row-id')).join(','),
      );
    let before = await drawn();
    for (let i = 0; i < 40; i++) {
      await this.page.waitForTimeout(50);
      const now = await drawn();
      if (now === before && now !== '') return;
      before = now;
    }
  }

  /** Scrolls the grid sideways until a column's header is drawn (the grid draws only the columns in view). */
  async scrollToColumn(colId: string): Promise<void> {
    const header = this.grid.locator(`[role="columnheader"][col-id="${colId}"]`);
    // From the left edge, a third of the view at a time, so no column is stepped over.
    const scroll = (reset: boolean) => this.scrollGrid('x', reset ? 'start' : 1 / 3);
    await scroll(true);
    for (let step = 0; step < 60; step++) {
      if ((await header.count()) > 0 && (await header.isVisible())) return;
      if (!(await scroll(false))) break;
      await this.page.waitForTimeout(50);
    }
    await expect(header).toBeVisible();
  }

  /** The root row's pinned part with its item ID (always drawn; it carries the row classes). */
  row(key: string): Locator {
    return this.grid.locator(`[row-id="${key}"]`).filter({ has: this.page.locator('[col-id="Idcode"]') });
  }

  selectBox(id: string, pack = 1): Locator {
    return this.grid.getByRole('checkbox', { name: `Select ${id} pack ${pack}`, exact: true });
  }

  expandButton(id: string, pack = 1): Locator {
    return this.grid.getByRole('button', { name: `Show the sites of ${id} pack ${pack}` });
  }

  /** Chooses an entry of a row's action menu. */
  async rowAction(id: string, entry: string, pack = 1): Promise<void> {
    await this.grid.getByRole('button', { name: `Actions of ${id} pack ${pack}` }).click();
    await this.page.getByRole('menuitem', { name: entry, exact: true }).click();
  }

  /** Types into a cell and commits with Enter. */
  async editCell(key: string, column: string, text: string): Promise<void> {
    await this.cell(key, column).dblclick();
    const editor = this.cell(key, column).locator('input');
    await expect(editor).toBeFocused();
    await editor.fill(text);
    await editor.press('Enter');
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
