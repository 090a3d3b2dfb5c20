import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DistributeToSitesPage } from './pages/DistributeToSitesPage';
import { SMTP_MESSAGES_URL, screenshotPath } from './support/env';
import { changeZone3Prices } from './support/itemAdjustApi';

/**
 * Distribute to Sites on the demo. The demo's stores start in sync with head office, so before the
 * journeys a Set Price (+0.10) on zone 3's 440 items whose ID starts 0120 (items no other journey
 * reads) gives "modifications only" something to send: 440 records per store. The in-app store
 * simulator applies each store's to-site/ file every 5 s and acknowledges it; the site list shows
 * the confirmation once the server has read the acknowledgement. The journeys run in this order:
 * the previews before the distribution that empties them.
 */

// Reports of a few thousand rows, a transfer and the stores' acknowledgement take their time.
test.describe.configure({ timeout: 120_000 });

const Z3 = [3, 'Sierra Foothills'] as const;
const SITES_Z3 = [
  [10, 'Auburn - Hwy 49'],
  [11, 'Grass Valley - Brunswick'],
  [12, 'Placerville - Main St'],
] as const;

let changed: string[] = [];
test.beforeAll(async ({ request }) => {
  changed = await changeZone3Prices(request);
});

test('the buttons follow the selection, the full send warns and turns Preview off', async ({ page }) => {
  const dts = new DistributeToSitesPage(page);
  await dts.open();
  await expect(dts.status).toHaveText('No pending Distribute To Sites');
  await expect(dts.modsOnly).toBeChecked();
  await expect(dts.note).toBeVisible();
  await expect(dts.fullSendWarning).toHaveCount(0);
  await expect(dts.noneSelected).toBeVisible();
  for (const b of [dts.itemConflicts, dts.preview, dts.distribute]) await expect(b).toBeDisabled();
  // The journeys' server sends report e-mail (to a loopback SMTP server): E-mail Report is offered.
  await expect(dts.emailReport).toBeDisabled();

  await dts.zone(...Z3).check();
  for (const [no, name] of SITES_Z3) await expect(dts.site(no, name)).toBeChecked();
  for (const b of [dts.itemConflicts, dts.preview, dts.distribute]) await expect(b).toBeEnabled();

  await dts.modsOnly.uncheck();
  await expect(dts.fullSendWarning).toBeVisible();
  await expect(dts.preview).toBeDisabled();
  await expect(dts.itemConflicts).toBeEnabled();
  await expect(dts.distribute).toBeEnabled();
  await dts.modsOnly.check();
  await expect(dts.fullSendWarning).toHaveCount(0);
  await expect(dts.preview).toBeEnabled();

  await dts.zone(...Z3).uncheck();
  await expect(dts.noneSelected).toBeVisible();
  for (const b of [dts.itemConflicts, dts.preview, dts.distribute]) await expect(b).toBeDisabled();
});

test('Item Conflicts opens the PDF of the invalid items per site', async ({ page }) => {
  const dts = new DistributeToSitesPage(page);
  await dts.open();
  await dts.showZone(...Z3);
  await dts.site(...SITES_Z3[0]).check();
  // A full send: the demo carries an item priced 0.00, which the store would refuse (with nothing
  // in conflict the page warns 'No Data to Report' instead: the component tests hold that).
  await dts.modsOnly.uncheck();
  const answer = page.waitForResponse((r) => r.url().includes('/pdf/invalidItemsPerSite'));
  await dts.itemConflicts.click();
  expect((await answer).headers()['content-type']).toContain('application/pdf');
  const viewer = await dts.expectPdf('Item Conflicts');
  // The viewer fits the window and opens at the page's width (readable without zooming).
  const view = page.viewportSize();
  const box = await viewer.boundingBox();
  const image = await viewer.getByRole('img', { name: /^Page 1 of/ }).boundingBox();
  if (!view || !box || !image) throw new Error('viewer not laid out');
  expect(box.y + box.height).toBeLessThanOrEqual(view.height);
  expect(image.width).toBeGreaterThan(box.width * 0.8);
  await page.screenshot({ path: screenshotPath('dts-item-conflicts') });
  await dts.closePdf(viewer);
  await expect(dts.itemConflicts).toBeEnabled();
});

