import type { Locator, Page } from '@playwright/test';

/** The About dialog: one row per fact (provider, contact, copyright, versions). */
export class AboutDialog {
  readonly dialog: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'About' });
  }

  row(label: string): Locator {
    return this.dialog
      .getByRole('row')
      .filter({ has: this.dialog.page().getByRole('rowheader', { name: label }) });
  }

  value(label: string): Locator {
    return this.row(label).getByRole('cell');
  }

  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close' }).first().click();
  }
}
