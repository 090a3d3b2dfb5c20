import { expect, type Locator, test } from '@playwright/test';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { DEMO, screenshotPath } from './support/env';
import { searchApi } from './support/itemAdjustApi';

// Each journey walks a whole dialog (type, pick, preview) on a machine other jobs may share.
test.describe.configure({ timeout: 90_000 });

const ZONE_1 = { id: 1, label: '1 - Central Valley' };

/** MM/DD/YYYY of a local calendar day. */
const us = (d: Date) =>
  `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;

/** The first day of next month with the given weekday (0 Sunday ... 6 Saturday). */
function nextMonthFirst(weekday: number): Date {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  while (d.getDay() !== weekday) d.setDate(d.getDate() + 1);
  return d;
}

async function openDialog(page: import('@playwright/test').Page, name: string): Promise<Locator> {
  const { Items } = await searchApi(page.request, ZONE_1.id, {
    ApplyItemDescription: true,
    ItemDesc: 'Twix Peanut 3.29',
  });
  expect(Items).toHaveLength(1);
  const ia = new ItemAdjustPage(page);
  await page.goto('/adjust/itemAdjust');
  // The grid's chunk is large: on a busy machine the first paint can take longer than the default wait.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Item Adjustment', { timeout: 30_000 });
  await ia.pickZone(ZONE_1.label);
  await ia.search('Item ID', Items[0].ID);
  await ia.select(Items[0].idplu);
  await ia.batch(name).click();
  return ia.dialog(name);
}

test('Set Price: the event starts empty, an existing event fills its date, a new one takes a typed or picked date', async ({
  page,
}) => {
  const dialog = await openDialog(page, 'Set Price');
  await dialog.getByRole('textbox', { name: 'Add Amount' }).fill('0.10');

  // The event field is empty: its list offers every event, none filtered away.
  const event = dialog.getByRole('combobox', { name: 'Pricing Event Name' });
  await expect(event).toHaveValue('');
  await expect(event).toHaveAttribute('placeholder', '--None--');
  await event.click();
  await expect(page.getByRole('option', { name: 'Holiday Beverage Pricing' })).toBeVisible();

  // An existing event fills its date (the server's day for it, as MM/DD/YYYY).
  const events = await page.request.get(`/currentPricingEvents/${DEMO.userName}/${ZONE_1.id}`);
  const holiday = (
    (await events.json()).RootResults as { PricingEventName: string; EffectiveDate: string }[]
  ).find((e) => e.PricingEventName === 'Holiday Beverage Pricing');
  const [y, m, d] = (holiday?.EffectiveDate ?? '').split('-');
  await page.getByRole('option', { name: 'Holiday Beverage Pricing' }).click();
  const date = dialog.getByRole('textbox', { name: 'Effective Date' });
  await expect(date).toHaveValue(`${m}/${d}/${y}`);
  await expect(date).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: '1 - Add to event' })).toBeChecked();

  // A new name: the date field opens, empty, with the format as placeholder.
  await event.fill('E2E Dates Event');
  await expect(date).toBeEnabled();
  await date.fill('');
  await expect(date).toHaveAttribute('placeholder', 'MM/DD/YYYY');
  await date.fill('13/45/2026');
  await date.blur();
  await expect(date).toHaveAccessibleDescription('Invalid Date.');
  await date.fill('');
  await date.blur();
  await expect(date).toHaveAccessibleDescription('Required.');
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();

  // Typed: a Monday next month reads, and a new event gets mode 3.
  const monday = us(nextMonthFirst(1));
  await date.fill(monday);
  await date.blur();
  await expect(date).toHaveValue(monday);
  await expect(date).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('NEW', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: '3 - Create new event' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeEnabled();

  // Picked: the calendar opens on the typed month; weekends are not offered; a day fills the box.
  await date.fill('');
  await dialog.getByRole('button', { name: 'Choose Effective Date' }).click();
  const calendar = page.getByRole('dialog', { name: 'Effective Date' });
  await expect(calendar).toBeVisible();
  await calendar.getByRole('button', { name: 'Next month' }).click();
  await expect(calendar.getByRole('button', { name: us(nextMonthFirst(6)), exact: true })).toBeDisabled();
  const tuesday = us(nextMonthFirst(2));
  await calendar.getByRole('button', { name: tuesday, exact: true }).click();
  await expect(calendar).toHaveCount(0);
  await expect(date).toHaveValue(tuesday);
  await expect(date).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('button', { name: 'Preview' })).toBeEnabled();
  await page.screenshot({ path: screenshotPath('item-adjust-set-price-date') });

  // Choosing --None-- resets the event part of the form.
  await event.fill('');
  await event.click();
  await page.getByRole('option', { name: '--None--' }).click();
  await expect(event).toHaveValue('');
  await expect(date).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('Set Negotiated Cost: dates as MM/DD/YYYY, and the preview shows exactly what the dialog asked for, with names', async ({
  page,
}) => {
  const dialog = await openDialog(page, 'Set Negotiated Cost');
  await dialog.getByRole('textbox', { name: 'Label' }).fill('E2E preview only');
  await dialog.getByRole('textbox', { name: 'Set Amount' }).fill('0.7');
  await dialog.getByRole('combobox', { name: 'Vendor' }).click();
  await page.getByRole('option', { name: /^COREMARK/ }).click();

  const eff = dialog.getByRole('textbox', { name: 'Effective Date' });
  const exp = dialog.getByRole('textbox', { name: 'Expiration Date' });
  // The expiration is asked for; it starts one month from today.
  const inAMonth = new Date();
  inAMonth.setMonth(inAMonth.getMonth() + 1);
  if (inAMonth.getDate() !== new Date().getDate()) inAMonth.setDate(0);
  await expect(exp).toHaveValue(us(inAMonth));

  await eff.fill('02/30/2027');
  await eff.blur();
  await expect(eff).toHaveAccessibleDescription('Invalid Date.');
  await expect(dialog.getByRole('button', { name: 'Preview' })).toBeDisabled();
  await eff.fill('3/1/2027');
  await eff.blur();
  // A date that reads is written back in the one format.
  await expect(eff).toHaveValue('03/01/2027');
  await exp.fill('');
  await dialog.getByRole('button', { name: 'Choose Expiration Date' }).click();
  const calendar = page.getByRole('dialog', { name: 'Expiration Date' });
  // The calendar opens at the effective date's month and offers no day before it.
  await expect(calendar.getByRole('button', { name: '02/28/2027', exact: true })).toBeDisabled();
  await calendar.getByRole('button', { name: '03/31/2027', exact: true }).click();
  await expect(exp).toHaveValue('03/31/2027');

  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByRole('region', { name: 'Central Price' });
  const row = preview.locator('[role="row"]').filter({ hasText: 'Twix Peanut' });
  await expect(row.locator('[col-id="VendorID"]')).toHaveText('COREMARK - Core-Mark');
  await expect(row.locator('[col-id="BeginDate"]')).toHaveText('03/01/2027');
  await expect(row.locator('[col-id="EndDate"]')).toHaveText('03/31/2027');
  // The stores OK writes to, by number and name (demo: store 3 of zone 1 is 'Clovis - Herndon').
  await expect(preview.getByTestId('preview-stores')).toContainText('3 - Clovis - Herndon');
  await expect(preview.getByTestId('preview-datetime')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
