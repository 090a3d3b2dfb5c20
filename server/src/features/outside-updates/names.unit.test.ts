import {
  AdjustItem,
  CHANGE_FLD,
  type ChangeFld,
  OU_BIT_FIELD,
  OuEdit,
  type OuEditOutput,
  OuOriginal,
  OuRoot,
} from '@cpb/domain';
import { describe, expect, it } from 'vitest';
import { FIELDS, type FieldDef } from '../../db/fields';
import { editBits } from './edits';
import { presentRoot } from './presenter';
import type { RootRow } from './queries';

/** The keys a zod object schema states, in its order. */
const keysOf = (s: { shape: Record<string, unknown> }) => Object.keys(s.shape);

/** What is wrong with the registry's names: each problem names the field. */
function nameProblems(fields: Record<string, FieldDef>): string[] {
  const itemKeys = new Set(keysOf(AdjustItem));
  const ouKeys = new Set(keysOf(OuRoot));
  return Object.entries(fields).flatMap(([name, d]) => {
    const problems: string[] = [];
    if (!d.api?.item) problems.push(`${name}: no Item Adjustment name`);
    else if (!itemKeys.has(d.api.item)) problems.push(`${name}: ${d.api.item} is not a key of AdjustItem`);
    if (d.api?.ou === undefined) problems.push(`${name}: no Outside Updates name (null: not shown)`);
    else if (d.api.ou === null && d.ou)
      problems.push(`${name}: kept on the roots but not named in Outside Updates`);
    else if (d.api.ou !== null && !ouKeys.has(d.api.ou))
      problems.push(`${name}: ${d.api.ou} is not a key of OuRoot`);
    if (d.change === undefined) problems.push(`${name}: no change bit (null: none)`);
    if (!d.history?.key) problems.push(`${name}: no history key`);
    return problems;
  });
}

const values = (p: '' | 'z_') => ({
  [`${p}description`]: 'COKE 12OZ',
  [`${p}receipt_description`]: null,
  [`${p}inv_type`]: 'I',
  [`${p}dept`]: 12,
  [`${p}sub`]: 3,
  [`${p}unit_list`]: p ? '1.79' : '1.99',
  [`${p}unit_cost`]: '0.8000',
  [`${p}tax_group_id`]: 1,
  [`${p}redemption_id`]: null,
  [`${p}active`]: true,
  [`${p}min_on_hand`]: 2,
  [`${p}max_on_hand`]: 10,
  [`${p}min_purchase_qty`]: null,
  [`${p}vendor_id`]: 'COREMARK',
});

/** A root of the list as queries.ts reads it: a price change from a store, or as `over` says. */
function rootRow(over: Partial<RootRow> = {}): RootRow {
  return {
    ...values(''),
    ...values('z_'),
    id: 7,
    zone_id: 1,
    item_id: '04900000045',
    pack_size: 1,
    source: 'Site Import',
    zone_name: 'North',
    upc_code: null,
    upc_pack_size: null,
    change_flds: CHANGE_FLD.price,
    is_new: false,
    action: 'noaction',
    vendor_list: null,
    margin_list: null,
    dept_name: 'Beverages',
    sub_name: 'Soda',
    type_name: 'Inventory',
    z_upc_code: '049000000450',
    z_upc_pack_size: 1,
    update_key: '41',
    root_key: '42',
    origins: [3],
    item_groups: null,
    groups: [],
    incoming: null,
    ...over,
  } as RootRow;
}

