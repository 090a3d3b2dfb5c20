import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DistributeToSitesPage } from './pages/DistributeToSitesPage';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { expectAccessible } from './support/axe';
import { distributedFile, filePrices } from './support/distributedFiles';
import { DEMO, E2E_PORT, screenshotPath } from './support/env';
import { type ApiItem, cents, decimal, searchApi } from './support/itemAdjustApi';
import { type OwnServer, startOwnServer } from './support/ownServer';

/**
 * The Pricing Event Calendar on the demo, one event's life: made from Set Price in Item
 * Adjustment, seen on the calendar (green), a drop on a weekend refused, dragged to today, its
 * prices set from the calendar, turned ready when the calendar loads (/runCurrentPricingEvents,
 * yellow), distributed by Distribute to Sites (blue, its prices now the zone's and in the store's
 * file), then undone (a new green event restoring the old prices).
 *
 * "Today" must be a weekday (the event is dragged to it, and the server refuses weekends), so this
 * journey runs on a known Wednesday whatever the machine's date: against a server of its own
 * (E2E_PORT + 50, a fresh demo database) whose clock starts at that Wednesday 10:00 in its
 * business time zone (CPB_TEST_NOW, server/src/lib/clock.ts), with the browser's clock installed at
 * the same instant in the same time zone (page.clock), so both sides agree on the day. The other
 * journeys stay on the shared server.
 */
test.describe.configure({ timeout: 180_000 });

const TIME_ZONE = 'America/Chicago';
/** Wednesday 15 January 2031, 10:00 in Chicago (CST, UTC-6). */
const NOW = '2031-01-15T10:00:00-06:00';
const TODAY = '2031-01-15';
/** The event's first day: the next weekday (Thursday), as typed in Set Price. */
const FIRST = '2031-01-16';
const FIRST_US = '01/16/2031';
const PORT = E2E_PORT + 50;
const AUTH = fileURLToPath(new URL(`./.auth/calendar-${PORT}.json`, import.meta.url));

test.use({
  actionTimeout: 15_000,
  baseURL: `http://127.0.0.1:${PORT}`,
  storageState: AUTH,
  timezoneId: TIME_ZONE,
});

let server: OwnServer;

test.beforeAll(async () => {
  // The demo load at first start takes about 20 s on a quiet machine, minutes on a busy one.
  test.setTimeout(330_000);
  server = await startOwnServer({
    port: PORT,
    authFile: AUTH,
    env: {
      CPB_TEST_NOW: NOW,
      BUSINESS_TIME_ZONE: TIME_ZONE,
      APP_URL_DIGITAL_DISPATCH: 'https://dispatch.example.invalid/',
      SUPPORT_URL: 'https://support.example.invalid/help',
    },
  });
  // The server says its clock is the pinned one (a server that ignored CPB_TEST_NOW would not).
  await expect
    .poll(() => server.output(), { timeout: 10_000 })
    .toContain("Test clock (CPB_TEST_NOW): the server's now is 2031-01-15T16:00:");
  await server.signIn();
});

test.afterAll(async () => {
  await server?.stop();
});

const ZONE_3 = { id: 3, label: '3 - Sierra Foothills' };
const NAME = 'Journey Sale';
const ITEM = '0125880010';

/** The day of the week of an ISO date (0 Sunday ... 6 Saturday). */
const weekday = (isoDay: string) => new Date(`${isoDay}T12:00:00Z`).getUTCDay();

/**
 * The key of an item's record in a store file (filePrices): its ID and POSCodeModifier (the
 * default style: 0 for the base unit, else the pack size).
 */
const fileKey = (i: ApiItem) => `${i.ID}/${i.PackSize <= 1 ? 0 : i.PackSize}`;

/** The calendar's entry of an event by its exact name. */
const entry = (page: Page, name: string): Locator =>
  page
    .locator('.fc-event')
    .filter({ has: page.locator('.pec-event', { hasText: new RegExp(`^\\W*${name}\\W*$`) }) });

/** Drags the entry onto a day cell with small mouse steps (FullCalendar's drag needs real moves). */
async function drag(page: Page, from: Locator, day: string): Promise<void> {
  const a = await from.boundingBox();
  const b = await page.locator(`td.fc-daygrid-day[data-date="${day}"]`).boundingBox();
  if (!a || !b) throw new Error(`no box for the drag to ${day}`);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}

