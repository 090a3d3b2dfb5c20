/**
 * Add Item's form as a user fills it (useItemEditor on @mantine/form, its save a mutation): the
 * spec's validation messages as fields are left, the body the save sends, and a refused save that
 * keeps what was typed. The item calls are answered by a fetch stub, as the server would.
 */
import type { Department, ItemAnswer, SaveAnswer } from '@cpb/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ItemLookups } from '../../../shared/item-editor/model/itemQueries';
import { useItemEditor } from '../../../shared/item-editor/model/useItemEditor';
import type { PanelContext } from '../../../shared/item-editor/panels/draftBinding';
import { useFieldLabels } from '../../../shared/item-editor/panels/useFieldLabels';
import { stubFetch } from '../../../test/fetchStub';
import { renderWithProviders } from '../../../test/render';
import { SimpleAddItem } from './SimpleAddItem';

const LOOKUP = '/additem/demo/lookUpBatchItem';
const SAVE = '/updateBatchItem/demo';
const ID = 'E2EFORM01';

const CIGARS: Department = {
  Dept: 1,
  DeptName: 'Tobacco',
  SubDept: 2,
  SubDeptName: 'Cigars',
  DeptSubName: 'Cigar',
  DeptSubNum: 102,
  DisplayDeptSub: '1.02',
  ItemTypeName: 'I',
};

const LOOKUPS: ItemLookups = {
  departments: [CIGARS],
  taxGroups: [],
  redemptions: [],
  itemGroups: [],
  itemTypes: [{ Type: 'I', Description: 'Inventory' }],
  uoms: [],
  vendors: [],
  prefs: null,
  loading: false,
};

/** What lookUpBatchItem answers for an ID the zone does not have yet. */
function newItem(): ItemAnswer {
  return {
    ID,
    PackSize: 1,
    idplu: `${ID}@1`,
    UpcCode: null,
    UpcPackSize: 1,
    Description: '',
    ReceiptDescription: '',
    InvType: 'I',
    DeptSub: null,
    Dept: null,
    SubDept: null,
    DeptSubNum: null,
    UnitList: '',
    UnitCost: '0.0000',
    Margin: null,
    TaxGroupId: null,
    CrvID: null,
    ItemGroups: [],
    VendorId: null,
    Vendors: [],
    Active: true,
    MinOnHand: null,
    MaxOnHand: null,
    MinPurchaseQty: null,
    SendToPos: true,
    RecipeInstructions: null,
    SizeDescs: [],
    Recipes: [],
    ExistingItem: false,
    IsNew: true,
    OutOfZone: false,
    ItemOriginatedOutOfZone: false,
    SourceSite: null,
    UpdateKey: null,
    SiteCount: 0,
    ZoneSiteCount: 3,
    ZoneSetupID: 1,
    ZoneNum: 1,
    ZoneName: 'Central Valley',
    IsPriceUniform: true,
    IsCostUniform: true,
    IsDeptSubUniform: true,
    IsDescUniform: true,
    isUniform: true,
    HasHistory: false,
    operation: 'Add Item',
    MissingUOMs: [],
    Message: '',
  };
}

const saved = (): { RootResults: SaveAnswer } => ({
  RootResults: { Saved: 1, Items: [], MissingUOMs: [], Message: `${ID}@1 saved.` },
});

function Form() {
  const labels = useFieldLabels();
  const editor = useItemEditor({
    user: 'demo',
    zone: 1,
    departments: LOOKUPS.departments,
    labels,
    onSaved: () => editor.reset(),
  });
  const ctx: PanelContext = {
    user: 'demo',
    zone: 1,
    lookups: LOOKUPS,
    perms: { updateUnitCost: true, minMax: true, applyVendor: true, maintainItemGroups: true },
  };
  return <SimpleAddItem editor={editor} ctx={ctx} onClear={() => editor.reset()} />;
}

const field = (name: string) => screen.getByRole('textbox', { name });
const department = () => screen.getByRole('combobox', { name: 'Department' });

type User = ReturnType<typeof renderWithProviders>['user'];
/** Types `text` into a field as one input (a paste: the machine runs several test suites at once). */
async function fill(user: User, el: HTMLElement, text: string) {
  await user.clear(el);
  await user.click(el);
  await user.paste(text);
}
const saveButton = () => screen.getByRole('button', { name: 'Save' });

/** Renders the form and looks the new item up as the user does: ID, then leaving the pack size. */
async function lookedUp(routes: Record<string, unknown> = {}) {
  const net = stubFetch({ [LOOKUP]: { RootResults: newItem() }, ...routes });
  const r = renderWithProviders(<Form />);
  await fill(r.user, field('ID/PLU'), ID.toLowerCase());
  await r.user.click(field('Pack Size'));
  await r.user.tab();
  await screen.findByText('Success: New Item.');
  await waitFor(() => expect(field('Description')).toBeEnabled());
  return { ...r, net };
}

/** Fills every field a new item needs with valid values. */
async function fillValid(user: User) {
  await fill(user, field('UPC'), '036000291452');
  await fill(user, field('Description'), 'FORM ENERGY DRINK 16OZ');
  await fill(user, department(), '1.02');
  await user.tab();
  await fill(user, field('Unit List'), '2.49');
  await user.tab();
}