describe('the field registry names every field per screen', () => {
  it('gives every field its Item Adjustment and Outside Updates names, change bit and history key', () => {
    expect(nameProblems(FIELDS)).toEqual([]);
  });

  it('refuses a field without names, a name the screen does not have, or a kept field without its name', () => {
    const broken = {
      ...FIELDS,
      shelfLife: { col: 'shelf_life', history: { key: 'ShelfLife' } } as unknown as FieldDef,
      unitList: { ...FIELDS.unitList, api: { item: 'UnitList', ou: 'UnitList' } },
      active: { ...FIELDS.active, api: { item: 'Active', ou: null } },
      vendorId: { ...FIELDS.vendorId, api: { item: 'Vendor', ou: 'VendorId' } },
    } as Record<string, FieldDef>;
    expect(nameProblems(broken).sort()).toEqual(
      [
        'shelfLife: no Item Adjustment name',
        'shelfLife: no Outside Updates name (null: not shown)',
        'shelfLife: no change bit (null: none)',
        'unitList: UnitList is not a key of OuRoot',
        'active: kept on the roots but not named in Outside Updates',
        'vendorId: Vendor is not a key of AdjustItem',
      ].sort(),
    );
  });

  it('names every change bit in Outside Updates with a key of the list and of an edit', () => {
    const editKeys = new Set(keysOf(OuEdit));
    for (const bit of Object.keys(CHANGE_FLD) as ChangeFld[]) {
      expect(keysOf(OuRoot), bit).toContain(OU_BIT_FIELD[bit]);
      // Active and the vendor come from a store or a vendor file; the grid does not edit them.
      if (bit !== 'active' && bit !== 'vendor') expect(editKeys, bit).toContain(OU_BIT_FIELD[bit]);
    }
  });
});

describe('the Outside Updates presenter names its keys as the domain schema does', () => {
  it("gives a store's root every key of OuRoot but a vendor's retails and an edit's, in the schema order", () => {
    const root = presentRoot(rootRow(), 10);
    const onSome = ['VendorRetail', 'MarginRetail', 'Edited', 'Original'];
    expect(Object.keys(root)).toEqual(keysOf(OuRoot).filter((k) => !onSome.includes(k)));
    expect(OuRoot.parse(root)).toEqual(root);
    expect(root).toMatchObject({ Price: '1.99', ZoneList: '1.79', DeptSub: '12.03', Cost: '0.800000' });
  });

  it('gives a vendor root with an edit every key of OuRoot, and its Original every key of OuOriginal', () => {
    const incoming = { ...values(''), unit_cost: '0.7500', item_groups: null, change_flds: CHANGE_FLD.cost };
    const root = presentRoot(
      rootRow({
        source: 'Vendor Import',
        vendor_list: '1.89',
        margin_list: '1.99',
        incoming: incoming as unknown as RootRow['incoming'],
      }),
      10,
    );
    expect(Object.keys(root)).toEqual(keysOf(OuRoot));
    expect(Object.keys(root.Original ?? {})).toEqual(keysOf(OuOriginal));
    expect(OuRoot.parse(root)).toEqual(root);
    expect(root.Original).toMatchObject({ Cost: '0.750000', isSameCost: -1, isSamePrice: 0 });
  });
});

describe('editBits (an edit sets the change bits of the fields it sends)', () => {
  const key = { ID: 'X', PackSize: 1 };
  const valueKeys = keysOf(OuEdit).filter((k) => !['ID', 'PackSize', 'UpdateKey'].includes(k));

  it('sets one bit for every value an edit can send', () => {
    for (const k of valueKeys) {
      const bits = editBits({ ...key, [k]: null } as OuEditOutput);
      expect(bits, k).toBeGreaterThan(0);
      expect(bits & (bits - 1), k).toBe(0);
    }
  });

  it('sets the bit of the field: a margin the price, the groups the item group', () => {
    expect(editBits({ ...key, Margin: '30' } as OuEditOutput)).toBe(CHANGE_FLD.price);
    expect(editBits({ ...key, Price: '1.99', Cost: '1' } as OuEditOutput)).toBe(
      CHANGE_FLD.price | CHANGE_FLD.cost,
    );
    expect(editBits({ ...key, TaxGroupID: 2, Redemption: null } as OuEditOutput)).toBe(
      CHANGE_FLD.taxGroup | CHANGE_FLD.redemption,
    );
    expect(editBits({ ...key, ItemGroups: [] } as OuEditOutput)).toBe(CHANGE_FLD.itemGroup);
    expect(editBits({ ...key, MinPurchaseQty: 4 } as OuEditOutput)).toBe(CHANGE_FLD.minPurchaseQty);
    expect(editBits(key as OuEditOutput)).toBe(0);
  });
});
