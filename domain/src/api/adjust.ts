/**
 * Item Adjustment's request bodies (spec part 1 §7): search, grid edit, site values, the batch
 * calls, coverage and distribution. The routes use these as their Fastify schemas; the page
 * builds its requests from the same types.
 */
import { z } from 'zod';
import { CURRENT_PRICES_CRITERIA, ITEM_ADJUST_CRITERIA } from '../schemas/criteria';
import { DESCRIPTION_MAX } from '../schemas/item';
import {
  ChangeAmount,
  DateText,
  DeptSubNum,
  INT32_MAX,
  ITEM_ID_MAX,
  ItemId,
  int32,
  LOOKUP_TEXT_MAX,
  MAX_PAGE_SIZE,
  MAX_SELECTED_ITEMS,
  MarginPercent,
  MoneyCost,
  MoneyList,
  NAME_MAX,
  oneOf,
  PackSize,
  PageNumber,
  Quantity,
  rows,
  safeText,
  TYPED_VALUE_MAX,
  textOrNumber,
  UpdateKey,
  ZoneId,
} from './fields';
import { LookupId } from './lookup-id';

/** The fields whose values differ between sites that the site-values picker shows. */
export const DIVERGENT_FIELDS = [
  'UnitList',
  'Description',
  'DeptSub',
  'UnitCost',
  'ReceiptDescription',
] as const;
export type DivergentField = (typeof DIVERGENT_FIELDS)[number];

