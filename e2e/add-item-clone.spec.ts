import { expect, test } from '@playwright/test';
import { lookUp } from './pages/AddItemApi';
import { AddItemPage } from './pages/AddItemPage';
import { screenshotPath } from './support/env';

// Items used only by this spec: the original (Campbells Ramen Chicken) and its clone.
const ORIGINAL = '01248300133';
const CLONE = 'E2ECLONE01';
/** A UPC-A with a valid check digit that the demo does not use. */
const CLONE_UPC = '098765432105';
const ZONE = 1;

test('an existing item is cloned under a new ID with its values', async ({ page }) => {
  const original = await lookUp(page.request, ORIGINAL, ZONE);
  const add = new AddItemPage(page);
  await add.goto();
  await add.lookUp(ORIGINAL);
  await add.dialog('Item exists in the zone').getByRole('button', { name: 'Cancel' }).click();
  await expect(add.header).toHaveText(`Existing Item: ${ORIGINAL}@1`);
  const cloneBox = page.getByRole('checkbox', { name: `Clone ${ORIGINAL}@1` });
  await expect(cloneBox).not.toBeChecked();

  await add.clone.click();
  // The copy keeps the values, with the ID cleared.
  await expect(cloneBox).toBeChecked();
  await expect(add.header).toHaveText(`Clone of ${ORIGINAL}@1`);
  await expect(add.rowStatus).toHaveText('Cloning');
  await expect(add.id).toHaveValue('');
  await expect(add.description).toHaveValue(original.Description);
  // The UPC stays with the original: the clone gets its own (two IDs must not share one UPC).
  expect(original.UpcCode).toBeTruthy();
  await expect(add.upc).toHaveValue('');
  await expect(page.getByRole('note')).toHaveText(
    `The UPC ${original.UpcCode} stays with ${ORIGINAL}@1: enter the clone's own UPC.`,
  );
  await expect(add.save).toBeDisabled();
  await expect(page.getByText("Please Enter Clone's ID/PkSz").first()).toBeVisible();

  // Unchecking the clone box goes back to the original.
  await cloneBox.uncheck();
  await expect(add.id).toHaveValue(ORIGINAL);
  await expect(add.header).toHaveText(`Existing Item: ${ORIGINAL}@1`);
  await cloneBox.check();

  // An ID the zone has is refused; a free one makes the clone ready.
  await add.id.fill(ORIGINAL);
  await add.packSize.press('Tab');
  await add.expectToast(`${ORIGINAL}@1: ID Already Exists`);
  await expect(add.id).toHaveValue('');
  await add.id.fill(CLONE.toLowerCase());
  await add.packSize.focus();
  await add.packSize.press('Tab');
  await expect(add.rowStatus).toHaveText('Cloned');
  await expect(add.id).toHaveValue(CLONE);
  await add.description.fill('RAMEN CLONE E2E');
  await add.upc.fill(CLONE_UPC);
  await page.screenshot({ path: screenshotPath('add-item-clone') });
  await add.save.click();
  await add.expectToast(`${CLONE}@1 saved.`);
  await expect(add.id).toHaveValue('');

  const clone = await lookUp(page.request, CLONE, ZONE);
  expect(clone).toMatchObject({
    ExistingItem: true,
    Description: 'RAMEN CLONE E2E',
    UpcCode: CLONE_UPC,
    DeptSub: original.DeptSub,
    UnitList: original.UnitList,
    UnitCost: original.UnitCost,
    TaxGroupId: original.TaxGroupId,
  });
  // The original is unchanged.
  expect(await lookUp(page.request, ORIGINAL, ZONE)).toMatchObject({ Description: original.Description });
});