test('Preview opens the PDF and the grid: sorted by site, 100/200/300 a page, CSV and PDF export', async ({
  page,
}) => {
  const dts = new DistributeToSitesPage(page);
  await dts.open();
  // Checked out of order: the grid still lists site 10 first.
  await dts.showZone(...Z3);
  await dts.site(...SITES_Z3[2]).check();
  await dts.site(...SITES_Z3[0]).check();
  const rowsAnswer = page.waitForResponse((r) => r.url().includes('/hbsreport/dts/preview/'));
  await dts.preview.click();
  const rows: { SiteNo: number; ID: string }[] = (await (await rowsAnswer).json()).RootResults;
  // Each changed item at each of the two stores (other journeys may have left a few more pending).
  const ids = new Set(changed);
  expect(
    rows
      .filter((r) => ids.has(r.ID))
      .map((r) => r.SiteNo)
      .sort(),
  ).toEqual([...changed.map(() => 10), ...changed.map(() => 12)]);
  const viewer = await dts.expectPdf('Distribute to Sites Preview');
  await page.screenshot({ path: screenshotPath('dts-preview-pdf') });
  await dts.closePdf(viewer);

  const grid = dts.previewGrid;
  await expect(grid).toBeVisible();
  await expect(grid.getByText(`${rows.length} row(s), sorted by site`)).toBeVisible();
  await expect(grid.getByText('Site(s) 10, 12, modifications only')).toBeVisible();
  const firstSite = grid.locator('.ag-row[row-index="0"] [col-id="SiteNo"]');
  await expect(firstSite).toHaveText('10');
  await expect(grid.locator('.ag-paging-row-summary-panel')).toContainText(
    `1 to 100 of ${rows.length.toLocaleString('en-US')}`,
  );

  const pageSize = grid.getByRole('combobox', { name: 'Page Size' });
  await expect(pageSize).toHaveText('100');
  await pageSize.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveText(['100', '200', '300']);
  await options.filter({ hasText: '300' }).click();
  await expect(grid.locator('.ag-paging-row-summary-panel')).toContainText(
    `1 to 300 of ${rows.length.toLocaleString('en-US')}`,
  );
  await page.screenshot({ path: screenshotPath('dts-preview-grid'), fullPage: true });

  // The last page holds site 12.
  await grid.getByRole('button', { name: 'Last Page' }).click();
  await expect(grid.locator('.ag-row [col-id="SiteNo"]').first()).toHaveText('12');

  const csv = page.waitForEvent('download');
  await grid.getByRole('button', { name: 'Export to CSV' }).click();
  const csvFile = await (await csv).path();
  const lines = readFileSync(csvFile, 'utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe('"Site","Action","Item ID","Pack Size","Description","Department","Unit List"');
  expect(lines).toHaveLength(rows.length + 1);

  const pdf = page.waitForEvent('download');
  await grid.getByRole('button', { name: 'Export to PDF' }).click();
  const download = await pdf;
  expect(download.suggestedFilename()).toBe('dts-preview.pdf');
  await download.saveAs(screenshotPath('dts-preview').replace(/\.png$/, '.pdf'));
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  await grid.getByRole('button', { name: 'Close preview' }).click();
  await expect(grid).toHaveCount(0);
});

test('E-mail Report sends the preview PDF to the addresses given, over SMTP', async ({ page }) => {
  const dts = new DistributeToSitesPage(page);
  await dts.open();
  await dts.showZone(...Z3);
  await dts.site(...SITES_Z3[0]).check();
  await dts.emailReport.click();
  const dialog = page.getByRole('dialog', { name: 'E-mail Report' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Required.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'To' }).fill('buyer@example.test');
  await dialog.getByRole('textbox', { name: 'Cc' }).fill('office@example.test');
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Zone 3 changes');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('The changes going to Auburn.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dts.toast('Report was sent.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);

  const res = await page.request.get(SMTP_MESSAGES_URL);
  const mails: { rcpt: string[]; raw: string }[] = await res.json();
  const mail = mails.find((m) => m.raw.includes('Subject: Zone 3 changes'));
  expect(mail?.rcpt.sort()).toEqual(['buyer@example.test', 'office@example.test']);
  expect(mail?.raw).toContain('The changes going to Auburn.');
  expect(mail?.raw).toMatch(/Content-Type: application\/pdf/);
  // The attachment is a PDF: base64 of '%PDF-' opens its body.
  expect(mail?.raw).toMatch(/\r\n\r\nJVBERi0/);
});

test('distributing modifications only completes and the stores confirm their files', async ({ page }) => {
  const dts = new DistributeToSitesPage(page);
  await dts.open();
  await dts.zone(...Z3).check();
  const started = page.waitForResponse((r) => r.url().includes('/distributeToSites/'));
  await dts.distribute.click();
  const answer = await started;
  expect(answer.request().postDataJSON()).toEqual({ sitenos: '10,11,12', bModsOnly: true });
  expect((await answer.json()).RootResults.Sites).toBe(3);

  // While it runs the buttons and the picker are locked.
  await expect(dts.status).toContainText('Status: PENDING');
  await expect(dts.inProgress).toBeDisabled();
  await expect(dts.itemConflicts).toBeDisabled();
  await expect(dts.preview).toBeDisabled();
  await expect(dts.zone(...Z3)).toBeDisabled();
  await page.screenshot({ path: screenshotPath('dts-pending') });

  await expect(dts.status).toContainText('Done: 3 site(s).', { timeout: 90_000 });
  await expect(dts.status).toContainText('Status: DONE');
  await expect(dts.status).toContainText('0 of 3 site(s) remaining');
  await expect(dts.status.getByRole('progressbar', { name: 'Sites done' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(dts.distribute).toBeEnabled();

  // The site list shows each store's new file (confirmed or not yet: a store may answer quickly).
  const cells = SITES_Z3.map(([no, name]) => dts.lastDistribution(no, name, ...Z3));
  for (const [i, [no]] of SITES_Z3.entries()) {
    await expect(cells[i]).toContainText(new RegExp(`ITT0${no}\\d{14}\\.xml`));
    await expect(cells[i]).toContainText(/Not confirmed yet|Confirmed by the store/);
  }
  await page.screenshot({ path: screenshotPath('dts-complete'), fullPage: true });

  // The simulator applies the file and acknowledges it within ~5 s; the screen keeps reading the
  // site list, and the server reads the stores' acknowledgements when it lists them, so each
  // confirmation shows without a reload (and without a Site Import).
  for (const cell of cells) await expect(cell).toContainText('Confirmed by the store', { timeout: 60_000 });
  await expect(page.getByText('Waiting for the stores to confirm the new file…')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('dts-confirmed'), fullPage: true });

  // Everything went: a preview of modifications only has nothing left to show.
  await dts.preview.click();
  await dts.closePdf(await dts.expectPdf('Distribute to Sites Preview'));
  await expect(dts.previewGrid.getByText('No Data to Report')).toBeVisible();
});

test('screenshots at 1366x768 and 1920x1080', async ({ page }) => {
  // The distribution above sent everything: change the prices again so the preview has rows.
  await changeZone3Prices(page.request);
  const dts = new DistributeToSitesPage(page);
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await dts.open();
    await page.screenshot({ path: screenshotPath(`dts-${w}x${h}`), fullPage: true });
    await dts.showZone(...Z3);
    await dts.site(...SITES_Z3[0]).check();
    await dts.modsOnly.uncheck();
    await expect(dts.fullSendWarning).toBeVisible();
    await page.screenshot({ path: screenshotPath(`dts-${w}x${h}-full-send`), fullPage: true });
    await dts.modsOnly.check();
    await dts.preview.click();
    await dts.closePdf(await dts.expectPdf('Distribute to Sites Preview'));
    await expect(dts.previewGrid.locator('.ag-row').first()).toBeVisible();
    await page.screenshot({ path: screenshotPath(`dts-${w}x${h}-preview`), fullPage: true });
  }
});
