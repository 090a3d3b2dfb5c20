import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ShellPage } from './pages/ShellPage';
import { expectAccessible } from './support/axe';
import { DEMO, SMTP_MESSAGES_URL, screenshotPath } from './support/env';
import { pdfText } from './support/pdfText';

/**
 * The Negotiated Cost Report on the demo's zone 1 (Central Valley): the demo's Core-Mark invoices
 * CM-100231 (store 1, 12 days ago) and CM-100244 (store 2, 5 days ago) against 'Q4 Candy Deal'
 * (in force from 30 days ago to 60 days ahead). The combo sets vendor and dates; View shows each
 * invoice; the PDF is read back with pdf.js; E-mail goes to the loopback SMTP server.
 */
const ZONE_1 = '1 - Central Valley';

test.describe.configure({ timeout: 180_000 });

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const flat = (pages: string[]) => pages.join(' ').replace(/\s+/g, ' ');
const isoOf = (us: string) => `${us.slice(6)}-${us.slice(0, 2)}-${us.slice(3, 5)}`;
const daysBetween = (a: string, b: string) => (Date.parse(isoOf(b)) - Date.parse(isoOf(a))) / 86_400_000;

async function open(page: Page) {
  const shell = new ShellPage(page);
  await page.goto('/report/negotiatedCostRpt');
  await shell.expectTitle('Negotiated Cost Report');
  await shell.zonePicker.click();
  await page.getByRole('option', { name: ZONE_1, exact: true }).click();
  await expect(
    toast(page, /^Options reloaded,zone=1 - Central Valley,Neg Cost=\d+,Vendors=\d+$/),
  ).toBeVisible();
}

test('the combo sets vendor and dates; View shows each invoice against the negotiated cost; PDF', async ({
  page,
}) => {
  await open(page);
  const begin = page.getByRole('textbox', { name: 'Begin Date' });
  const end = page.getByRole('textbox', { name: 'End Date' });
  // The default range: the last 14 days, today included.
  expect(daysBetween(await begin.inputValue(), await end.inputValue())).toBe(13);
  await expect(page.getByRole('combobox', { name: 'Vendor' })).toHaveAttribute(
    'placeholder',
    'Select vendor...',
  );
  await expect(page.getByRole('combobox', { name: 'Report Option' })).toHaveAttribute(
    'placeholder',
    'Select options...',
  );

  // A preset, then the combo: its vendor and its dates replace them.
  await page.getByRole('button', { name: 'Presets' }).click();
  await page.getByRole('menuitem', { name: 'Last 7 Days' }).click();
  expect(daysBetween(await begin.inputValue(), await end.inputValue())).toBe(6);
  await page.getByRole('combobox', { name: 'Negotiated Cost' }).click();
  await page.getByRole('option', { name: /^Q4 Candy Deal \(COREMARK/ }).click();
  await expect(page.getByRole('combobox', { name: 'Vendor' })).toHaveValue('COREMARK - Core-Mark');
  expect(daysBetween(await begin.inputValue(), await end.inputValue())).toBe(90);
  await page.getByRole('combobox', { name: 'Report Option' }).click();
  await page.getByRole('option', { name: 'Negotiated', exact: true }).click();
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: screenshotPath(`negotiated-cost-report-form-${w}x${h}`) });
  }
  await expectAccessible(page, 'Negotiated Cost Report, form');

  const rows = page.waitForResponse((r) => r.url().includes('/negcost/preview'));
  await page.getByRole('button', { name: 'View', exact: true }).click();
  const list: { Invoice: string; InvoiceDifference: string }[] = (await (await rows).json()).RootResults
    .Invoices;
  expect(list.map((r) => r.Invoice).sort()).toEqual(['CM-100231', 'CM-100244']);
  await expect(
    page.getByRole('heading', { name: /Vendor COREMARK · Site 1 - .* · Invoice CM-100231/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: /Invoice CM-100244/ })).toBeVisible();
  await expect(page.getByText('Invoice Difference:').first()).toBeVisible();
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: screenshotPath(`negotiated-cost-report-view-${w}x${h}`) });
  }
  await expectAccessible(page, 'Negotiated Cost Report, report view');

  // Beyond the spec: the recovery claim as CSV, per vendor and month.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Recovery Claim (CSV)' }).click();
  const csv = fs.readFileSync((await (await download).path()) as string, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Vendor,Month,Amount,Invoices');
  expect(csv).toMatch(/"COREMARK","\d{4}-\d{2}","\d+\.\d{2}","CM-/);

  const answer = page.waitForResponse((r) => r.url().includes('/negcost/negotiated'));
  await page.getByRole('button', { name: 'View PDF' }).click();
  const res = await answer;
  expect(res.status()).toBe(200);
  expect(res.url()).toContain(`/report/${DEMO.userName}/negcost/negotiated?`);
  const pdf = await (await page.request.get(res.url())).body();
  const text = flat(await pdfText(pdf));
  expect(text).toContain('Central Price Book / Negotiated Cost Report');
  expect(text).toMatch(new RegExp(`Printed by ${DEMO.userName} on \\d{2}/\\d{2}/\\d{4}`));
  expect(text).toContain('Vendor Date ID Size Description Actual Negotiated Qty');
  expect(text).toContain('Invoice CM-100231');
  expect(text).toContain('Invoice CM-100244');
  expect(text).toContain('2 invoice(s); total difference');
  const viewer = page.getByRole('dialog', { name: 'Negotiated Cost Report, zone 1 - Central Valley' });
  await expect(viewer.getByRole('img', { name: /^Page 1 of \d+/ })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: screenshotPath('negotiated-cost-report-pdf') });
  await viewer.getByRole('button', { name: 'Close', exact: true }).click();

  // Back to the form: a vendor with no negotiated cost in zone 1 has nothing to report.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('combobox', { name: 'Vendor' }).fill('MCLANE');
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await expect(toast(page, 'Nothing to report for the given criteria!')).toBeVisible();
});

test('E-mail sends the report PDF and the recovery claim to the addresses given, over SMTP', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('button', { name: 'Presets' }).click();
  await page.getByRole('menuitem', { name: 'Last 30 Days' }).click();
  await page.getByRole('button', { name: 'E-mail', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail' });
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue(
    /^Negotiated Cost Report, zone 1 - Central Valley, /,
  );
  await expectAccessible(page, 'Negotiated Cost Report, E-mail');
  const subject = `Candy deal check ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'To' }).fill('buyer@example.test');
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Core-Mark billed above the deal.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Report was sent.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);

  const mails: { rcpt: string[]; raw: string }[] = await (await page.request.get(SMTP_MESSAGES_URL)).json();
  const raw = mails.find((m) => m.raw.includes(`Subject: ${subject}`))?.raw ?? '';
  expect(raw).toContain('Core-Mark billed above the deal.');
  expect(raw).toContain('Content-Type: application/pdf; name=negotiated-cost-report.pdf');
  expect(raw).toContain('name=recovery-claim.csv');
  const part = raw.slice(raw.indexOf('Content-Type: application/pdf'));
  const b64 = part.slice(part.indexOf('\r\n\r\n') + 4, part.indexOf('\r\n--'));
  const text = flat(await pdfText(Buffer.from(b64.replace(/\s+/g, ''), 'base64')));
  expect(text).toContain('Central Price Book / Negotiated Cost Report');
  expect(text).toContain('Invoice CM-100244');
});
