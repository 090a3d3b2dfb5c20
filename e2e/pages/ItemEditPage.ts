import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** Add/Edit Item (spec part 1 §2.6): the Edit Item form and its History view. */
export class ItemEditPage {
  readonly shell: ShellPage;
  readonly heading: Locator;
  readonly marker: Locator;
  readonly zone: Locator;
  readonly id: Locator;
  readonly packSize: Locator;
  readonly search: Locator;
  readonly type: Locator;
  readonly description: Locator;
  readonly rcptDesc: Locator;
  readonly department: Locator;
  readonly unitList: Locator;
  readonly history: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly historyGrid: Locator;
  readonly toggleExpandAll: Locator;
  readonly back: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 2 }).first();
    this.marker = page.getByTestId('edit-marker');
    this.zone = page.getByTestId('edit-zone');
    this.id = main.getByRole('textbox', { name: 'ID/PLU' });
    this.packSize = main.getByRole('textbox', { name: 'Pack Size', exact: true });
    this.search = main.getByRole('button', { name: 'Search', exact: true });
    this.type = main.getByRole('combobox', { name: 'Type' });
    this.description = main.getByRole('textbox', { name: 'Description' });
    this.rcptDesc = main.getByRole('textbox', { name: 'Rcpt Desc' });
    this.department = main.getByRole('combobox', { name: 'Department' });
    this.unitList = main.getByRole('textbox', { name: 'Unit List' });
    this.history = main.getByRole('button', { name: 'History', exact: true });
    this.save = main.getByRole('button', { name: 'Save', exact: true });
    this.cancel = main.getByRole('button', { name: 'Cancel', exact: true });
    this.historyGrid = main.getByRole('region', { name: 'History' });
    this.toggleExpandAll = main.getByRole('button', { name: 'Toggle Expand All' });
    this.back = main.getByRole('button', { name: 'Back', exact: true });
  }

  async expectOpen(): Promise<void> {
    await this.shell.expectTitle('Add/Edit Item');
    await expect(this.heading).toHaveText('Edit Item');
  }

  /** The grid rows of the History view (group rows and change rows), as the cells' texts. */
  historyRows(): Locator {
    return this.historyGrid.getByRole('row');
  }

  historyCell(row: Locator, colId: string): Locator {
    return row.locator(`[col-id="${colId}"]`);
  }
}
