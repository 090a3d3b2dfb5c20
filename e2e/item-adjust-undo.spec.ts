import { expect, test } from '@playwright/test';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { screenshotPath } from './support/env';
import { itemApi, searchApi } from './support/itemAdjustApi';

/** Zone 3 (Sierra Foothills); the item is one no other journey uses. */
const ZONE_3 = { id: 3, label: '3 - Sierra Foothills' };
const PREFIX = '0125600';
const USED_ELSEWHERE = ['01256000103', '01256000106', '01256000109'];

test('grid row state and Undo: Enter saves an edit (Saved); Ctrl+Z and the Undo button ask, then write the previous values back', async ({
  page,
}) => {
  const { Items } = await searchApi(page.request, ZONE_3.id, { ApplyInventoryID: true, InventoryID: PREFIX });
  const item = Items.find((i) => i.PackSize === 1 && i.InvType !== 'X' && !USED_ELSEWHERE.includes(i.ID));
  const other = Items.find((i) => item && i.ID !== item.ID);
  if (!item || !other) throw new Error(`no spare ${PREFIX} item in zone 3`);
  const before = item.Description;

  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_3.label);
  await ia.search('Item ID', PREFIX);
  const undo = page.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeDisabled();
  const state = ia.cell(item.idplu, 'saveState');

  // Edit: Enter commits and saves the row at once (issue 25): Saved, without leaving the row.
  await ia.editCell(item.idplu, 'Description', 'UNDO JOURNEY');
  await expect(state).toHaveText('Saved');
  await expect
    .poll(async () => (await itemApi(page.request, ZONE_3.id, item.ID)).Description)
    .toBe('UNDO JOURNEY');
  await page.screenshot({ path: screenshotPath('item-adjust-row-state-saved') });

  // Ctrl+Z on the grid asks first, naming the item and the value it puts back; No leaves it.
  await expect(undo).toBeEnabled();
  await ia.cell(item.idplu, 'ID').click();
  await page.keyboard.press('Control+z');
  const question = ia.dialog('Undo the last grid change?');
  await expect(question).toContainText(
    `Undo the last change of ${item.idplu}? It puts back Description '${before}'.`,
  );
  await question.getByRole('button', { name: 'No' }).click();
  await expect(question).toHaveCount(0);
  expect((await itemApi(page.request, ZONE_3.id, item.ID)).Description).toBe('UNDO JOURNEY');
  // Yes: the previous description comes back, in the zone too.
  await page.keyboard.press('Control+z');
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(ia.toast(`Undone: ${item.idplu} has its previous values again.`)).toBeVisible();
  await expect(ia.cell(item.idplu, 'Description')).toHaveText(before);
  await expect.poll(async () => (await itemApi(page.request, ZONE_3.id, item.ID)).Description).toBe(before);
  await expect(undo).toBeDisabled();

  // The Undo button does the same for a change of the receipt description.
  await ia.editCell(item.idplu, 'ReceiptDescription', 'UNDO RCPT');
  await expect(state).toHaveText('Saved');
  await expect
    .poll(async () => (await itemApi(page.request, ZONE_3.id, item.ID)).ReceiptDescription)
    .toBe('UNDO RCPT');
  await undo.click();
  await ia.dialog('Undo the last grid change?').getByRole('button', { name: 'Yes' }).click();
  await expect
    .poll(async () => (await itemApi(page.request, ZONE_3.id, item.ID)).ReceiptDescription)
    .toBe(item.ReceiptDescription);
  await expect(state).toHaveText('Saved');

  // A change of an item from an earlier search, whose row is gone, is not offered for Undo.
  await ia.editCell(item.idplu, 'ReceiptDescription', 'UNDO GONE');
  await expect(state).toHaveText('Saved');
  await expect(undo).toBeEnabled();
  await ia.search('Item ID', other.ID);
  await expect(ia.cell(item.idplu, 'ID')).toHaveCount(0);
  await expect(undo).toBeDisabled();
  await page.keyboard.press('Control+z');
  await expect(ia.dialog('Undo the last grid change?')).toHaveCount(0);
  expect((await itemApi(page.request, ZONE_3.id, item.ID)).ReceiptDescription).toBe('UNDO GONE');
});
