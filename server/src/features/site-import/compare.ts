/**
 * Compares a store's item record with the site's row of it (site_items) and says which fields
 * differ, as the outside updates' `changeFlds` bits (domain CHANGE_FLD). A store item file carries
 * description, receipt description, department/sub, price, tax group and the active flag; the
 * other fields of a row (cost, redemption, vendor ...) never differ through it.
 */
import { CHANGE_FLD, type StoreItemValues } from '@cpb/domain';
import type { NaxmlItem } from '../../exchange/naxml/naxml';

/** The site's row of an item, as read for the comparison (prices as text, exact). */
export interface SiteRow {
  item_id: string;
  pack_size: number;
  description: string;
  receipt_description: string | null;
  dept: number;
  sub: number;
  unit_list: string;
  tax_group_id: number | null;
  active: boolean;
  inv_type: string;
}

/** The store's values as they go into the price book (descriptions cut to the columns' 35). */
export interface StoreValues extends StoreItemValues {
  active: boolean;
  invType: string;
}

const cut = (s: string | null) => (s === null || s === '' ? null : s.slice(0, 35));

export function storeValues(i: NaxmlItem): StoreValues {
  return {
    // Item IDs are upper case, as typed ones are (a root with a lower-case ID could never be accepted).
    itemId: i.itemId.toUpperCase(),
    packSize: i.packSize,
    description: (cut(i.description) ?? '').trim(),
    receiptDescription: cut(i.receiptDescription)?.trim() || null,
    dept: i.dept,
    sub: i.sub,
    unitList: i.unitList,
    taxGroupId: i.taxGroupId,
    active: i.active,
    invType: ['I', 'S', 'X'].includes(i.invType.toUpperCase()) ? i.invType.toUpperCase() : 'I',
  };
}

/** A price as written without trailing zeros of its fraction ('1.90' and '1.9000' are the same price). */
export function samePrice(a: string, b: string): boolean {
  const canon = (p: string) => {
    const [w, f = ''] = p.trim().split('.');
    const frac = f.replace(/0+$/, '');
    return `${w.replace(/^0+(?=\d)/, '')}${frac ? `.${frac}` : ''}`;
  };
  return canon(a) === canon(b);
}

/** The changeFlds bits of the fields where the store's values differ from the site's row. */
export function differences(v: StoreValues, row: SiteRow): number {
  let flds = 0;
  if (v.description !== row.description.trim()) flds |= CHANGE_FLD.description;
  if ((v.receiptDescription ?? null) !== (row.receipt_description?.trim() || null))
    flds |= CHANGE_FLD.receiptDescription;
  if (v.dept !== row.dept || v.sub !== row.sub) flds |= CHANGE_FLD.deptSub;
  if (!samePrice(v.unitList, row.unit_list)) flds |= CHANGE_FLD.price;
  if (v.taxGroupId !== row.tax_group_id) flds |= CHANGE_FLD.taxGroup;
  if (v.active !== row.active) flds |= CHANGE_FLD.active;
  return flds;
}

/** The bits of every field a store file carries: what a new item brings. */
export const STORE_FILE_FLDS =
  CHANGE_FLD.description |
  CHANGE_FLD.receiptDescription |
  CHANGE_FLD.deptSub |
  CHANGE_FLD.price |
  CHANGE_FLD.taxGroup |
  CHANGE_FLD.active;
