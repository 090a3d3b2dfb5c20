import { readFileSync, writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ShellPage } from './pages/ShellPage';
import { BUILD_FILE } from './support/env';

const original = readFileSync(BUILD_FILE, 'utf8');
const current = (JSON.parse(original) as { build: string }).build;

/** Marks the loaded document; a reload replaces it with one without the mark. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { e2eMark?: boolean }).e2eMark = true;
  });
}

const isMarked = (page: Page) =>
  page.evaluate(() => Boolean((window as unknown as { e2eMark?: boolean }).e2eMark));

function deploy(build: string): void {
  writeFileSync(BUILD_FILE, `${JSON.stringify({ build })}\n`);
}

test.afterEach(() => {
  writeFileSync(BUILD_FILE, original);
});

test('an open page notices a new build on its poll and reloads once', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto('/setup/disttosite?buildPoll=300');
  await shell.expectTitle('Distribute to Sites');
  await markDocument(page);
  // Nothing deployed: the page stays as it is.
  await page.waitForTimeout(1200);
  expect(await isMarked(page)).toBe(true);

  const next = `${current}-next`;
  const reloaded = page.waitForEvent('load');
  deploy(next);
  await reloaded;
  await shell.expectTitle('Distribute to Sites');
  expect(await isMarked(page)).toBe(false);
  expect(await page.evaluate(() => sessionStorage.getItem('cpb.reloadedForBuild'))).toBe(next);

  // This bundle is still the old one: it must not reload again and again.
  await markDocument(page);
  await page.waitForTimeout(1500);
  expect(await isMarked(page)).toBe(true);
});

test('coming back to the window checks for a new build at once', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto('/setup/vendorImportSetup');
  await shell.expectTitle('Vendor Import Setup');
  await markDocument(page);
  const reloaded = page.waitForEvent('load', { timeout: 5_000 });
  deploy(`${current}-focus`);
  // Well inside the 15 s poll interval, so only the focus check can notice it.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await reloaded;
  expect(await isMarked(page)).toBe(false);
});
