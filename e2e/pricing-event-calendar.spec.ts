import { expect, type Locator, type Page, test } from '@playwright/test';
import { DistributeToSitesPage } from './pages/DistributeToSitesPage';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { expectAccessible } from './support/axe';
import { screenshotPath } from './support/env';
import { cents, decimal, searchApi } from './support/itemAdjustApi';

/**
 * The Pricing Event Calendar on the demo, one event's life: made from Set Price in Item
 * Adjustment, seen on the calendar (green), a drop on a weekend refused, dragged to today, its
 * prices set from the calendar, turned ready when the calendar loads (/runCurrentPricingEvents,
 * yellow), distributed by Distribute to Sites (blue, its prices now the zone's), then undone (a new
 * green event restoring the old prices). The server's business time zone is the machine's, as is
 * the browser's, so "today" is the same day for both.
 */
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

const ZONE_3 = { id: 3, label: '3 - Sierra Foothills' };
const NAME = 'Journey Sale';
const ITEM = '0125880010';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const us = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
const isWeekend = (d: Date) => d.getDay() === 0 || d.getDay() === 6;
function nextWeekday(from: Date): Date {
  const d = new Date(from);
  do d.setDate(d.getDate() + 1);
  while (isWeekend(d));
  return d;
}

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
  const today = new Date();
  const first = nextWeekday(today);
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
  await dialog.getByRole('textbox', { name: 'Effective Date' }).fill(us(first));
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
  await expect(page.locator(`td[data-date="${iso(first)}"]`).locator('.fc-event')).toContainText(NAME);
  await expectAccessible(page, 'pricing event calendar');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: screenshotPath('pricing-event-calendar-1366') });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: screenshotPath('pricing-event-calendar-1920') });
  await page.setViewportSize({ width: 1366, height: 800 });

  // Set its prices from the calendar while it is pending: add 0.50 to the current price.
  await entry(page, NAME).click();
  const panel = page.getByRole('region', { name: NAME });
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
  await expect(page.locator(`td[data-date="${iso(first)}"]`).locator('.fc-event')).toContainText(NAME);

  // Dragged to today (a weekday): it takes today's next free slot, so it is due at once, and the
  // calendar's reload (which asks /runCurrentPricingEvents first) shows it ready: yellow.
  expect(isWeekend(today), 'this journey needs a weekday to drag the event to today').toBe(false);
  const changed = page.waitForResponse((r) => r.url().includes('/changePricingEvent/'));
  await drag(page, entry(page, NAME), iso(today));
  expect((await changed).status()).toBe(200);
  await expect(page.locator(`td[data-date="${iso(today)}"]`).locator('.fc-event')).toContainText(NAME);
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