/** The columns the search may sort by. */
export const SORT_FIELDS = [
  'ID',
  'PackSize',
  'UpcCode',
  'Description',
  'ReceiptDescription',
  'InvType',
  'DeptSub',
  'UnitList',
  'UnitCost',
  'Margin',
  'TaxGroupId',
  'CrvID',
  'Active',
  'VendorId',
  'SiteCount',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export const SelectedItem = z.object({ ID: ItemId, PackSize, UpdateKey: UpdateKey.optional() });
export type SelectedItemInput = z.input<typeof SelectedItem>;

const selection = rows(SelectedItem, MAX_SELECTED_ITEMS);
/** Sites of a batch's coverage: a site ID to add or keep, negated to remove. */
const coverage = rows(
  int32(-INT32_MAX, INT32_MAX).refine((n) => n !== 0, 'Enter a site ID.'),
  10_000,
);

/** Every batch call: zone, the selected items, optional coverage, and Preview. */
export const BatchBase = z.object({
  ZoneSetupID: ZoneId,
  SelectedItems: selection.min(1, 'select at least one item'),
  Coverage: coverage.nullish(),
  Preview: z.boolean().optional(),
});

/** The longest text each criterion can match: a description criterion is no longer than a description. */
function criterionMax(field: string): number {
  if (field === 'ItemDesc') return DESCRIPTION_MAX;
  if (field === 'InventoryID' || field === 'UPC') return ITEM_ID_MAX;
  if (/Range$|^(PackSize|UPCPackSize|UnitList)$/.test(field)) return TYPED_VALUE_MAX;
  return LOOKUP_TEXT_MAX;
}
const criterionFields = [
  ...new Set([...ITEM_ADJUST_CRITERIA, ...CURRENT_PRICES_CRITERIA].flatMap((c) => c.fields)),
];
const criterionApplies = [
  ...new Set([...ITEM_ADJUST_CRITERIA, ...CURRENT_PRICES_CRITERIA].map((c) => c.apply)),
];

/** The criteria form as the page sends it; each value bounded by what its column can match. */
export const CriteriaBody = z.object({
  ...Object.fromEntries(
    criterionFields.map((f) => [
      f,
      z
        .union([safeText(criterionMax(f)), z.number().min(-INT32_MAX).max(INT32_MAX), z.boolean(), z.null()])
        .optional(),
    ]),
  ),
  ...Object.fromEntries(criterionApplies.map((a) => [a, z.boolean().nullish()])),
}) as z.ZodType<Record<string, string | number | boolean | null | undefined>>;

export const SearchBody = z.object({
  ZoneSetupID: ZoneId,
  clientCriterias: CriteriaBody.default({}),
  DivergentOnly: z.boolean().optional(),
  Page: PageNumber.default(1),
  PageSize: int32(1, MAX_PAGE_SIZE).default(100),
  OrderBy: z.object({ field: oneOf(SORT_FIELDS), dir: z.enum(['asc', 'desc']) }).nullish(),
});
export type SearchBodyInput = z.input<typeof SearchBody>;

export const ZoneBody = z.object({ ZoneSetupID: ZoneId });

export const MostCommonQuery = z.object({
  ZoneSetupID: ZoneId,
  ID: ItemId,
  PS: PackSize,
  FieldName: oneOf(DIVERGENT_FIELDS),
});

/** A grid edit: the item, its UpdateKey and the fields the user changed. */
export const GridEdit = SelectedItem.extend({
  Description: safeText(DESCRIPTION_MAX).optional(),
  ReceiptDescription: safeText(DESCRIPTION_MAX).nullish(),
  DeptSub: textOrNumber(TYPED_VALUE_MAX).optional(),
  UnitList: MoneyList.optional(),
  UnitCost: MoneyCost.optional(),
  Margin: MarginPercent.optional(),
  TaxGroupId: LookupId.optional(),
  CrvID: LookupId.optional(),
  Active: z.boolean().optional(),
});
export type GridEditInput = z.input<typeof GridEdit>;
export type GridEditOutput = z.output<typeof GridEdit>;

export const SubmitChangeBody = z.object({ ZoneSetupID: ZoneId, Item: GridEdit });
export type SubmitChangeInput = z.input<typeof SubmitChangeBody>;

const UPDATE_TYPE_TEXT = 'must be 1 (add percent), 2 (add amount) or 3 (set amount).';

export const SetPriceBody = BatchBase.extend({
  UpdateType: int32().refine((n) => n >= 1 && n <= 3, UPDATE_TYPE_TEXT),
  RoundType: int32()
    .refine((n) => n >= 0 && n <= 3, 'must be 0, 1, 2 or 3.')
    .default(0),
  ChangeAmount: ChangeAmount,
  PromotionDateType: int32(0, 2).optional(),
  strEffectiveDate: DateText.nullish(),
  strExpiredDate: DateText.nullish(),
  PricingEventName: safeText(NAME_MAX).nullish(),
  PricingEventMode: int32(1, 3).nullish(),
});

export const SetCostBody = BatchBase.extend({
  UnitCost: MoneyCost.optional(),
  ItemCosts: rows(
    z.object({ ItemIdCoding: ItemId, PackSize, Cost: MoneyCost }),
    MAX_SELECTED_ITEMS,
  ).optional(),
});

export const SetRedemptionBody = BatchBase.extend({ crvId: LookupId });
export const SetTaxGroupBody = BatchBase.extend({ TaxGroupId: LookupId });
export const SetDepartmentBody = BatchBase.extend({
  DeptSubNum: DeptSubNum.refine((n) => n >= 1, 'Required.'),
  IsKeepSub: z.boolean().optional(),
});
export const ITEM_GROUP_MODES = ['AddToItemGroup', 'ReplaceItemGroup', 'CreateItemGroup'] as const;
export const SetItemGroupBody = BatchBase.extend({
  itemgroup: textOrNumber(LOOKUP_TEXT_MAX),
  themode: oneOf(ITEM_GROUP_MODES),
  bAppendItems: z.boolean().optional(),
  Description: safeText(NAME_MAX).optional(),
});
export const SetVendorBody = BatchBase.extend({ vendorid: textOrNumber(LOOKUP_TEXT_MAX) });
export const SetMinMaxBody = BatchBase.extend({
  min_on_hand: Quantity.nullish(),
  max_on_hand: Quantity.nullish(),
  min_purchase_qty: Quantity.nullish(),
});
export const SetInactiveBody = BatchBase.extend({ flag: z.boolean() });
export const SetNegCostBody = BatchBase.extend({
  Vendor: textOrNumber(LOOKUP_TEXT_MAX),
  NegCostLabel: safeText(NAME_MAX),
  ChangeAmount: MoneyCost,
  strEffectiveDate: DateText,
  strExpiredDate: DateText.nullish(),
});

/** Each batch call by its path segment. */
export const BATCH_BODIES = {
  updateSSCSItemsPriceChange: SetPriceBody,
  updateItemCost: SetCostBody,
  updateSSCSItemsCrvChange: SetRedemptionBody,
  updateSSCSItemsTaxGroupChange: SetTaxGroupBody,
  updateSSCSItemsDepartmentChange: SetDepartmentBody,
  updateSSCSItemGroupChange: SetItemGroupBody,
  updateSSCSVendorIDChange: SetVendorBody,
  updateItemValues: SetMinMaxBody,
  updateItemsActiveFlag: SetInactiveBody,
  updateSSCSItemsNegCost: SetNegCostBody,
} as const;
export type BatchCall = keyof typeof BATCH_BODIES;

export const DistributeBody = z.object({
  zonesetupid: ZoneId,
  SelectedItems: selection.min(1),
  sites: z
    .string()
    .max(20_000)
    // Positive SetupIDs only: a sign is not dropped (-1 is no store), it is refused.
    .regex(/^\s*\d{1,10}(\s*,\s*\d{1,10})*\s*$/, 'a comma list of SetupID')
    .transform((s, ctx) => {
      const ids = [...new Set(s.split(',').map((x) => Number(x.trim())))];
      if (ids.some((n) => n < 1 || n > INT32_MAX)) {
        ctx.addIssue({ code: 'custom', message: 'a comma list of SetupID' });
        return z.NEVER;
      }
      return ids;
    }),
});

export const CoverageBody = z.object({ ZoneSetupID: ZoneId, SelectedItems: selection.default([]) });
