/**
 * Request bodies of the item calls (spec part 1 §7 "Item calls"). A save's item models are
 * bounded here (types, lengths, list sizes, no control characters); their business rules
 * (required fields, departments, check digits) are checked by the save, which answers every
 * problem at once with the spec's texts.
 */
import { z } from 'zod';
import { contract } from './contract';
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
import { UserParams, UserZoneParams } from './params';
import { ItemHistoryRow, rootOf } from './responses';

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

// ---------- answers ----------

/** A vendor's number for the item: the vendor, the item's number there, and both in words. */
export const ItemVendorRow = z.strictObject({
  VendorID: z.string(),
  VendorItem: z.string(),
  Text: z.string(),
});
export type ItemVendorRow = z.infer<typeof ItemVendorRow>;

/** A unit of measure of the item, with how many linked items use it. */
export const ItemUomRow = z.strictObject({
  Unit: z.string(),
  Qty: z.string(),
  OldQty: z.string(),
  Status: z.string(),
  InRecipes: z.boolean(),
  RecipeCount: z.number(),
  UomType: z.string(),
  ItemDisplayText: z.string(),
});
export type ItemUomRow = z.infer<typeof ItemUomRow>;

/**
 * A linked item row's status: the server answers Existing; the item form marks the rows the user
 * adds New, and every row of a link held twice Duplicate (spec part 1 §4 "Grid behaviour").
 */
export const LINK_STATUSES = ['New', 'Existing', 'Duplicate'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** A linked item (ingredient) of the item, with its cost as the zone sees it. */
export const ItemRecipeRow = z.strictObject({
  ItemID: z.string(),
  ItemPkSz: z.number(),
  Desc: z.string(),
  Unit: z.string().nullable(),
  UnitQty: z.string().nullable(),
  Qty: z.string(),
  Cost: z.string().nullable(),
  IngredientCost: z.string().nullable(),
  status: z.enum(LINK_STATUSES),
});
export type ItemRecipeRow = z.infer<typeof ItemRecipeRow>;

/** A linked item whose unit the item it links to does not have among its units. */
export const MissingUomRow = z.strictObject({ ItemID: z.string(), ItemPkSz: z.number(), Unit: z.string() });
export type MissingUomRow = z.infer<typeof MissingUomRow>;

/** The item as Add Item and Add/Edit Item see it (lookUpBatchItem; each saved item of updateBatchItem). */
export const ItemAnswer = z.strictObject({
  ID: z.string(),
  PackSize: z.number(),
  idplu: z.string(),
  UpcCode: z.string().nullable(),
  UpcPackSize: z.number(),
  Description: z.string(),
  ReceiptDescription: z.string(),
  InvType: z.string(),
  DeptSub: z.string().nullable(),
  Dept: z.number().nullable(),
  SubDept: z.number().nullable(),
  DeptSubNum: z.number().nullable(),
  UnitList: z.string(),
  UnitCost: z.string(),
  Margin: z.string().nullable(),
  TaxGroupId: z.number().nullable(),
  CrvID: z.number().nullable(),
  ItemGroups: z.array(z.string()),
  VendorId: z.string().nullable(),
  Vendors: z.array(ItemVendorRow),
  Active: z.boolean(),
  MinOnHand: z.number().nullable(),
  MaxOnHand: z.number().nullable(),
  MinPurchaseQty: z.number().nullable(),
  SendToPos: z.boolean(),
  RecipeInstructions: z.string().nullable(),
  SizeDescs: z.array(ItemUomRow),
  Recipes: z.array(ItemRecipeRow),
  ExistingItem: z.boolean(),
  IsNew: z.boolean(),
  OutOfZone: z.boolean(),
  ItemOriginatedOutOfZone: z.boolean(),
  SourceSite: z.strictObject({ SetupID: z.number(), SiteNo: z.number(), SiteName: z.string() }).nullable(),
  UpdateKey: z.string().nullable(),
  SiteCount: z.number(),
  ZoneSiteCount: z.number(),
  ZoneSetupID: z.number(),
  ZoneNum: z.number(),
  ZoneName: z.string(),
  IsPriceUniform: z.boolean(),
  IsCostUniform: z.boolean(),
  IsDeptSubUniform: z.boolean(),
  IsDescUniform: z.boolean(),
  isUniform: z.boolean(),
  HasHistory: z.boolean(),
  operation: z.string(),
  MissingUOMs: z.array(MissingUomRow),
  Message: z.string(),
});
export type ItemAnswer = z.infer<typeof ItemAnswer>;

/** What updateBatchItem answers. */
export const SaveAnswer = z.strictObject({
  Saved: z.number(),
  Items: z.array(ItemAnswer),
  MissingUOMs: z.array(MissingUomRow.extend({ ForItem: z.string() })),
  Message: z.string(),
});
export type SaveAnswer = z.infer<typeof SaveAnswer>;

/** A refused save: the message, and AjaxError with the status and every problem found. */
export const SaveErrorAnswer = z.strictObject({
  ErrorMessage: z.string(),
  AjaxError: z.strictObject({
    Status: z.number(),
    StatusText: z.string(),
    Message: z.string(),
    Errors: z.array(z.unknown()),
  }),
});
export type SaveErrorAnswer = z.infer<typeof SaveErrorAnswer>;

/** An item of the zone usable as a linked item (GET /ingredients). */
export const Ingredient = z.strictObject({
  ItemID: z.string(),
  ItemPkSz: z.number(),
  Desc: z.string(),
  Cost: z.string(),
  Units: z.array(z.strictObject({ Unit: z.string(), Qty: z.string() })),
});
export type Ingredient = z.infer<typeof Ingredient>;

// ---------- contracts ----------

const Items = ['items'];
export const VendorsPerItemParams = UserZoneParams.extend({ itemId: ItemId });

export const itemCalls = {
  lookUpBatchItem: contract({
    method: 'POST',
    path: '/additem/:user/lookUpBatchItem',
    params: UserParams,
    body: LookupBody,
    response: rootOf(ItemAnswer),
    tags: Items,
  }),
  /** A refused save answers SaveErrorAnswer with the error's status (400, 403, 409, 420). */
  updateBatchItem: contract({
    method: 'POST',
    path: '/updateBatchItem/:user',
    params: UserParams,
    body: UpdateBody,
    response: rootOf(SaveAnswer),
    tags: Items,
  }),
  itemHistory: contract({
    method: 'POST',
    path: '/additem/:user/getItemHistoryPerSite',
    params: UserParams,
    body: HistoryBody,
    response: rootOf(z.array(ItemHistoryRow)),
    tags: Items,
  }),
  linkedItems: contract({
    method: 'GET',
    path: '/additem/:user/getLinkedItems',
    params: UserParams,
    query: LinkedItemsQuery,
    response: rootOf(z.array(ItemRecipeRow)),
    tags: Items,
  }),
  ingredients: contract({
    method: 'GET',
    path: '/ingredients/:user/:zone',
    params: UserZoneParams,
    query: IngredientsQuery,
    response: rootOf(z.array(Ingredient)),
    tags: Items,
  }),
  vendorsPerItem: contract({
    method: 'GET',
    path: '/vendorsPerItem/:user/:zone/:itemId',
    params: VendorsPerItemParams,
    query: VendorsPerItemQuery,
    response: rootOf(z.array(ItemVendorRow)),
    tags: Items,
  }),
};
