import { expect, type Locator, type Page } from '@playwright/test';

/** The main shell around every screen: navigation, account, title, zone picker, footer. */
export class ShellPage {
  readonly heading: Locator;
  readonly helpLink: Locator;
  readonly greeting: Locator;
  readonly logOff: Locator;
  readonly logIn: Locator;
  readonly menubar: Locator;
  readonly sideMenu: Locator;
  readonly zonePicker: Locator;
  readonly footer: Locator;
  readonly loading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.helpLink = page.getByRole('link', { name: 'Help', exact: true });
    this.greeting = page.getByText(/^Hello, /);
    this.logOff = page.getByRole('button', { name: 'Log Off' });
    this.logIn = page.getByRole('link', { name: 'Log In' });
    this.menubar = page.getByRole('menubar', { name: 'Main navigation' });
    this.sideMenu = page.getByRole('navigation', { name: 'Shortcuts' });
    this.zonePicker = page.getByRole('combobox', { name: 'Current Zone' });
    this.footer = page.locator('footer');
    this.loading = page.getByRole('progressbar', { name: 'Loading page' });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }

  /** Opens a top navigation group and returns its entries. */
  async openGroup(group: string): Promise<Locator> {
    await this.menubar.getByRole('menuitem', { name: group, exact: true }).click();
    // By name: the previous group's menu may still be closing when this one opens.
    const menu = this.page.getByRole('menu', { name: group, exact: true });
    await expect(menu).toBeVisible();
    return menu.getByRole('menuitem');
  }

  async navigate(group: string, entry: string): Promise<void> {
    await this.openGroup(group);
    await this.page
      .getByRole('menu', { name: group, exact: true })
      .getByRole('menuitem', { name: entry, exact: true })
      .click();
  }

  /**
   * Checks the screen title as the page heading and as the document title. A screen's first
   * visit loads its code (the grid's included), so its heading gets longer than a usual check.
   */
  async expectTitle(title: string): Promise<void> {
    await expect(this.heading).toHaveText(title, { timeout: 20_000 });
    await expect(this.page).toHaveTitle(title);
  }

  zoneOptions(): Locator {
    return this.page.getByRole('listbox', { name: 'Current Zone' }).getByRole('option');
  }
}
