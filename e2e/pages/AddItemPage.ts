import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** Add Item (spec part 1 §2.5): the simple form, the advanced grid and their dialogs. */
export class AddItemPage {
  readonly shell: ShellPage;
  readonly advanceInput: Locator;
  readonly header: Locator;
  readonly rowStatus: Locator;
  readonly id: Locator;
  readonly packSize: Locator;
  readonly upc: Locator;
  readonly upcPackSize: Locator;
  readonly type: Locator;
  readonly description: Locator;
  readonly rcptDesc: Locator;
  readonly department: Locator;
  readonly doNotSendToPos: Locator;
  readonly unitList: Locator;
  readonly unitCost: Locator;
  readonly margin: Locator;
  readonly search: Locator;
  readonly clear: Locator;
  readonly save: Locator;
  readonly clone: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    const main = page.getByRole('main');
    this.advanceInput = main.getByRole('checkbox', { name: 'Advance input' });
    this.header = page.getByTestId('item-header');
    this.rowStatus = page.getByTestId('row-status');
    this.id = main.getByRole('textbox', { name: 'ID/PLU' });
    this.packSize = main.getByRole('textbox', { name: 'Pack Size', exact: true });
    this.upc = main.getByRole('textbox', { name: 'UPC', exact: true });
    this.upcPackSize = main.getByRole('textbox', { name: 'UPC Pack Size' });
    this.type = main.getByRole('combobox', { name: 'Type' });
    this.description = main.getByRole('textbox', { name: 'Description' });
    this.rcptDesc = main.getByRole('textbox', { name: 'Rcpt Desc' });
    this.department = main.getByRole('combobox', { name: 'Department' });
    this.doNotSendToPos = main.getByRole('checkbox', { name: 'Do not send to POS' });
    this.unitList = main.getByRole('textbox', { name: 'Unit List' });
    this.unitCost = main.getByRole('textbox', { name: 'Unit Cost' });
    this.margin = main.getByRole('textbox', { name: 'Margin' });
    this.search = main.getByRole('button', { name: 'Search', exact: true });
    this.clear = main.getByRole('button', { name: 'Clear', exact: true });
    this.save = main.getByRole('button', { name: 'Save', exact: true });
    this.clone = main.getByRole('button', { name: 'Clone', exact: true });
  }

  async goto(zoneLabel = '1 - Central Valley'): Promise<void> {
    await this.page.goto('/adjust/addItem');
    await this.shell.expectTitle('Add Item');
    await this.selectZone(zoneLabel);
  }

  async selectZone(label: string): Promise<void> {
    if ((await this.shell.zonePicker.inputValue()) === label) return;
    await this.shell.zonePicker.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  /** Types ID and pack size and leaves the pack size, which runs the lookup. */
  async lookUp(id: string, pack = '1'): Promise<void> {
    await this.id.fill(id);
    await this.packSize.fill(pack);
    await this.packSize.press('Tab');
  }

  section(name: string): Locator {
    return this.page.getByRole('main').getByRole('button', { name, exact: true });
  }

  async openSection(name: string): Promise<void> {
    const control = this.section(name);
    if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  }

  async chooseDepartment(typed: string, option: string | RegExp): Promise<void> {
    await this.department.fill(typed);
    await this.page.getByRole('option', { name: option }).click();
  }

  async chooseOption(field: Locator, option: string): Promise<void> {
    await field.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** The advanced grid. */
  get grid(): Locator {
    return this.page.getByRole('region', { name: 'Items' });
  }

  /** The grid's body rows. */
  gridRows(): Locator {
    return this.grid.locator('.ag-row');
  }

  gridCell(index: number, colId: string): Locator {
    return this.grid.locator(`.ag-row[row-index="${index}"] [col-id="${colId}"]`);
  }

  /** Types into a grid cell and commits with Enter. */
  async editCell(index: number, colId: string, value: string): Promise<void> {
    const cell = this.gridCell(index, colId);
    await cell.click();
    const input = cell.locator('input');
    await input.fill(value);
    await input.press('Enter');
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  async expectToast(text: string | RegExp): Promise<void> {
    await expect(this.toast(text).first()).toBeVisible();
  }
}
