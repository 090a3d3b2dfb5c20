import type { Locator, Page } from '@playwright/test';

/** The home page: application tiles and the Applications, Account and Help menus. */
export class HomePage {
  readonly heading: Locator;
  readonly menubar: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Store operations applications' });
    this.menubar = page.getByRole('menubar');
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
  }

  tile(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) });
  }

  async openMenu(name: string): Promise<Locator> {
    await this.menubar.getByRole('menuitem', { name, exact: true }).click();
    return this.page.getByRole('menu', { name, exact: true }).getByRole('menuitem');
  }
}
