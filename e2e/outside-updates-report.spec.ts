import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { OutsideUpdatesPage } from './pages/OutsideUpdatesPage';
import { expectAccessible } from './support/axe';
import { DEMO, SMTP_MESSAGES_URL, screenshotPath } from './support/env';
import { importSites } from './support/outsideUpdatesApi';
import { pdfText } from './support/pdfText';

/**
 * The Outside Updates report: zone 2 (Bay Area, stores 5-9) after store 7's local changes came in
 * by Site Import. View Report opens the PDF in the viewer; E-mail Report sends it to the loopback
 * SMTP server.
 */
const ZONE_2 = { id: 2, label: '2 - Bay Area' };
const VIEWER = 'Outside Updates Report, zone 2 - Bay Area';

/** The pages' text on one line: a long cell wraps in the PDF. */
const flat = (pages: string[]) => pages.join(' ').replace(/\s+/g, ' ');

// Site Import of a store and the first visit of the screen take a while on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** One of store 7's changes as the list shows it: the item and what the store sent. */
let change: { id: string; site: string; price: string | null; description: string | null };

test.beforeAll(async ({ request }) => {
  await importSites(request, '7');
  const res = await request.get(`/outsideupdates/${DEMO.userName}/${ZONE_2.id}`);
  expect(res.ok()).toBe(true);
  const list: {
    included: {
      Idcode: string;
      SiteNo: number;
      SetupDescription: string;
      Price: string | null;
      Description: string | null;
    }[];
  } = await res.json();
  const fromStore7 = list.included.find((s) => s.SiteNo === 7);
  if (!fromStore7) throw new Error('no outside update from store 7');
  change = {
    id: fromStore7.Idcode,
    site: `Site 7 - ${fromStore7.SetupDescription}`,
    price: fromStore7.Price,
    description: fromStore7.Description,
  };
});

test("View Report opens the zone's report as a PDF with store 7's change in it", async ({ page }) => {
  const ou = new OutsideUpdatesPage(page);
  await ou.open(ZONE_2.label);
  await expect(ou.grid.locator(`[row-id="${change.id}@1"]`).first()).toBeVisible();
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await expect(ou.button('View Report')).toBeVisible();
    await page.screenshot({ path: screenshotPath(`outside-updates-toolbar-${w}x${h}`) });
  }
  const answer = page.waitForResponse((r) => r.url().includes('/report/outsideupdates/'));
  await ou.button('View Report').click();
  const res = await answer;
  expect(res.status()).toBe(200);
  expect(res.url()).toContain(`/report/outsideupdates/${DEMO.userName}/2/2/Bay%20Area`);
  expect(res.headers()['content-type']).toBe('application/pdf');
  // The page read the answer as a blob; the same call again gives the bytes to read here.
  const again = await page.request.get(res.url());
  expect(again.headers()['content-type']).toBe('application/pdf');
  const pdf = await again.body();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  const viewer = ou.dialog(VIEWER);
  await expect(viewer).toBeVisible({ timeout: 60_000 });
  await expect(viewer.getByRole('img', { name: /^Page 1 of \d+/ })).toBeVisible({ timeout: 15_000 });

  fs.writeFileSync(screenshotPath('outside-updates-report').replace(/\.png$/, '.pdf'), pdf);
  const text = flat(await pdfText(pdf));
  expect(text).toContain('Central Price Book / Outside Updates Report');
  expect(text).toContain(`Zone 2 - Bay Area Printed by ${DEMO.userName} on `);
  expect(text).toMatch(/Page 1 of \d+/);
  // Store 7's row, under its item: what the store sent.
  const item = text.indexOf(`${change.id} 1 `);
  const site7 = text.indexOf(change.site, item);
  expect(item, text).toBeGreaterThan(-1);
  expect(site7, text).toBeGreaterThan(item);
  const row = text.slice(site7, site7 + change.site.length + 120);
  if (change.description) expect(row).toContain(change.description);
  if (change.price) expect(row).toContain(change.price);

  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await expect(viewer.getByRole('img', { name: /^Page 1 of \d+/ })).toBeVisible();
    await page.screenshot({ path: screenshotPath(`outside-updates-report-${w}x${h}`) });
  }
  await expectAccessible(page, 'Outside Updates, View Report');
  await viewer.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(viewer).toHaveCount(0);
});

test('E-mail Report sends the report PDF to the addresses given, over SMTP', async ({ page }) => {
  const ou = new OutsideUpdatesPage(page);
  await ou.open(ZONE_2.label);
  await ou.button('E-mail Report').click();
  const dialog = ou.dialog('E-mail Report');
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue(
    'Outside Updates Report, zone 2 - Bay Area',
  );
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: screenshotPath(`outside-updates-email-${w}x${h}`) });
  }
  await expectAccessible(page, 'Outside Updates, E-mail Report');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Required.')).toBeVisible();
  const subject = `Bay Area outside updates ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'To' }).fill('buyer@example.test');
  await dialog.getByRole('textbox', { name: 'Cc' }).fill('office@example.test');
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Store 7 changed some prices.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(ou.toast('Report was sent.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);

  const res = await page.request.get(SMTP_MESSAGES_URL);
  const mails: { rcpt: string[]; raw: string }[] = await res.json();
  const mail = mails.find((m) => m.raw.includes(`Subject: ${subject}`));
  expect(mail?.rcpt.sort()).toEqual(['buyer@example.test', 'office@example.test']);
  const raw = mail?.raw ?? '';
  expect(raw).toContain('Store 7 changed some prices.');
  expect(raw).toContain('Content-Type: application/pdf; name=outside-updates-zone-2.pdf');
  // The attachment: its base64 body up to the closing boundary is the report's PDF.
  const part = raw.slice(raw.indexOf('Content-Type: application/pdf'));
  const b64 = part.slice(part.indexOf('\r\n\r\n') + 4, part.indexOf('\r\n--'));
  const pdf = Buffer.from(b64.replace(/\s+/g, ''), 'base64');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = flat(await pdfText(pdf));
  expect(text).toContain('Zone 2 - Bay Area');
  expect(text).toContain(change.id);
  expect(text).toContain(change.site);
});
