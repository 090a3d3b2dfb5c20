import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { OutsideUpdatesPage } from './pages/OutsideUpdatesPage';
import { expectAccessible } from './support/axe';
import { E2E_PORT, screenshotPath } from './support/env';
import { itemApi } from './support/itemAdjustApi';

/**
 * Vendor Import Setup and Vendor Import on the demo: the server wrote Core-Mark's 832 into site 1's
 * from-vendor/ folder at first start (setup COREMARK, mask CM*.832, vendor zone CM-WEST, zone 1).
 */
test.describe.configure({ timeout: 180_000 });

const ZONE_1 = { id: 1, label: '1 - Central Valley' };
const vendorDir = fileURLToPath(
  new URL(`../.data-test/e2e-${E2E_PORT}/sites/001/from-vendor/`, import.meta.url),
);

/** The 832's items as [11-digit ID, unit cost to 4 decimals], worked out here from the file itself. */
function fileCosts(): Array<[string, string]> {
  const name = fs.readdirSync(vendorDir).find((n) => /^CM.*\.832$/.test(n));
  if (!name) throw new Error('no demo 832 in site 1');
  const text = fs.readFileSync(vendorDir + name, 'utf8');
  const out: Array<[string, string]> = [];
  for (const block of text.split('LIN*').slice(1)) {
    const upc = /^\*UP\*(\d{12})/.exec(block)?.[1];
    const pack = /PO4\*(\d+)/.exec(block)?.[1];
    const net = /CTP\*\*NET\*([\d.]+)/.exec(block)?.[1];
    if (!upc || !pack || !net) continue;
    const [w, f = ''] = net.split('.');
    const caseMicro = BigInt(w) * 1_000_000n + BigInt(f.padEnd(6, '0'));
    const d = BigInt(pack) * 100n;
    const unit = (caseMicro + d / 2n) / d;
    out.push([upc.slice(0, 11), `${unit / 10_000n}.${String(unit % 10_000n).padStart(4, '0')}`]);
  }
  return out;
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: screenshotPath(`${name}-1366x768`) });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: screenshotPath(`${name}-1920x1080`) });
  await page.setViewportSize({ width: 1366, height: 800 });
}

test('Vendor Import Setup: the demo setups, the mask rule, add and delete with confirmation', async ({
  page,
}) => {
  await page.goto('/setup/vendorImportSetup');
  const grid = page.getByRole('region', { name: 'Vendor import setups' });
  await expect(grid.getByText('CM*.832')).toBeVisible();
  await expect(grid.getByText('MCL*.csv')).toBeVisible();
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();

  await page.getByRole('combobox', { name: 'Import Type' }).click();
  await page.getByRole('option', { name: 'MCLANE', exact: true }).click();
  await page.getByRole('combobox', { name: 'File Location' }).click();
  await page.getByRole('option', { name: /^6 - / }).click();
  const mask = page.getByRole('textbox', { name: 'File Mask' });
  await mask.fill('MC');
  await expect(page.getByText('Min. 3 characters')).toBeVisible();
  await mask.fill('MCL*.txt');
  await page.getByRole('textbox', { name: 'Label' }).fill('McLane test file');
  await page.getByRole('combobox', { name: 'Vendor Zone' }).fill('MCL-TEST');
  await page.getByRole('combobox', { name: 'Price Book Zone' }).click();
  await page.getByRole('option', { name: 'Bay Area', exact: true }).click();
  await page.getByRole('combobox', { name: 'Vendor ID' }).click();
  await page
    .getByRole('option', { name: /McLane/ })
    .first()
    .click();
  await expect(add).toBeEnabled();
  await expectAccessible(page, 'Vendor Import Setup');
  await shots(page, 'vendor-import-setup');
  await add.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Vendor item(s) added.' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(grid.getByText('MCL*.txt')).toBeVisible();

  await grid.getByText('MCL*.txt').click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Delete' });
  await expect(ask).toContainText('Delete the selected vendor import setup?');
  await ask.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Vendor item(s) deleted.' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(grid.getByText('MCL*.txt')).toHaveCount(0);
});

test('Vendor Import runs the demo files, lands on Outside Updates; an accepted cost shows in Item Adjustment', async ({
  page,
}) => {
  // An item whose cost the file changes, known before the run moves the file to processed/.
  let change: [string, string] | undefined;
  for (const [id, cost] of fileCosts().slice(0, 40)) {
    const zone = (await itemApi(page.request, ZONE_1.id, id).catch(() => null)) as {
      UnitCost?: string;
    } | null;
    if (zone?.UnitCost && zone.UnitCost !== cost) {
      change = [id, cost];
      break;
    }
  }
  if (!change) throw new Error('the demo file changes no cost of the first items');
  const [id, cost] = change;

  await page.goto('/setup/vendorImport');
  await expect(page.getByText('Click "Vendor Import" to import vendor items.')).toBeVisible();
  await expectAccessible(page, 'Vendor Import');
  await shots(page, 'vendor-import');
  const started = page.waitForResponse((r) => /\/vendorImport\/demo$/.test(r.url()));
  await page.getByRole('button', { name: 'Vendor Import' }).click();
  expect((await started).status()).toBe(200);
  await expect(page).toHaveURL(/\/adjust\/outsideUpd/, { timeout: 120_000 });

  const ou = new OutsideUpdatesPage(page);
  await ou.open(ZONE_1.label);

  // One click takes a root's Margin Retail (the price keeping its margin at the new cost) as its price.
  await ou.scrollToColumn('MarginRetail');
  const use = page
    .getByRole('button', { name: /^Use Margin Retail \$[\d.]+ as the price of \d+ pack 1$/ })
    .first();
  await expect(use).toBeVisible({ timeout: 20_000 });
  const [, retail, taken] =
    /\$([\d.]+) as the price of (\d+) /.exec((await use.getAttribute('aria-label')) ?? '') ?? [];
  await use.click();
  await page.screenshot({ path: screenshotPath('outside-updates-use-margin-retail') });
  await ou.scrollToColumn('Price');
  await expect(ou.cell(`${taken}@1`, 'Price')).toContainText(`✎ $${retail}`);
  await ou.selectBox(taken).check();

  await ou.scrollToRow(`${id}@1`);
  await ou.selectBox(id).check();
  await ou.button('Accept').click();
  await expect(ou.cell(`${id}@1`, 'Action')).toHaveText('Accept');
  await ou.button('Apply Changes').click();
  await expect(ou.toast(/Success : \d+ item\(s\) saved\./)).toBeVisible({ timeout: 30_000 });

  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_1.label);
  await ia.search('Item ID', id);
  await expect(ia.cell(`${id}@1`, 'UnitCost')).toContainText(cost);
  expect(((await itemApi(page.request, ZONE_1.id, taken)) as { UnitList?: string }).UnitList).toBe(retail);
});