async function openCalendar(page: Page): Promise<void> {
  await page.goto('/adjust/pricingEventCal');
  await expect(page.getByRole('list', { name: 'Status legend' })).toBeVisible();
  await expect(page.locator('.fc-daygrid-day').first()).toBeVisible({ timeout: 20_000 });
}

test('an event from Set Price: on the calendar, dragged, priced, ready, distributed (blue), undone', async ({
  page,
}) => {
  expect([weekday(TODAY), weekday(FIRST)]).toEqual([3, 4]);
  await page.clock.install({ time: new Date(NOW) });
  const { Items } = await searchApi(page.request, ZONE_3.id, { ApplyInventoryID: true, InventoryID: ITEM });
  expect(Items.length).toBeGreaterThan(0);

  // Set Price with a new pricing event: the prices go into the event, not to the items.
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_3.label);
  await ia.search('Item ID', ITEM);
  for (const i of Items) await ia.select(i.idplu);
  await ia.batch('Set Price').click();
  const dialog = ia.dialog('Set Price');
  await dialog.getByRole('textbox', { name: 'Add Amount' }).fill('0.10');
  await dialog.getByRole('combobox', { name: 'Pricing Event Name' }).fill(NAME);
  await dialog.getByRole('textbox', { name: 'Effective Date' }).fill(FIRST_US);
  await dialog.getByRole('textbox', { name: 'Effective Date' }).press('Tab');
  await expect(dialog.getByRole('radio', { name: '3 - Create new event' })).toBeChecked();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(ia.toast(`${Items.length} event items are successfully saved.`)).toBeVisible();

  // On the calendar: pending, green, on its day.
  await openCalendar(page);
  const event = entry(page, NAME);
  await expect(event).toBeVisible();
  await expect(event.locator('.pec-event')).toHaveAttribute('data-status', '1');
  await expect(page.getByRole('list', { name: 'Status legend' })).toContainText(
    'pending distribution in the Central Price Book',
  );
  await expect(page.locator(`td[data-date="${FIRST}"]`).locator('.fc-event')).toContainText(NAME);
  await expectAccessible(page, 'pricing event calendar');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: screenshotPath('pricing-event-calendar-1366') });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: screenshotPath('pricing-event-calendar-1920') });
  await page.setViewportSize({ width: 1366, height: 800 });

  // Set its prices from the calendar while it is pending: add 0.50 to the current price.
  // The resize re-renders the calendar 100 ms later (FullCalendar's resize delay): a click on an
  // entry it then replaces opens nothing, so click until the panel opens (opening is idempotent).
  const panel = page.getByRole('region', { name: NAME });
  await expect(async () => {
    await entry(page, NAME).click();
    await expect(panel).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
  await expect(panel.getByText(`${Items.length} event items found.`)).toBeVisible();
  await panel.getByRole('button', { name: 'Set Prices' }).click();
  await panel.getByRole('radio', { name: 'Add amount' }).check();
  const setPrice = panel.getByRole('button', { name: 'Set Price', exact: true });
  await expect(setPrice).toBeDisabled();
  await panel.getByRole('textbox', { name: 'Amount' }).fill('0.50');
  await expect(setPrice).toBeEnabled();
  await setPrice.click();
  await expect(
    page.getByRole('alert').filter({ hasText: `${Items.length} event items are successfully saved.` }),
  ).toBeVisible();
  const grid = panel.getByRole('table', { name: 'Event' });
  for (const i of Items) {
    const row = grid
      .getByRole('row')
      .filter({ hasText: i.ID })
      .filter({ has: page.getByRole('cell', { name: String(i.PackSize), exact: true }) });
    await expect(row.first()).toContainText(decimal(cents(i.UnitList) + 50));
  }
  await expectAccessible(page, 'pricing event calendar, set prices');
  await page.screenshot({ path: screenshotPath('pricing-event-calendar-set-prices') });
  await panel.getByRole('button', { name: 'Back' }).click();

  // A weekend refuses the drop: the event stays where it was.
  const cells = page.locator('td.fc-daygrid-day:not(.fc-day-other)');
  const weekend = await cells.evaluateAll((tds) =>
    tds
      .map((td) => td.getAttribute('data-date') ?? '')
      .find((d) => [0, 6].includes(new Date(`${d}T12:00:00`).getDay())),
  );
  expect(weekend).toBeTruthy();
  await drag(page, event, weekend as string);
  await expect(page.getByRole('alert').filter({ hasText: 'Error : Unable to change date.' })).toBeVisible();
  await expect(page.locator(`td[data-date="${FIRST}"]`).locator('.fc-event')).toContainText(NAME);

  // Dragged to today (a weekday): it takes today's next free slot, so it is due at once, and the
  // calendar's reload (which asks /runCurrentPricingEvents first) shows it ready: yellow.
  const changed = page.waitForResponse((r) => r.url().includes('/changePricingEvent/'));
  await drag(page, entry(page, NAME), TODAY);
  expect((await changed).status()).toBe(200);
  await expect(page.locator(`td[data-date="${TODAY}"]`).locator('.fc-event')).toContainText(NAME);
  await expect(entry(page, NAME).locator('.pec-event')).toHaveAttribute('data-status', '2');

  // Still ready after a reload.
  await openCalendar(page);
  await expect(entry(page, NAME).locator('.pec-event')).toHaveAttribute('data-status', '2');

  // Distribute to Sites merges it: its prices are the zone's, and it turns blue.
  const dts = new DistributeToSitesPage(page);
  await dts.open();
  await dts.zone(3, 'Sierra Foothills').check();
  await dts.distribute.click();
  await expect(dts.status).toContainText('Status: DONE', { timeout: 120_000 });
  const after = await searchApi(page.request, ZONE_3.id, { ApplyInventoryID: true, InventoryID: ITEM });
  for (const i of Items) {
    const now = after.Items.find((x) => x.idplu === i.idplu);
    expect(now?.UnitList).toBe(decimal(cents(i.UnitList) + 50));
  }
  // ... and in the files the run wrote to the zone's stores: every item of the event is in at
  // least one store's file, always at its new price.
  const run = await page.request.get(`/transfers/${DEMO.userName}/latest/DTS`);
  expect(run.status()).toBe(200);
  const { Sites } = (await run.json()).RootResults as {
    Sites: { SiteNo: number; Status: string; Result: { File?: string | null } | null }[];
  };
  const files = Sites.filter((s) => s.Result?.File).map((s) => {
    const text = distributedFile(server.sitesDir, s.SiteNo, s.Result?.File as string);
    expect(text, `store ${s.SiteNo}'s file ${s.Result?.File}`).not.toBeNull();
    return filePrices(text as string);
  });
  expect(files.length).toBeGreaterThan(0);
  for (const i of Items) {
    const written = files.map((f) => f.get(fileKey(i))).filter((p) => p !== undefined);
    expect(written.length, `${fileKey(i)} in a store's file`).toBeGreaterThan(0);
    expect(new Set(written)).toEqual(new Set([decimal(cents(i.UnitList) + 50)]));
  }
  await openCalendar(page);
  await expect(entry(page, NAME).locator('.pec-event')).toHaveAttribute('data-status', '3');
  await page.screenshot({ path: screenshotPath('pricing-event-calendar-distributed') });

  // Undo: a new pending event holding the old prices, naming the event it undoes. It takes
  // today's next slot, so the calendar's reload readies it at once (yellow), ready to distribute.
  await entry(page, NAME).click();
  const undone = page.waitForResponse((r) => r.url().includes('/undoPricingEvent/'));
  await page.getByRole('region', { name: NAME }).getByRole('button', { name: 'Undo' }).click();
  expect((await (await undone).json()).RootResults.Event).toMatchObject({
    PricingEventName: `Undo ${NAME}`,
    Status: 1,
  });
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: `Event 'Undo ${NAME}' created: it restores ${Items.length} item price(s).` }),
  ).toBeVisible();
  const undo = entry(page, `Undo ${NAME}`);
  await expect(undo.locator('.pec-event')).toHaveAttribute('data-status', '2');
  await undo.click();
  const undoPanel = page.getByRole('region', { name: `Undo ${NAME}` });
  await expect(undoPanel.getByText(/Undoes event \d+/)).toBeVisible();
  for (const i of Items) {
    await expect(undoPanel.getByRole('table', { name: 'Event' })).toContainText(i.UnitList);
  }
});
