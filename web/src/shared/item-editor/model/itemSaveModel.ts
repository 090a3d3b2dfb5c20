/**
 * The model an item save sends to updateBatchItem (spec part 1 §4 "Editing and saving"): 'Add
 * Item' for a new item, a clone or an item saved into the zone from outside it, 'UpdateBatchItem'
 * for an item of the zone. Values are the schema's parsed output, so money leaves as exact
 * decimal strings.
 */
import {
  COST_SCALE,
  formatDeptSub,
  fromMinor,
  type ItemAnswer,
  type ItemFormOutput,
  PRICE_SCALE,
} from '@cpb/domain';
import type { ItemDraft } from './itemDraft';
import type { SaveItemModel } from './itemsApi';

export const ADD_ITEM = 'Add Item';
export const UPDATE_BATCH_ITEM = 'UpdateBatchItem';

export interface SaveTarget {
  draft: ItemDraft;
  output: ItemFormOutput;
  /** The item as last answered by the server (null for a row never looked up). */
  base: ItemAnswer | null;
  /** 'ID@pack' of the original when the draft is a clone. */
  cloneOf: string | null;
  /** Clone rows go out with Status 'Cloning' so a missing ID reads "Please Enter Clone's ID/PkSz". */
  status?: string;
}

/**
 * A list as sent: null when it is empty and was empty before ("Null or empty values ... are sent
 * as null", spec §5); [] when the user removed every row, since the server reads null as "no
 * change" and a list, even empty, as the new list.
 */
export function listForSave<T>(rows: T[], before: readonly unknown[] | null | undefined): T[] | null {
  if (rows.length > 0) return rows;
  return before && before.length > 0 ? [] : null;
}

const idOrNull = (v: string | null) => (v === null || v === '' ? null : Number(v));

/** The operation of a save: existing items of the zone are updated, everything else is added. */
export function operationFor(base: ItemAnswer | null, cloneOf: string | null): string {
  return base?.ExistingItem && !cloneOf ? UPDATE_BATCH_ITEM : ADD_ITEM;
}

export function buildSaveModel(t: SaveTarget): SaveItemModel {
  const { draft: d, output: o, base, cloneOf } = t;
  const operation = operationFor(base, cloneOf);
  const before = operation === UPDATE_BATCH_ITEM ? base : null;
  return {
    ID: o.ID,
    PackSize: o.PackSize,
    UpcCode: o.UpcCode || null,
    UpcPackSize: o.UpcPackSize,
    InvType: o.InvType,
    Description: o.Description,
    ReceiptDescription: o.ReceiptDescription,
    DeptSub: formatDeptSub(o.DeptSubNum),
    UnitList: fromMinor(o.UnitList, PRICE_SCALE),
    UnitCost: fromMinor(o.UnitCost, COST_SCALE),
    SendToPos: d.SendToPos,
    Active: d.Active,
    MinOnHand: o.MinOnHand,
    MaxOnHand: o.MaxOnHand,
    MinPurchaseQty: o.MinPurchaseQty,
    TaxGroupId: idOrNull(d.TaxGroupId),
    CrvID: idOrNull(d.CrvID),
    VendorId: d.VendorId || null,
    ItemGroups: listForSave(o.ItemGroups ?? [], before?.ItemGroups),
    Vendors: listForSave(
      d.Vendors.map((v) => ({ VendorID: v.VendorID, VendorItem: v.VendorItem.trim() })),
      before?.Vendors,
    ),
    SizeDescs: listForSave(
      d.SizeDescs.map((u) => ({ Unit: u.Unit, Qty: u.Qty.trim(), Status: u.Status })),
      before?.SizeDescs,
    ),
    Recipes: listForSave(
      d.Recipes.map((r) => ({
        ItemID: r.ItemID,
        ItemPkSz: r.ItemPkSz,
        Unit: r.Unit || null,
        UnitQty: r.UnitQty?.trim() || null,
        Qty: r.Qty.trim(),
      })),
      before?.Recipes,
    ),
    MissingUOMs: d.MissingUOMs.length ? d.MissingUOMs : null,
    RecipeInstructions: d.RecipeInstructions.trim() || null,
    operation,
    UpdateKey: operation === UPDATE_BATCH_ITEM ? (base?.UpdateKey ?? null) : null,
    CloneOf: cloneOf,
    Status: t.status,
    ItemOriginatedOutOfZone: base?.OutOfZone ?? false,
  };
}
