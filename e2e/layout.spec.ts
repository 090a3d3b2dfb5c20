import { expect, type Locator, type Page, test } from '@playwright/test';
import { HomePage } from './pages/HomePage';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { screenshotPath } from './support/env';

/** The two screen sizes the page must work at. */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** The batch buttons in the spec's order (part 1 §2.3). */
const BATCHES = [
  'Set Price',
  'Set Cost',
  'Set Negotiated Cost',
  'Set Redemption',
  'Set Tax Group',
  'Set Department',
  'Set Item Group',
  'Set Vendor',
  'Set Min/Max',
  'Set Inactive',
  'Coverage',
];

test.describe.configure({ timeout: 120_000 });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} has no box`);
  return b;
}

/** The locator's box once it holds still for two frames (the criteria fold away with a transition). */
async function settledBox(page: Page, locator: Locator) {
  let last = await box(locator);
  await expect
    .poll(async () => {
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const now = await box(locator);
      const still = now.y === last.y && now.height === last.height;
      last = now;
      return still;
    })
    .toBe(true);
  return last;
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Font sizes (px) of every element under `root` that has its own text. */
async function textSizes(root: Locator): Promise<{ text: string; size: number }[]> {
  return root.evaluateAll((roots) =>
    roots.flatMap((r) =>
      [r, ...r.querySelectorAll('*')]
        .filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim()))
        .map((e) => ({
          text: e.textContent?.trim() ?? '',
          size: Number.parseFloat(getComputedStyle(e).fontSize),
        })),
    ),
  );
}

async function openItemAdjustment(page: Page, itemId: string): Promise<ItemAdjustPage> {
  const ia = new ItemAdjustPage(page);
  await page.goto('/adjust/itemAdjust');
  await expect(ia.shell.heading).toHaveText('Item Adjustment', { timeout: 30_000 });
  await ia.pickZone('3 - Sierra Foothills');
  await ia.search('Item ID', itemId);
  return ia;
}

for (const size of SIZES) {
  test(`toasts keep clear of the header, the page's controls and the footer at ${size.width}x${size.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const ia = await openItemAdjustment(page, '99999999');
    // Three searches that find nothing stack three toasts, as quick saves in the grid do.
    for (let n = 2; n <= 3; n += 1) {
      await expect(ia.toast('No item(s) found')).toHaveCount(n - 1);
      await ia.search('Item ID', '99999999');
    }
    const stack = page.locator('.cpb-notifications', { has: page.getByRole('alert') });
    await expect(ia.toast('No item(s) found')).toHaveCount(3);
    // Wait for the slide-in to end before measuring.
    await expect(async () => {
      const t = await box(stack);
      expect(t.x + t.width).toBeLessThanOrEqual(size.width);
    }).toPass();
    const t = await box(stack);
    const header = await box(page.getByRole('banner'));
    const footer = await box(page.getByRole('contentinfo'));
    expect(t.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(t.y + t.height).toBeLessThanOrEqual(footer.y);
    // A toast under the pointer stops its own closing: over a button it would keep it out of reach.
    const controls = [
      ia.shell.greeting,
      ia.shell.logOff,
      page.getByRole('button', { name: 'Undo' }),
      ia.shell.zonePicker,
    ];
    for (const own of controls) expect(overlaps(t, await box(own)), `${own}`).toBe(false);
    await page.screenshot({ path: screenshotPath(`toast-${size.width}`) });
  });

  test(`the batch toolbar is one line at ${size.width}x${size.height}, the rest under More`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const ia = await openItemAdjustment(page, '0125880010');
    const toolbar = page.getByRole('toolbar', { name: 'Batch updates' });
    const buttons = toolbar.getByRole('button');
    const bar = await settledBox(page, toolbar);
    const main = await box(page.getByRole('main'));
    const shown: string[] = [];
    const first = await box(buttons.first());
    for (const b of await buttons.all()) {
      const r = await box(b);
      // One line: every button on the first button's row (and the toolbar no taller than one
      // row of them), none past the main area's right edge.
      expect(r.y).toBeCloseTo(first.y, 0);
      expect(bar.height).toBeLessThan(2 * first.height);
      expect(r.x + r.width).toBeLessThanOrEqual(main.x + main.width);
      shown.push(((await b.textContent()) ?? '').replace('▾', '').trim());
    }
    const inMenu: string[] = [];
    if (shown.at(-1) === 'More') {
      shown.pop();
      await ia.batch('More').click();
      inMenu.push(...(await page.getByRole('menu').getByRole('menuitem').allInnerTexts()));
      await page.screenshot({ path: screenshotPath(`batch-toolbar-more-${size.width}`) });
      await page.keyboard.press('Escape');
    }
    // Every batch once, in the spec's order, across the toolbar and its menu.
    expect([...shown, ...inMenu]).toEqual(BATCHES);
    if (size.width >= 1920) expect(inMenu).toEqual([]);
    else expect(shown.length).toBeGreaterThanOrEqual(6);
    await page.screenshot({ path: screenshotPath(`item-adjust-results-${size.width}`) });
  });
}

test('home tiles and the department tree are readable: text of 13 px or more', async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  const tiles = page.getByRole('main').getByRole('link');
  await expect(tiles).toHaveCount(4);
  const tileText = await textSizes(tiles);
  expect(tileText.length).toBeGreaterThanOrEqual(8);
  expect(tileText.filter((t) => t.size < 13)).toEqual([]);

  const ia = await openItemAdjustment(page, '0125880010');
  const keys = await ia.grid
    .locator('[row-id]')
    .evaluateAll((rows) => [...new Set(rows.map((r) => r.getAttribute('row-id') ?? ''))]);
  await ia.select(keys[0] ?? '');
  await ia.openBatch('Set Department');
  const dialog = ia.dialog('Set Department');
  await dialog.getByRole('button', { name: 'Expand all' }).click();
  const tree = dialog.getByRole('radiogroup');
  await expect(tree.getByRole('radio').nth(1)).toBeVisible();
  const treeText = await textSizes(tree);
  expect(treeText.length).toBeGreaterThan(5);
  expect(treeText.filter((t) => t.size < 13)).toEqual([]);
  await page.screenshot({ path: screenshotPath('set-department-tree') });
});

test('the first Tab stop is "Skip to main content", which takes focus past the menus to the screen', async ({
  page,
}) => {
  const ia = new ItemAdjustPage(page);
  await page.goto('/adjust/itemAdjust');
  await ia.shell.expectTitle('Item Adjustment');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  // The next Tab goes into the screen, not back to the top menus.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('#main') !== null)).toBe(true);
});
