import { expect, test } from '@playwright/test';
import { ItemAdjustPage } from './pages/ItemAdjustPage';
import { searchApi } from './support/itemAdjustApi';

const ZONE_1 = { id: 1, label: '1 - Central Valley' };
const CRITERIA = { ApplyDepartmentRange: true, DeptBeginRange: '2.00' };
const ORDER = { field: 'Description', dir: 'asc' };

test('leaving Item Adjustment and coming back keeps the zone, criteria, results, order, page and selection', async ({
  page,
}) => {
  const second = await searchApi(page.request, ZONE_1.id, CRITERIA, { Page: 2, OrderBy: ORDER });
  const pages = Math.ceil(second.TotalCount / 100);
  expect(pages).toBeGreaterThan(2);
  const [first, picked] = second.Items;

  const ia = new ItemAdjustPage(page);
  await ia.open(ZONE_1.label);
  await ia.search('Department from', '2.00');
  await ia.grid.getByRole('columnheader', { name: 'Description' }).click();
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await pager.getByRole('button', { name: '2', exact: true }).click();
  await expect(ia.row(first.idplu)).toHaveAttribute('row-index', '0');
  await ia.select(picked.idplu);
  await expect(page.getByText('1 selected')).toBeVisible();

  // Away to Add Item and back through the menu.
  await ia.shell.navigate('Adjust', 'Add Item');
  await ia.shell.expectTitle('Add Item');
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/sscitems')) searches.push(r.postData() ?? '');
  });
  await ia.shell.navigate('Adjust', 'Item Adjustment');
  await ia.shell.expectTitle('Item Adjustment');

  await expect(ia.shell.zonePicker).toHaveValue(ZONE_1.label);
  // The results are back, so the criteria are folded to their summary (issue 25); opened, as left.
  await expect(ia.criteriaSummary).toHaveText('Department from 2.00');
  await ia.openCriteria();
  await expect(ia.criterion('Department from')).toHaveValue('2.00');
  await expect(ia.applyBox('Department')).toBeChecked();
  await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(ia.row(first.idplu)).toHaveAttribute('row-index', '0');
  await expect(ia.grid.getByRole('columnheader', { name: 'Description' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(ia.selectBox(picked.idplu)).toBeChecked();
  await expect(page.getByText('1 selected')).toBeVisible();
  // The results are asked for once, fresh, on return.
  await expect.poll(() => searches.length).toBe(1);
  expect(JSON.parse(searches[0])).toMatchObject({ Page: 2, OrderBy: ORDER });
});
