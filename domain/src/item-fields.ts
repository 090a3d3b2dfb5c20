/**
 * The item's editable fields as both sides name them: per field, the Outside Updates change bit it
 * counts towards and its API name per screen. The server's field registry (server db/fields.ts)
 * carries these per field beside its column, SQL type, history key and summary rule; the
 * presenters, the edits' field-to-bit mapping and the page derive their names from here. Keys are
 * the registry's field names (the site row's columns in camelCase).
 */
import type { ChangeFld } from './outside-updates';

/** A field's names on the screens that show it under a name of its own. */
export interface ItemFieldApi {
  /** Item Adjustment's rows, searches and saves, and Edit Item's item (AdjustItem, ItemDetail). */
  item: string;
  /**
   * The Outside Updates list and its edits (OuRoot, OuEdit), or null when the list does not show
   * it. dept and sub share DeptSub ('12.03'), as in the history.
   */
  ou: string | null;
}

export interface ItemFieldNames {
  /** The outside updates' changeFlds bit the field counts towards (CHANGE_FLD), or null. */
  change: ChangeFld | null;
  api: ItemFieldApi;
}

export const ITEM_FIELDS = {
  description: { change: 'description', api: { item: 'Description', ou: 'Description' } },
  receiptDescription: {
    change: 'receiptDescription',
    api: { item: 'ReceiptDescription', ou: 'ReceiptDescription' },
  },
  invType: { change: null, api: { item: 'InvType', ou: 'ItemType' } },
  dept: { change: 'deptSub', api: { item: 'Dept', ou: 'DeptSub' } },
  sub: { change: 'deptSub', api: { item: 'SubDept', ou: 'DeptSub' } },
  unitList: { change: 'price', api: { item: 'UnitList', ou: 'Price' } },
  unitCost: { change: 'cost', api: { item: 'UnitCost', ou: 'Cost' } },
  taxGroupId: { change: 'taxGroup', api: { item: 'TaxGroupId', ou: 'TaxGroupID' } },
  redemptionId: { change: 'redemption', api: { item: 'CrvID', ou: 'Redemption' } },
  active: { change: 'active', api: { item: 'Active', ou: 'Active' } },
  minOnHand: { change: 'min', api: { item: 'MinOnHand', ou: 'MinOnHand' } },
  maxOnHand: { change: 'max', api: { item: 'MaxOnHand', ou: 'MaxOnHand' } },
  minPurchaseQty: { change: 'minPurchaseQty', api: { item: 'MinPurchaseQty', ou: 'MinPurchaseQty' } },
  vendorId: { change: 'vendor', api: { item: 'VendorId', ou: 'VendorId' } },
  sendToPos: { change: null, api: { item: 'SendToPos', ou: null } },
} as const satisfies Record<string, ItemFieldNames>;

export type ItemField = keyof typeof ITEM_FIELDS;

/** Every field, in the registry's order. */
export const ITEM_FIELD_KEYS = Object.keys(ITEM_FIELDS) as ItemField[];

/** The Outside Updates name of a field (never null for the fields of `F`). */
export type OuName<F extends ItemField = ItemField> = Exclude<(typeof ITEM_FIELDS)[F]['api']['ou'], null>;

/** The fields that count towards a change bit. */
export type BitField = {
  [F in ItemField]: (typeof ITEM_FIELDS)[F]['change'] extends null ? never : F;
}[ItemField];
