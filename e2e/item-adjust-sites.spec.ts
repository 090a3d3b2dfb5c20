import { expect, test } from '@playwright/test';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { screenshotPath } from './support/env';
import { cents, dollars, itemApi, mostCommonApi } from './support/itemAdjustApi';

const ZONE_1 = { id: 1, label: '1 - Central Valley' };

test('a divergent price made uniform through the common-value picker', async ({ page }) => {
  // Demo data: Clovis (site 3) prices some snacks 10 cents higher than the rest of the zone.
  const item = await itemApi(page.request, ZONE_1.id, '01235000106');
  expect(item.IsPriceUniform).toBe(false);
  const values = await mostCommonApi(page.request, ZONE_1.id, item.ID, 'UnitList');
  expect(values.length).toBe(2);
  const [common, rare] = values;

  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_1.label);
  await ia.search('Item ID', item.ID);
  const price = ia.cell(item.idplu, 'UnitList');
  await expect(price).toHaveClass(/ia-divergent/);

  // Right-click: each value with its count.
  await price.click({ button: 'right' });
  const popover = page.getByRole('dialog', { name: `Unit List across sites: ${item.idplu}` });
  await expect(popover.getByRole('row').nth(1)).toHaveText(`${dollars(cents(common.Key))}${common.Count}`);
  await expect(popover.getByRole('row').nth(2)).toHaveText(`${dollars(cents(rare.Key))}${rare.Count}`);
  await popover.getByRole('button', { name: 'Choose a common value' }).click();

  const picker = ia.dialog(`Common values of Unit List for ${item.idplu}`);
  await expect(picker.getByRole('radio')).toHaveCount(2);
  await picker.getByRole('button', { name: 'Sites' }).nth(1).click();
  // The Sites pop-up names each store by number and name (demo: store 3 is 'Clovis - Herndon').
  const sites = page.getByRole('dialog', { name: 'Sites' });
  expect(rare.Value).toBe('3');
  await expect(sites.getByRole('listitem')).toHaveText(['3 - Clovis - Herndon']);
  await page.screenshot({ path: screenshotPath('item-adjust-picker') });
  // Escape closes the Sites pop-over only; the picker stays.
  await page.keyboard.press('Escape');
  await expect(sites).toHaveCount(0);
  await expect(picker).toBeVisible();
  await picker.getByRole('radio', { name: dollars(cents(common.Key)) }).check();
  await picker.getByRole('button', { name: 'OK' }).click();

  await expect(ia.toast(`${item.idplu} saved.`)).toBeVisible();
  await expect(picker).toHaveCount(0);
  await expect(price).not.toHaveClass(/ia-divergent/);
  await expect(price).toHaveText(dollars(cents(common.Key)));
  await expect(ia.row(item.idplu)).toHaveClass(/ia-row-modified/);
  const after = await mostCommonApi(page.request, ZONE_1.id, item.ID, 'UnitList');
  expect(after).toEqual([expect.objectContaining({ Key: common.Key, Value: '1 2 3 4 5', Count: 5 })]);
});

test('the coverage dialog: tiles, hover, clicks by the rules, and sending to sites', async ({ page }) => {
  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_1.label);
  await ia.search('Item ID', '0123500011');
  await ia.select('01235000112@1');
  await ia.select('01235000115@1');
  await ia.openBatch('Coverage');
  const dialog = ia.dialog('Site/Zone Coverage');
  const zone = (n: string) => dialog.getByRole('button', { name: new RegExp(`^Zone ${n} - `) });
  const site = (n: number) => dialog.getByRole('button', { name: new RegExp(`^Site ${n} - `) });

  await expect(zone('1')).toHaveAccessibleName('Zone 1 - Central Valley: Update');
  await expect(zone('2')).toHaveAccessibleName('Zone 2 - Bay Area: Impact');
  await expect(zone('3')).toHaveAccessibleName('Zone 3 - Sierra Foothills: No Change');
  await zone('1').hover();
  await expect(page.getByRole('tooltip')).toHaveText('1 - Central Valley');
  for (const n of [1, 2, 3, 4, 5]) await expect(site(n)).toHaveAttribute('data-highlighted', 'true');
  await expect(site(6)).not.toHaveAttribute('data-highlighted', 'true');
  await page.screenshot({ path: screenshotPath('item-adjust-coverage') });

  // A site of the zone cycles Update -> No Change -> Remove -> Update.
  await site(1).click();
  await expect(site(1)).toHaveAccessibleName(/: No Change$/);
  await site(1).click();
  await expect(site(1)).toHaveAccessibleName(/: Remove$/);
  await site(1).click();
  await expect(site(1)).toHaveAccessibleName(/: Update$/);
  // A site outside the zone toggles No Change <-> Update (it has nothing to remove).
  await site(10).click();
  await expect(site(10)).toHaveAccessibleName(/: Update$/);
  await site(10).click();
  await expect(site(10)).toHaveAccessibleName(/: No Change$/);

  // The zone click spreads to its sites and to the zones they impact (site 5 is in zone 2).
  await zone('1').click();
  await expect(zone('1')).toHaveAccessibleName(/: No Change$/);
  for (const n of [1, 2, 3, 4, 5]) await expect(site(n)).toHaveAccessibleName(/: No Change$/);
  await expect(zone('2')).toHaveAccessibleName(/: No Change$/);
  await zone('1').click();
  for (const n of [1, 2, 3, 4, 5]) await expect(site(n)).toHaveAccessibleName(/: Update$/);
  await expect(zone('2')).toHaveAccessibleName(/: Update$/);

  // Send to selected sites: distributeSelItemsToSelSites for the update sites, now.
  const sent = page.waitForRequest(/distributeSelItemsToSelSites/);
  await dialog.getByRole('button', { name: 'Send to selected sites' }).click();
  expect(
    (await sent)
      .postDataJSON()
      .sites.split(',')
      .map(Number)
      .sort((a: number, b: number) => a - b),
  ).toEqual([1, 2, 3, 4, 5]);
  await expect(ia.toast('Successfully saved.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // OK hands the coverage to the next batch call: site 4 removed, the zone's other sites updated.
  await ia.openBatch('Coverage');
  await site(4).click();
  await site(4).click();
  await expect(site(4)).toHaveAccessibleName(/: Remove$/);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Coverage: 4 site(s) to update, 1 to remove')).toBeVisible();
  await ia.openBatch('Set Inactive');
  await ia.dialog('Set Inactive').getByRole('checkbox', { name: 'Inactive' }).uncheck();
  const batch = page.waitForRequest(/updateItemsActiveFlag/);
  await ia.dialog('Set Inactive').getByRole('button', { name: 'OK' }).click();
  const body = (await batch).postDataJSON();
  expect(body.flag).toBe(false);
  expect([...body.Coverage].sort((a: number, b: number) => a - b)).toEqual([-4, 1, 2, 3, 5]);
  await expect(ia.toast('Success : 2 item(s) saved.')).toBeVisible();
  await expect(page.getByText(/^Coverage: /)).toHaveCount(0);
});
