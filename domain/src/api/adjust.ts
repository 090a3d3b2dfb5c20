/**
 * Item Adjustment's request bodies (spec part 1 §7): search, grid edit, site values, the batch
 * calls, coverage and distribution. The routes use these as their Fastify schemas; the page
 * builds its requests from the same types.
 */
import { z } from 'zod';
import { UpdateType } from '../price-change';
import { CURRENT_PRICES_CRITERIA, ITEM_ADJUST_CRITERIA } from '../schemas/criteria';
import { DESCRIPTION_MAX } from '../schemas/item';
import { contract } from './contract';
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
import { UserParams, UserZoneParams } from './params';
import {
  CommonValue,
  GridEditResponse,
  ItemGroup,
  PricingEvent,
  Redemption,
  rootOf,
  SearchResponse,
  TaxGroup,
  Vendor,
} from './responses';

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

/** A whole number that must be one of `values`; yields it typed as that member. */
function memberOf<const T extends readonly number[]>(values: T, message: string) {
  return int32().transform((n, ctx): T[number] => {
    const found = values.find((v) => v === n);
    if (found === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return found;
  });
}

export const SetPriceBody = BatchBase.extend({
  UpdateType: memberOf([UpdateType.AddPercent, UpdateType.AddAmount, UpdateType.SetAmount], UPDATE_TYPE_TEXT),
  RoundType: memberOf([0, 1, 2, 3], 'must be 0, 1, 2 or 3.').default(0),
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

// ---------- answers ----------

/** A negotiated cost header of the zone (Set Negotiated Cost's templates). */
export const NegCostHeader = z.strictObject({
  NegCostID: z.number(),
  VendorId: z.string(),
  Label: z.string(),
  Cost: z.string(),
  CostEffectiveDateTime: z.string(),
  CostExpirationDateTime: z.string(),
  CostEffectiveDateTimeDisplay: z.string(),
  CostExpirationDateTimeDisplay: z.string(),
  Text: z.string(),
  /** Raised by each save of the header; a save or delete naming an older one is refused. */
  Version: z.number(),
});
export type NegCostHeader = z.infer<typeof NegCostHeader>;

/** An item of a negotiated cost header. */
export const NegCostHeaderItem = z.strictObject({
  NegCostID: z.number(),
  ID: z.string(),
  PackSize: z.number(),
  upc: z.string().nullable(),
  UpcPackSize: z.number().nullable(),
  Description: z.string().nullable(),
  InvType: z.string().nullable(),
});
export type NegCostHeaderItem = z.infer<typeof NegCostHeaderItem>;

/** GET /adjust/negcosthdrs/{user}/{zone}: the headers (`root`) and their items (`included`). */
export const NegCostHeadersAnswer = z.strictObject({
  root: z.array(NegCostHeader),
  included: z.array(NegCostHeaderItem),
});
export type NegCostHeadersAnswer = z.infer<typeof NegCostHeadersAnswer>;

/** POST /adjust/{user}/criteria: the criteria form's lookups. */
export const CriteriaLookups = z.strictObject({
  Vendors: z.array(Vendor),
  ItemGroups: z.array(ItemGroup),
  TaxGroups: z.array(TaxGroup),
  Redemptions: z.array(Redemption),
  /** The zone's negotiated costs, offered as templates by Set Negotiated Cost. */
  NegCostTemplates: z.array(NegCostHeader),
});
export type CriteriaLookups = z.infer<typeof CriteriaLookups>;

/** A preview row of a batch: ID, pack size, description, then the dialog's old and new values. */
export const PreviewRow = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type PreviewRow = z.infer<typeof PreviewRow>;

/** A store a batch reaches, by number and name; Remove when the coverage takes the item away. */
export const PreviewSite = z.strictObject({ SiteNo: z.number(), SiteName: z.string(), Remove: z.boolean() });
export type PreviewSite = z.infer<typeof PreviewSite>;

/** A batch call's answer: the preview (Preview: true), or what OK wrote. */
export const BatchResult = z.discriminatedUnion('Preview', [
  z.strictObject({
    Preview: z.literal(true),
    Title: z.string(),
    Rows: z.array(PreviewRow),
    Sites: z.array(PreviewSite),
  }),
  z.strictObject({
    Preview: z.literal(false),
    Saved: z.number(),
    Message: z.string(),
    SiteRows: z.number(),
    Removed: z.number(),
    Zones: z.array(z.number()),
  }),
]);
export type BatchResult = z.infer<typeof BatchResult>;

/** The Site/Zone Coverage dialog's data (both coverage calls). */
export const CoverageData = z.strictObject({
  Zones: z.array(
    z.strictObject({
      ZoneSetupID: z.number(),
      ZoneNo: z.number(),
      ZoneName: z.string(),
      Coverage: z.number(),
      SiteIDs: z.array(z.number()),
    }),
  ),
  ZoneSites: z.array(
    z.strictObject({
      SetupID: z.number(),
      SiteNo: z.number(),
      SiteName: z.string(),
      Coverage: z.number(),
      CarriedItems: z.number(),
      ImpactedZones: z.array(z.number()),
    }),
  ),
  ImpactedSites: z.array(z.strictObject({ SetupID: z.number(), SiteNo: z.number() })),
});
export type CoverageData = z.infer<typeof CoverageData>;
export type CoverageZone = CoverageData['Zones'][number];
export type CoverageSite = CoverageData['ZoneSites'][number];

/** POST /adjust/{user}/distributeSelItemsToSelSites: per store, the items and the file written. */
export const DistributedSites = z.strictObject({
  Sites: z.array(
    z.strictObject({
      SetupID: z.number(),
      SiteNo: z.number(),
      Items: z.number(),
      File: z.string().nullable(),
    }),
  ),
  Message: z.string(),
});
export type DistributedSites = z.infer<typeof DistributedSites>;

// ---------- contracts ----------

const Adjust = ['item adjustment'];
const batchCall = <const N extends BatchCall>(name: N) =>
  contract({
    method: 'POST',
    path: `/adjust/:user/${name}`,
    params: UserParams,
    body: BATCH_BODIES[name],
    response: rootOf(BatchResult),
    tags: Adjust,
  });

/** The batch dialogs' calls, by path segment (server: features/item-adjust/batch-ops.ts). */
export const batchCalls = {
  updateSSCSItemsPriceChange: batchCall('updateSSCSItemsPriceChange'),
  updateItemCost: batchCall('updateItemCost'),
  updateSSCSItemsCrvChange: batchCall('updateSSCSItemsCrvChange'),
  updateSSCSItemsTaxGroupChange: batchCall('updateSSCSItemsTaxGroupChange'),
  updateSSCSItemsDepartmentChange: batchCall('updateSSCSItemsDepartmentChange'),
  updateSSCSItemGroupChange: batchCall('updateSSCSItemGroupChange'),
  updateSSCSVendorIDChange: batchCall('updateSSCSVendorIDChange'),
  updateItemValues: batchCall('updateItemValues'),
  updateItemsActiveFlag: batchCall('updateItemsActiveFlag'),
  updateSSCSItemsNegCost: batchCall('updateSSCSItemsNegCost'),
};
export type BatchContract = (typeof batchCalls)[BatchCall];

const zoneEvents = <const P extends string>(path: P) =>
  contract({
    method: 'GET',
    path,
    params: UserZoneParams,
    response: rootOf(z.array(PricingEvent)),
    tags: Adjust,
  });

export const adjustCalls = {
  search: contract({
    method: 'POST',
    path: '/adjust/:user/sscitems',
    params: UserParams,
    body: SearchBody,
    response: SearchResponse,
    tags: Adjust,
  }),
  criteria: contract({
    method: 'POST',
    path: '/adjust/:user/criteria',
    params: UserParams,
    body: ZoneBody,
    response: rootOf(CriteriaLookups),
    tags: Adjust,
  }),
  mostCommon: contract({
    method: 'GET',
    path: '/adjust/:user/mostCommon',
    params: UserParams,
    query: MostCommonQuery,
    response: rootOf(z.array(CommonValue)),
    tags: Adjust,
  }),
  submitChange: contract({
    method: 'POST',
    path: '/adjust/:user/submitChange',
    params: UserParams,
    body: SubmitChangeBody,
    response: GridEditResponse,
    tags: Adjust,
  }),
  siteZoneCoverage: contract({
    method: 'POST',
    path: '/adjust/:user/siteZoneCoverage',
    params: UserParams,
    body: CoverageBody,
    response: rootOf(CoverageData),
    tags: Adjust,
  }),
  /** The same coverage, by the path Outside Updates calls. */
  zoneImpactedSites: contract({
    method: 'POST',
    path: '/zoneImpactedSitesForSelectedItems/:user',
    params: UserParams,
    body: CoverageBody,
    response: rootOf(CoverageData),
    tags: Adjust,
  }),
  distributeSelected: contract({
    method: 'POST',
    path: '/adjust/:user/distributeSelItemsToSelSites',
    params: UserParams,
    body: DistributeBody,
    response: rootOf(DistributedSites),
    tags: Adjust,
  }),
  negCostHeaders: contract({
    method: 'GET',
    path: '/adjust/negcosthdrs/:user/:zone',
    params: UserZoneParams,
    response: NegCostHeadersAnswer,
    tags: Adjust,
  }),
  zonePricingEvents: zoneEvents('/getZonePricingEvents/:user/:zone'),
  currentPricingEvents: zoneEvents('/currentPricingEvents/:user/:zone'),
};
