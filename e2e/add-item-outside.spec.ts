import { expect, test } from '@playwright/test';
import { lookUp } from './pages/AddItemApi';
import { AddItemPage } from './pages/AddItemPage';
import { screenshotPath } from './support/env';

// Demo items sold only in zone 3 (Sierra Foothills), used only by this spec.
const SAVED = '01263000103';
const EDITED = '01263000106';
const CANCELED = '01263000109';
const ZONE = 1;

test('an item found outside the zone: cancel, save with a new price, or edit a cloned copy', async ({
  page,
}) => {
  const outside = await lookUp(page.request, SAVED, ZONE);
  expect(outside.OutOfZone).toBe(true);
  const add = new AddItemPage(page);
  await add.goto();
  const dialog = add.dialog('Item found outside the zone');

  // Cancel: nothing is saved and the form waits for another lookup.
  await add.lookUp(CANCELED);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(add.description).toBeDisabled();
  expect((await lookUp(page.request, CANCELED, ZONE)).OutOfZone).toBe(true);

  // Save: ID/Pksz and description read-only, Unit List editable.
  await add.lookUp(SAVED);
  await expect(dialog.getByRole('textbox', { name: 'ID/Pksz' })).toHaveValue(`${SAVED}@1`);
  await expect(dialog.getByRole('textbox', { name: 'ID/Pksz' })).toHaveAttribute('readonly', '');
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue(outside.Description);
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveAttribute('readonly', '');
  const list = dialog.getByRole('textbox', { name: 'Unit List' });
  await list.fill('');
  await expect(dialog.getByText('Required.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await list.fill('10.49');
  await page.screenshot({ path: screenshotPath('add-item-outside') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await add.expectToast(`${SAVED}@1 saved.`);
  await expect(dialog).toHaveCount(0);
  expect(await lookUp(page.request, SAVED, ZONE)).toMatchObject({
    ExistingItem: true,
    OutOfZone: false,
    UnitList: '10.49',
    Description: outside.Description,
  });

  // Edit: the form holds a copy of the outside values, saved into this zone.
  await add.lookUp(EDITED);
  await dialog.getByRole('textbox', { name: 'Unit List' }).fill('26.99');
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await expect(add.header).toHaveText(`New Item: ${EDITED}@1`);
  await expect(add.rowStatus).toHaveText('Cloned');
  await expect(add.unitList).toHaveValue('$26.99');
  await add.rcptDesc.fill('GIFT CARD 25');
  await add.save.click();
  await add.expectToast(`${EDITED}@1 saved.`);
  expect(await lookUp(page.request, EDITED, ZONE)).toMatchObject({
    ExistingItem: true,
    UnitList: '26.99',
    ReceiptDescription: 'GIFT CARD 25',
  });
});
