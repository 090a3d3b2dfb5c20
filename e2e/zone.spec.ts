import { expect, test } from '@playwright/test';
import { ShellPage } from './pages/ShellPage';
import { DEMO } from './support/env';

interface Zone {
  ZoneSetupID: number;
  ZoneNo: number;
  ZoneName: string;
}

test('the zone picker lists the user zones as "number - name", searches, and keeps the choice', async ({
  page,
}) => {
  const zones: Zone[] = (await (await page.request.get(`/userZones/${DEMO.userName}`)).json()).RootResults;
  expect(zones.length).toBeGreaterThan(1);
  const shell = new ShellPage(page);
  await shell.goto('/adjust/itemAdjust');

  await shell.zonePicker.click();
  await expect(shell.zoneOptions()).toHaveText(zones.map((z) => `${z.ZoneNo} - ${z.ZoneName}`));

  const pick = zones[1];
  const label = `${pick.ZoneNo} - ${pick.ZoneName}`;
  await shell.zonePicker.fill(pick.ZoneName.slice(0, 4));
  await expect(shell.zoneOptions()).toHaveText([label]);
  await shell.zoneOptions().first().click();
  await expect(shell.zonePicker).toHaveValue(label);

  // A reload keeps the zone (session storage) while page unload clears local storage.
  await page.evaluate(() => localStorage.setItem('probe', '1'));
  await page.reload();
  await shell.expectTitle('Item Adjustment');
  await expect(shell.zonePicker).toHaveValue(label);
  expect(await page.evaluate(() => localStorage.getItem('probe'))).toBeNull();

  // The same zone is current on every screen.
  await shell.navigate('Adjust', 'Outside Updates');
  await shell.expectTitle('Outside Updates');
  await expect(shell.zonePicker).toHaveValue(label);
});

test('a user without zones is told "No Zones found!"', async ({ page }) => {
  await page.route('**/userZones/**', (route) => route.fulfill({ json: { RootResults: [] } }));
  const shell = new ShellPage(page);
  await shell.goto('/adjust/addItem');
  await shell.expectTitle('Add Item');
  await expect(page.getByRole('status').filter({ hasText: 'No Zones found!' })).toBeVisible();
  await expect(shell.zonePicker).toHaveCount(0);
});

test('another user path is refused by the server', async ({ page }) => {
  const res = await page.request.get('/userZones/someone-else');
  expect(res.status()).toBe(403);
  expect((await res.json()).ErrorMessage).toBeTruthy();
});
