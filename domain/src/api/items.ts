/**
 * Request bodies of the item calls (spec part 1 §7 "Item calls"). A save's item models are
 * bounded here (types, lengths, list sizes, no control characters); their business rules
 * (required fields, departments, check digits) are checked by the save, which answers every
 * problem at once with the spec's texts.
 */
import { z } from 'zod';
import {
  DateText,
  ITEM_ID_MAX,
  ItemId,
  LOOKUP_TEXT_MAX,
  longText,
  MAX_ITEM_GROUPS_PER_ITEM,
  MAX_ITEMS_PER_SAVE,
  MAX_LIST_PER_ITEM,
  NAME_MAX,
  rows,
  safeText,
  TYPED_VALUE_MAX,
  UpdateKey,
  ZoneId,
} from './fields';

/** An optional text or number as a model field may carry it (null and absent are no value). */
const loose = (max: number) => z.union([safeText(max), z.number().finite(), z.null()]).optional();
const flag = z.boolean().nullish();

export const LookupBody = z.object({
  ID: loose(ITEM_ID_MAX),
  PackSize: loose(TYPED_VALUE_MAX),
  ZoneSetupID: ZoneId,
  Action: safeText(50).optional(),
});
export const HistoryBody = z.object({
  ID: loose(ITEM_ID_MAX),
  PackSize: loose(TYPED_VALUE_MAX),
  ZoneSetupID: ZoneId,
});

export const LinkedItemsQuery = z.object({
  ZoneSetupID: ZoneId,
  ID: ItemId,
  PS: loose(TYPED_VALUE_MAX),
  userName: safeText(100).optional(),
});
export const IngredientsQuery = z.object({
  search: safeText(LOOKUP_TEXT_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export const VendorsPerItemQuery = z.object({ PS: loose(TYPED_VALUE_MAX) });

const rowOf = <T extends z.ZodRawShape>(shape: T) => rows(z.looseObject(shape), MAX_LIST_PER_ITEM).nullish();

/** An item model of a save: every field the save reads, bounded; other fields of the page pass. */
export const ItemModel = z.looseObject({
  operation: safeText(50).nullish(),
  Status: safeText(50).nullish(),
  CloneOf: safeText(ITEM_ID_MAX + 12).nullish(),
  ZoneSetupID: ZoneId.nullish(),
  ID: loose(ITEM_ID_MAX),
  PackSize: loose(TYPED_VALUE_MAX),
  UpcCode: loose(ITEM_ID_MAX),
  UpcPackSize: loose(TYPED_VALUE_MAX),
  UpdateKey,
  InvType: loose(10),
  Description: loose(NAME_MAX),
  ReceiptDescription: loose(NAME_MAX),
  DeptSub: loose(TYPED_VALUE_MAX),
  UnitList: loose(TYPED_VALUE_MAX),
  UnitCost: loose(TYPED_VALUE_MAX),
  TaxGroupId: loose(LOOKUP_TEXT_MAX),
  CrvID: loose(LOOKUP_TEXT_MAX),
  VendorId: loose(LOOKUP_TEXT_MAX),
  Active: flag,
  SendToPos: flag,
  MinOnHand: loose(TYPED_VALUE_MAX),
  MaxOnHand: loose(TYPED_VALUE_MAX),
  MinPurchaseQty: loose(TYPED_VALUE_MAX),
  EffectiveDateTime: DateText.nullish(),
  ItemGroups: rows(
    z.union([safeText(LOOKUP_TEXT_MAX), z.number().finite()]),
    MAX_ITEM_GROUPS_PER_ITEM,
  ).nullish(),
  Vendors: rowOf({ VendorID: loose(LOOKUP_TEXT_MAX), VendorItem: loose(LOOKUP_TEXT_MAX) }),
  SizeDescs: rowOf({ Unit: loose(LOOKUP_TEXT_MAX), Qty: loose(TYPED_VALUE_MAX) }),
  Recipes: rowOf({
    ItemID: loose(ITEM_ID_MAX),
    ItemPkSz: loose(TYPED_VALUE_MAX),
    Unit: loose(LOOKUP_TEXT_MAX),
    UnitQty: loose(TYPED_VALUE_MAX),
    Qty: loose(TYPED_VALUE_MAX),
  }),
  MissingUOMs: rowOf({
    ItemID: loose(ITEM_ID_MAX),
    ItemPkSz: loose(TYPED_VALUE_MAX),
    Unit: loose(LOOKUP_TEXT_MAX),
    Qty: loose(TYPED_VALUE_MAX),
  }),
  RecipeInstructions: z.union([longText(4000), z.null()]).optional(),
  HasDescriptionChanged: flag,
  HasReceiptDescriptionChanged: flag,
  HasDeptSubChanged: flag,
  HasPriceChanged: flag,
  HasCostChanged: flag,
  HasTaxGroupChanged: flag,
  HasRedemptionChanged: flag,
  HasActiveFlagChanged: flag,
  HasVendorChanged: flag,
  HasItemGroupChanged: flag,
  HasLinkedItemChanged: flag,
});
export type ItemModelInput = z.input<typeof ItemModel>;

export const UpdateBody = z.object({
  ZoneSetupID: ZoneId.optional(),
  Items: rows(ItemModel, MAX_ITEMS_PER_SAVE).nullish(),
  model: ItemModel.nullish(),
});
