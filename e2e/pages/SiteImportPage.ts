import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** Site Import: the zone tree and site list, the three options, Notes, Refresh Zones, Submit and the status. */
export class SiteImportPage {
  readonly shell: ShellPage;
  readonly submit: Locator;
  readonly inProgress: Locator;
  readonly refreshZones: Locator;
  readonly doDts: Locator;
  readonly buildMaster: Locator;
  readonly modsOnly: Locator;
  readonly notes: Locator;
  readonly status: Locator;
  readonly noneSelected: Locator;
  readonly someSelected: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.submit = page.getByRole('button', { name: 'Submit', exact: true });
    this.inProgress = page.getByRole('button', { name: 'Submit In Progress', exact: true });
    this.refreshZones = page.getByRole('button', { name: 'Refresh Zones' });
    this.doDts = page.getByRole('checkbox', { name: 'Distribute to sites' });
    this.buildMaster = page.getByRole('checkbox', { name: 'Bypass/build master' });
    this.modsOnly = page.getByRole('checkbox', { name: 'Modified items only' });
    this.notes = page.getByRole('textbox', { name: 'Notes' });
    this.status = page.getByRole('status').filter({ hasText: /Status: |No pending Site Imports/ });
    this.noneSelected = page.getByText(
      'No Sites are selected. Please select a zone to select sites for import.',
    );
    this.someSelected = page.getByText(
      'Sites are selected. Please select a zone to select sites for import.',
      {
        exact: true,
      },
    );
  }

  async open(): Promise<void> {
    await this.page.goto('/setup/sitesImport');
    await this.shell.expectTitle('Site Import');
    await expect(this.zone(1, 'Central Valley')).toBeVisible();
  }

  /** A zone's checkbox in the tree ('Zone 3 - Sierra Foothills'). */
  zone(no: number, name: string): Locator {
    return this.page.getByRole('checkbox', { name: `Zone ${no} - ${name}`, exact: true });
  }

  /** Lists the sites of a zone in the site list. */
  async showZone(no: number, name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Show the sites of Zone ${no} - ${name}` }).click();
    await expect(this.page.getByRole('table', { name: `Sites of Zone ${no} - ${name}` })).toBeVisible();
  }

  /** A site's checkbox in the site list ('Site 12 - Placerville - Main St'). */
  site(no: number, name: string): Locator {
    return this.page.getByRole('checkbox', { name: `Site ${no} - ${name}`, exact: true });
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