// Each step is a render of the whole form; under a loaded machine a test takes several seconds.
describe('Add Item form (useItemEditor on @mantine/form)', { timeout: 90_000 }, () => {
  // The toasts' store is the page's, shared by every test of the file.
  afterEach(() => notifications.clean());

  it('before the lookup: a blank ID left reads Required., a pack size of 0 left reads Enter a minimum of 1.', async () => {
    const net = stubFetch({ [LOOKUP]: { RootResults: newItem() } });
    const { user } = renderWithProviders(<Form />);
    expect(field('Pack Size')).toHaveValue('1');
    expect(field('Description')).toBeDisabled();
    await user.click(field('ID/PLU'));
    await user.tab();
    expect(await screen.findByText('Required.')).toBeVisible();
    await fill(user, field('Pack Size'), '0');
    await user.tab();
    expect(await screen.findByText('Enter a minimum of 1.')).toBeVisible();
    expect(net.callsTo(LOOKUP)).toHaveLength(0);
  });

  it('shows the spec’s messages for the fields the user leaves, and offers Save only when all are valid', async () => {
    const { user, net } = await lookedUp();
    expect(field('ID/PLU')).toHaveValue(ID);
    expect(net.callsTo(LOOKUP)[0].body).toEqual({
      ID,
      PackSize: 1,
      ZoneSetupID: 1,
      Action: 'LookUpBatchItem',
    });
    expect(screen.getByTestId('row-status')).toHaveTextContent('New');
    expect(saveButton()).toBeDisabled();

    // The UPC is required to add an item: marked so, and left empty it says so at the field.
    expect(field('UPC')).toHaveAttribute('aria-required', 'true');
    await user.click(field('UPC'));
    await user.tab();
    expect(field('UPC')).toHaveAttribute('aria-invalid', 'true');

    // Nothing shows for a field the user has not left.
    expect(screen.queryByText('Please enter no more 35 characters')).toBeNull();
    await fill(user, field('Description'), 'A DESCRIPTION LONGER THAN 35 CHARACTERS');
    await user.tab();
    expect(await screen.findByText('Please enter no more 35 characters')).toBeVisible();
    await fill(user, field('UPC'), '036000291453');
    await user.tab();
    expect(await screen.findByText('Invalid UPC Check Digit')).toBeVisible();
    await fill(user, department(), 'ABC');
    await user.tab();
    expect(await screen.findByText('The department must be a valid existing department.')).toBeVisible();
    expect(saveButton()).toBeDisabled();

    await fillValid(user);
    await waitFor(() => expect(saveButton()).toBeEnabled());
    expect(screen.queryByText('Invalid UPC Check Digit')).toBeNull();
    expect(field('Unit List')).toHaveValue('$2.49');
  });

  it('Save sends the item as the server reads it, then the form starts over', async () => {
    const { user, net } = await lookedUp({ [SAVE]: saved() });
    await fillValid(user);
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    expect(await screen.findByText(`${ID}@1 saved.`)).toBeVisible();
    const calls = net.callsTo(SAVE);
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({
      ZoneSetupID: 1,
      Items: [
        {
          ID,
          PackSize: 1,
          UpcCode: '036000291452',
          UpcPackSize: 1,
          InvType: 'I',
          Description: 'FORM ENERGY DRINK 16OZ',
          DeptSub: '1.02',
          UnitList: '2.49',
          UnitCost: '0.0000',
          SendToPos: true,
          Active: true,
          operation: 'Add Item',
          UpdateKey: null,
          CloneOf: null,
        },
      ],
    });
    // onSaved reset the form: back to the ID, nothing looked up.
    await waitFor(() => expect(field('ID/PLU')).toHaveValue(''));
    expect(field('Description')).toBeDisabled();
  });

  it('a refused save keeps what was typed, marks the item Error, and a second Save sends it again', async () => {
    let refuse = true;
    const { user, net } = await lookedUp({
      [SAVE]: () =>
        refuse
          ? new Response(JSON.stringify({ ErrorMessage: `${ID}@1 UpcCode: UPC already used` }), {
              status: 420,
            })
          : saved(),
    });
    await fillValid(user);
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    expect(
      await screen.findByText(
        `Error : Unable to save item, error=Backend server cannot save this item (${ID}@1 UpcCode: UPC already used)`,
      ),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('row-status')).toHaveTextContent('Error'));
    expect(field('Description')).toHaveValue('FORM ENERGY DRINK 16OZ');
    expect(field('UPC')).toHaveValue('036000291452');
    await waitFor(() => expect(saveButton()).toBeEnabled());

    refuse = false;
    // The Save button is debounced by 1000 ms (spec §9).
    await new Promise((r) => setTimeout(r, 1000));
    await user.click(saveButton());
    expect(await screen.findByText(`${ID}@1 saved.`)).toBeVisible();
    expect(net.callsTo(SAVE)).toHaveLength(2);
    expect(net.callsTo(SAVE)[1].body).toEqual(net.callsTo(SAVE)[0].body);
  });

  it('with required fields blank the summary names them, while only the fields left show their message', async () => {
    const { user, net } = await lookedUp();
    await fill(user, field('Description'), 'ONLY A DESCRIPTION');
    await user.tab();
    expect(await screen.findByText(/^UPC, Department, Unit List is required\.$/)).toBeVisible();
    expect(screen.queryAllByText('Required.')).toHaveLength(0);
    expect(saveButton()).toBeDisabled();
    await user.click(field('UPC'));
    await user.tab();
    expect(await screen.findByText('Required.')).toBeVisible();
    expect(net.callsTo(SAVE)).toHaveLength(0);
  });
});
