import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/**
 * Distribute to Sites: the zone tree and site list, "Distribute modifications only" with its note,
 * Item Conflicts, Preview, E-mail Report, Distribute, the status, the PDF viewer and the preview grid.
 */
export class DistributeToSitesPage {
  readonly shell: ShellPage;
  readonly modsOnly: Locator;
  readonly itemConflicts: Locator;
  readonly preview: Locator;
  readonly emailReport: Locator;
  readonly distribute: Locator;
  readonly inProgress: Locator;
  readonly status: Locator;
  readonly note: Locator;
  readonly fullSendWarning: Locator;
  readonly previewGrid: Locator;
  readonly noneSelected: Locator;

  static readonly NOTE =
    'Distributing all items overrides the existing CDB items, and unit costs are overridden at the CPB sites.';

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.modsOnly = page.getByRole('checkbox', { name: 'Distribute modifications only' });
    this.itemConflicts = page.getByRole('button', { name: 'Item Conflicts' });
    this.preview = page.getByRole('button', { name: 'Preview', exact: true });
    this.emailReport = page.getByRole('button', { name: 'E-mail Report' });
    this.distribute = page.getByRole('button', { name: 'Distribute', exact: true });
    this.inProgress = page.getByRole('button', { name: /^Distribute (In Progress|Please wait\.)$/ });
    this.status = page.getByRole('status').filter({ hasText: /Status: |No pending Distribute To Sites/ });
    this.note = page.getByText(DistributeToSitesPage.NOTE);
    this.fullSendWarning = page.getByRole('alert').filter({ hasText: DistributeToSitesPage.NOTE });
    this.previewGrid = page.getByRole('region', { name: 'Distribute to Sites Preview' });
    this.noneSelected = page.getByText(
      'No Sites are selected. Please select a zone to select sites for import.',
    );
  }

  async open(): Promise<void> {
    await this.page.goto('/setup/disttosite');
    await this.shell.expectTitle('Distribute to Sites');
    await expect(this.zone(1, 'Central Valley')).toBeVisible({ timeout: 20_000 });
  }

  /** A zone's checkbox in the tree ('Zone 3 - Sierra Foothills'). */
  zone(no: number, name: string): Locator {
    return this.page.getByRole('checkbox', { name: `Zone ${no} - ${name}`, exact: true });
  }

  /** Lists the sites of a zone in the site list. */
  async showZone(no: number, name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Show the sites of Zone ${no} - ${name}` }).click();
    await expect(this.sitesTable(no, name)).toBeVisible();
  }

  /** A site's checkbox in the site list ('Site 12 - Placerville - Main St'). */
  site(no: number, name: string): Locator {
    return this.page.getByRole('checkbox', { name: `Site ${no} - ${name}`, exact: true });
  }

  /** The site list of a zone (a table named after it). */
  sitesTable(no: number, name: string): Locator {
    return this.page.getByRole('table', { name: `Sites of Zone ${no} - ${name}` });
  }

  /** The last-distribution cell of a site's row. */
  lastDistribution(no: number, name: string, zoneNo: number, zoneName: string): Locator {
    return this.sitesTable(zoneNo, zoneName)
      .getByRole('row')
      .filter({ has: this.site(no, name) })
      .getByRole('cell')
      .nth(3);
  }

  /** The PDF viewer titled `title`, once its first page is drawn. */
  async expectPdf(title: string): Promise<Locator> {
    const viewer = this.page.getByRole('dialog', { name: title });
    // A report of a few thousand rows takes the server some seconds to lay out.
    await expect(viewer).toBeVisible({ timeout: 60_000 });
    await expect(viewer.getByRole('img', { name: /^Page 1 of \d+/ })).toBeVisible({ timeout: 15_000 });
    return viewer;
  }

  async closePdf(viewer: Locator): Promise<void> {
    await viewer.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(viewer).toHaveCount(0);
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
