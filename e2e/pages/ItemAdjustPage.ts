import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** Item Adjustment: criteria panel, results toolbar, the AG Grid, dialogs and toasts. */
export class ItemAdjustPage {
  readonly shell: ShellPage;
  readonly applyCriteria: Locator;
  readonly itemCount: Locator;
  readonly divergentOnly: Locator;
  readonly grid: Locator;
  /** The criteria panel's header button: folds and opens the panel. */
  readonly criteriaToggle: Locator;
  /** The folded panel's one-line summary of the criteria searched. */
  readonly criteriaSummary: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.applyCriteria = page.getByRole('button', { name: 'Apply Criteria' });
    this.itemCount = page.getByTestId('item-count');
    this.divergentOnly = page.getByRole('checkbox', { name: 'Divergent values only' });
    this.grid = page.getByTestId('item-grid');
    this.criteriaToggle = page.getByRole('button', { name: /^Search Criteria/ });
    this.criteriaSummary = page.getByTestId('criteria-summary');
  }

  /** Opens the criteria panel, which folds to its summary after a search that found items. */
  async openCriteria(): Promise<void> {
    if ((await this.criteriaToggle.getAttribute('aria-expanded')) === 'false')
      await this.criteriaToggle.click();
    await expect(this.applyCriteria).toBeVisible();
  }

  /** Opens the screen on a zone ('1 - Central Valley'). */
  async open(zone: string): Promise<void> {
    await this.page.goto('/adjust/itemAdjust');
    await this.shell.expectTitle('Item Adjustment');
    await this.pickZone(zone);
  }

  async pickZone(zone: string): Promise<void> {
    await this.shell.zonePicker.click();
    await this.page.getByRole('option', { name: zone, exact: true }).click();
  }

  /** A criterion's box: its label ('Item Description'), or 'Margin from' / 'Margin to' for a range. */
  criterion(name: string): Locator {
    return this.page
      .getByRole('textbox', { name, exact: true })
      .or(this.page.getByRole('combobox', { name, exact: true }));
  }

  applyBox(name: string): Locator {
    return this.page.getByRole('checkbox', { name: `Apply ${name}` });
  }

  async search(name: string, value: string): Promise<void> {
    await this.openCriteria();
    await this.criterion(name).fill(value);
    await this.applyCriteria.click();
    // Done: Apply Criteria is back (nothing found, the panel stays open), or the panel folded.
    await expect(this.applyCriteria.or(this.criteriaSummary).first()).not.toHaveAttribute(
      'data-loading',
      'true',
    );
  }

  /** A cell by item key (ID@pack) and column (the grid's field name). */
  cell(key: string, column: string): Locator {
    return this.grid.locator(`[row-id="${key}"] [col-id="${column}"]`);
  }

  /** The row element of the grid's scrolling part (it carries the row classes and row-index). */
  row(key: string): Locator {
    return this.grid
      .locator(`[row-id="${key}"]`)
      .filter({ has: this.page.locator('[col-id="Description"]') });
  }

  /** The row's selection checkbox, named after its item: 'Select 04900000044 pack 1'. */
  selectBox(key: string): Locator {
    const [id, pack] = key.split('@');
    return this.grid.getByRole('checkbox', { name: `Select ${id} pack ${pack}`, exact: true });
  }

  async select(key: string): Promise<void> {
    await this.selectBox(key).check();
  }

  /**
   * Types into a cell and commits: Enter commits and saves the row at once; Tab commits and
   * moves along the row, which stays Editing until it is left.
   */
  async editCell(
    key: string,
    column: string,
    text: string,
    commit: 'Enter' | 'Tab' = 'Enter',
  ): Promise<void> {
    await this.cell(key, column).dblclick();
    const editor = this.cell(key, column).locator('input');
    await expect(editor).toBeFocused();
    await editor.fill(text);
    await editor.press(commit);
  }

  /** A batch button shown in the toolbar (the ones that do not fit are in its More menu). */
  batch(name: string): Locator {
    return this.page
      .getByRole('toolbar', { name: 'Batch updates' })
      .getByRole('button', { name, exact: true });
  }

  /** Opens a batch dialog: its toolbar button, or its entry in the toolbar's More menu. */
  async openBatch(name: string): Promise<void> {
    const button = this.batch(name);
    if ((await button.count()) > 0) {
      await expect(button).toBeEnabled();
      await button.click();
      return;
    }
    await this.batch('More').click();
    const entry = this.page.getByRole('menu').getByRole('menuitem', { name, exact: true });
    await expect(entry).toBeEnabled();
    await entry.click();
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
