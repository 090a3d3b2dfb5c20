/**
 * Outside Updates' calls (spec part 2 §7 "Outside updates", §4 "Outside update actions"): the
 * list of roots and included rows, actions, Apply Changes, the edited master values, coverage,
 * the zone's prices per site and the cost per vendor. Requests and strict answers; the server
 * declares them and the page reads the same types.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { DESCRIPTION_MAX } from '../schemas/item';
import { NegCostHeader } from './adjust';
import { contract, rawAnswer } from './contract';
import {
  ItemId,
  MAX_ITEM_GROUPS_PER_ITEM,
  MAX_SELECTED_ITEMS,
  MarginPercent,
  MoneyCost,
  MoneyList,
  NAME_MAX,
  PackSize,
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
import { EmailInfo } from './transfers';

/** The actions of the screen's dialogs (spec §4): No Action, Accept, Synch Site (Site Only), Reject. */
export const OU_ACTIONS = ['noaction', 'accept', 'synch_site', 'reject'] as const;
export const OuAction = z.enum(OU_ACTIONS, { error: `Choose one of ${OU_ACTIONS.join(', ')}.` });
export type OuAction = z.infer<typeof OuAction>;

/** The list shows at most this many root rows, and as many included rows (spec §5, §9). */
export const OU_ITEM_CAP = 10_000;
/** Descriptions edited on this screen: fewer than 35 characters (spec §5, §9). */
export const OU_DESCRIPTION_MAX = DESCRIPTION_MAX - 1;
/** Costs in this grid carry 6 decimals (spec §9). */
export const OU_COST_DECIMALS = 6;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'Enter true or false.' })
  .transform((v) => v === true || v === 'true' || v === '1');

/** GET /outsideupdates/{user}/{zone}: the query (the spec's userName is the path's {user}). */
export const OutsideUpdatesQuery = z.object({
  userName: safeText(100).optional(),
  impactedZoneSetupID: ZoneId.optional(),
  includeTotalCount: flag.optional(),
});

const ouText = safeText(OU_DESCRIPTION_MAX).refine(
  (s) => s.length < DESCRIPTION_MAX,
  MESSAGES.MAX_35_LEN_ERR,
);

const OuKey = z.object({ ID: ItemId, PackSize });

/** An item with its action (and the UpdateKey it was read with). */
export const OuActionItem = OuKey.extend({ Action: OuAction.optional(), UpdateKey: UpdateKey.optional() });
export type OuActionItemInput = z.input<typeof OuActionItem>;

/** POST /outsideupdates/itemaction/{user}: set the action of items (a reload shows it). */
export const OuItemActionBody = z.object({
  ZoneSetupID: ZoneId,
  Action: OuAction.optional(),
  items: rows(OuActionItem, MAX_SELECTED_ITEMS).min(1, 'select at least one item'),
});

/** An item group's ID as an edit names it: at most 28 characters, upper case. */
const OuItemGroupId = safeText(28)
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.string().min(1, MESSAGES.REQUIRED));

/** Values a user edited in the grid (each optional: absent = the incoming value stands). */
export const OuEdit = OuKey.extend({
  Description: ouText.optional(),
  ReceiptDescription: ouText.nullish(),
  DeptSub: textOrNumber(TYPED_VALUE_MAX).optional(),
  Price: MoneyList.optional(),
  Cost: MoneyCost.optional(),
  Margin: MarginPercent.optional(),
  TaxGroupID: LookupId.optional(),
  Redemption: LookupId.optional(),
  MinOnHand: Quantity.nullish(),
  MaxOnHand: Quantity.nullish(),
  MinPurchaseQty: Quantity.nullish(),
  /** The item groups the item belongs to once accepted (Item groups dialog); replaces its groups. */
  ItemGroups: rows(OuItemGroupId, MAX_ITEM_GROUPS_PER_ITEM).optional(),
  UpdateKey: UpdateKey.optional(),
});
export type OuEditInput = z.input<typeof OuEdit>;
export type OuEditOutput = z.output<typeof OuEdit>;

/** POST /outsideupdates/applyOUChanges/{user} */
export const ApplyOuChangesBody = z.object({
  updatedMasterItem: rows(OuEdit, MAX_SELECTED_ITEMS).nullish(),
  actionItem: z.object({ ZoneSetupID: ZoneId, items: rows(OuActionItem, MAX_SELECTED_ITEMS).default([]) }),
});
export type ApplyOuChangesInput = z.input<typeof ApplyOuChangesBody>;

/**
 * An edit kept on a root. ChangeFlds, when sent, is the root's change bitmask afterwards (the
 * page sends the loaded list's bits when it sends loaded values back); absent, the edited
 * fields' bits are added to the root's. Restore: first put back the incoming values the root
 * had before the user's first edit (the list's Original; nothing when it holds no edit), then
 * apply the values sent with it, if any.
 */
export const OuMasterEdit = OuEdit.extend({
  ChangeFlds: z.number().int().min(0).max(0x1fff).optional(),
  Restore: z.boolean().optional(),
});
export type OuMasterEditInput = z.input<typeof OuMasterEdit>;
export type OuMasterEditOutput = z.output<typeof OuMasterEdit>;

/**
 * POST /updateMasterItemList/{user}: keep edited values on the roots without applying them; the
 * roots get `Action` (Accept when absent: an edit accepts the item).
 */
export const UpdateMasterItemListBody = z.object({
  ZoneSetupID: ZoneId,
  Action: OuAction.optional(),
  Items: rows(OuMasterEdit, MAX_SELECTED_ITEMS).min(1, 'select at least one item'),
});
export type UpdateMasterItemListInput = z.input<typeof UpdateMasterItemListBody>;

/** Coverage, site usage: the zone and the selected items. */
export const OuSelectionBody = z.object({
  ZoneSetupID: ZoneId,
  SelectedItems: rows(OuKey, MAX_SELECTED_ITEMS).min(1, 'select at least one item'),
});

/** GET /outsideupdates/{user}/itemcostpervendor */
export const ItemCostPerVendorQuery = z.object({ ZoneSetupID: ZoneId, ID: ItemId, PackSize });

// --- Answers ---

/** Per-field comparison: 0 same; 1 incoming greater (or differs), -1 incoming smaller. */
const Cmp = z.union([z.literal(0), z.literal(1), z.literal(-1)]);

const OuRootValues = z.strictObject({
  OUID: z.number(),
  Idcode: z.string(),
  PackSize: z.number(),
  idplu: z.string(),
  SetupTypeName: z.literal('Zone'),
  SetupId: z.number(),
  SetupDescription: z.string(),
  Source: z.string(),
  Upccode: z.string().nullable(),
  Upcpacksize: z.number().nullable(),
  Description: z.string().nullable(),
  ReceiptDescription: z.string().nullable(),
  DeptSub: z.string().nullable(),
  Department: z.string().nullable(),
  /** The zone's current department, for the cell colour (red: existing greater, blue: smaller). */
  ExistingDeptSub: z.string().nullable(),
  ItemType: z.string().nullable(),
  ItemTypeName: z.string().nullable(),
  ItemStateName: z.string(),
  Cost: z.string().nullable(),
  ExistingCost: z.string().nullable(),
  Price: z.string().nullable(),
  Margin: z.string().nullable(),
  ZoneList: z.string().nullable(),
  TaxGroupID: z.number().nullable(),
  Redemption: z.number().nullable(),
  Active: z.boolean().nullable(),
  VendorId: z.string().nullable(),
  MinOnHand: z.number().nullable(),
  MaxOnHand: z.number().nullable(),
  MinPurchaseQty: z.number().nullable(),
  /** The item groups: incoming (item group bit set) or the item's own, by ID. */
  ItemGroups: z.array(z.string()),
  Action: OuAction,
  impact: z.enum(['accept', 'none']),
  isNew: z.boolean(),
  changeFlds: z.number(),
  isSameDescription: Cmp,
  isSameReceiptDescription: Cmp,
  isSameDeptSub: Cmp,
  isSamePrice: Cmp,
  isSameTaxGroup: Cmp,
  isSameRedemption: Cmp,
  isSameCost: Cmp,
  isSameItemGroup: Cmp,
  isSameActive: Cmp,
  isSameVendor: Cmp,
  isSameMin: Cmp,
  isSameMax: Cmp,
  isSameMinPurchaseQty: Cmp,
  /** The incoming cost moves more than the Cost Compare Variance percent (preference 7). */
  CostVariance: z.boolean(),
  ImpactedSiteSetupIDs: z.array(z.number()),
  /**
   * The root's key: changes whenever its incoming values do (a later import) and whenever the
   * zone's item changes; Accept, Reject, an edit or a restore sent with an older one is 409.
   */
  UpdateKey: z.string().nullable(),
  /** The item's UpdateKey in the zone (Item Adjustment's), for a Set Price from the root; null: new to the zone. */
  ZoneUpdateKey: z.string().nullable().optional(),
  /** Vendor Import (issue 21), on the roots that have them: the vendor's suggested retail, and the list price keeping the item's current margin at the new cost (last digit 9). */
  VendorRetail: z.string().nullable().optional(),
  MarginRetail: z.string().nullable().optional(),
});

/** The incoming values of an edited root as the store or vendor sent them (before the first edit). */
export const OuOriginal = OuRootValues.pick({
  Description: true,
  ReceiptDescription: true,
  DeptSub: true,
  Cost: true,
  Price: true,
  Margin: true,
  TaxGroupID: true,
  Redemption: true,
  MinOnHand: true,
  MaxOnHand: true,
  MinPurchaseQty: true,
  ItemGroups: true,
  changeFlds: true,
  isSameDescription: true,
  isSameReceiptDescription: true,
  isSameDeptSub: true,
  isSamePrice: true,
  isSameTaxGroup: true,
  isSameRedemption: true,
  isSameCost: true,
  isSameItemGroup: true,
  isSameMin: true,
  isSameMax: true,
  isSameMinPurchaseQty: true,
  CostVariance: true,
});
export type OuOriginal = z.infer<typeof OuOriginal>;

/**
 * A root of the list. Edited: the root holds values a user edited and kept
 * (updateMasterItemList); Original: its incoming values before the first edit (edited roots only).
 */
export const OuRoot = OuRootValues.extend({
  Edited: z.boolean().optional(),
  Original: OuOriginal.optional(),
});
export type OuRoot = z.infer<typeof OuRoot>;

/** What an origin store's row held before its change. */
const OuWas = z.strictObject({
  Description: z.string().nullable(),
  ReceiptDescription: z.string().nullable(),
  DeptSub: z.string().nullable(),
  Price: z.string().nullable(),
  TaxGroupID: z.number().nullable(),
  Active: z.boolean().nullable(),
});

export const OuIncluded = z.strictObject({
  OUID: z.number(),
  Idcode: z.string(),
  PackSize: z.number(),
  SetupTypeName: z.literal('Site'),
  SetupId: z.number(),
  SiteNo: z.number(),
  SetupDescription: z.string(),
  Kind: z.string(),
  Description: z.string().nullable(),
  ReceiptDescription: z.string().nullable(),
  DeptSub: z.string().nullable(),
  Price: z.string().nullable(),
  TaxGroupID: z.number().nullable(),
  Active: z.boolean().nullable(),
  ItemType: z.string().nullable(),
  changeFlds: z.number(),
  Was: OuWas.nullable(),
});
export type OuIncluded = z.infer<typeof OuIncluded>;

export const OutsideUpdatesResponse = z.strictObject({
  root: z.array(OuRoot),
  included: z.array(OuIncluded),
  /** Every root of the zone (with includeTotalCount), else null. */
  TotalCount: z.number().nullable(),
  Capped: z.boolean(),
  /** The cap's info message, or 'No Outside Update items found' (warning), else null. */
  Message: z.string().nullable(),
  CostCompareVariance: z.number(),
});
/** The list's answer: roots, included rows, the cap. */
export type OuList = z.infer<typeof OutsideUpdatesResponse>;

const root = <T extends z.ZodType>(v: T) => z.strictObject({ RootResults: v });

export const OuItemActionResponse = root(z.strictObject({ Updated: z.number() }));
export type OuItemActionResult = z.infer<typeof OuItemActionResponse>['RootResults'];

export const ApplyOuChangesResponse = root(
  z.strictObject({
    Accepted: z.number(),
    Synched: z.number(),
    Rejected: z.number(),
    SiteRows: z.number(),
    ImpactedZones: z.array(z.number()),
    Message: z.string(),
  }),
);
/** Apply Changes' answer (RootResults). */
export type OuApplied = z.infer<typeof ApplyOuChangesResponse>['RootResults'];

const ImpactedSite = z.strictObject({
  SetupID: z.number(),
  SiteNo: z.number(),
  SiteName: z.string(),
  Coverage: z.number(),
  /** Other zones holding the site: they are impacted (coverage 7) and refreshed. */
  ImpactedZones: z.array(z.number()),
});

export const OuCoverageResponse = root(
  z.strictObject({
    ImpactedSites: z.array(ImpactedSite),
    ImpactedZones: z.array(
      z.strictObject({ ZoneSetupID: z.number(), ZoneNo: z.number(), ZoneName: z.string() }),
    ),
    /** Per item, the stores its update came from (what Synch Site writes). */
    Origins: z.array(z.strictObject({ ID: z.string(), PackSize: z.number(), SetupIDs: z.array(z.number()) })),
  }),
);
/** Zone-Site Impact's answer (RootResults). */
export type OuCoverage = z.infer<typeof OuCoverageResponse>['RootResults'];

export const SiteItemsUsageResponse = root(
  z.array(
    z.strictObject({
      ID: z.string(),
      PackSize: z.number(),
      SetupID: z.number(),
      LocationNum: z.number(),
      SiteName: z.string(),
      Price: z.string(),
      Cost: z.string(),
      Description: z.string(),
      DeptSub: z.string(),
    }),
  ),
);
/** A store's row of the item (RootResults of POST /siteItemsUsage/{user}). */
export type SiteItemUsage = z.infer<typeof SiteItemsUsageResponse>['RootResults'][number];

export const ItemCostPerVendorResponse = root(
  z.array(
    z.strictObject({
      VendorID: z.string().nullable(),
      VendorName: z.string().nullable(),
      VendorItem: z.string().nullable(),
      Cost: z.string(),
      SiteCount: z.number(),
    }),
  ),
);
export type ItemCostPerVendor = z.infer<typeof ItemCostPerVendorResponse>['RootResults'][number];

export const UpdateMasterItemListResponse = root(z.strictObject({ Updated: z.number() }));
export type UpdateMasterItemListResult = z.infer<typeof UpdateMasterItemListResponse>['RootResults'];

// --- Reports (spec §7 "Reports and e-mail") ---

/**
 * GET /report/outsideupdates/{user}/{zone}/{zoneNo}/{zoneName} (PDF) and
 * GET /hbsreport/outsideupdates/{user}/{zone}/{zoneNo}/{zoneName} (HTML). The report names the
 * zone from the database; zoneNo and zoneName are the page's, kept for the spec's path.
 */
export const OuReportParams = UserZoneParams.extend({ zoneNo: safeText(20), zoneName: safeText(NAME_MAX) });

/** POST /report/outsideupdates/{user}/email: the zone and the mail dialog's form. */
export const OuReportEmailBody = z.object({
  ZoneSetupID: ZoneId,
  ZoneNo: textOrNumber(20).optional(),
  ZoneName: safeText(NAME_MAX).optional(),
  emailInfo: EmailInfo,
});
export type OuReportEmailBody = z.input<typeof OuReportEmailBody>;

/** The e-mail's answer: the attachment's file name and 'Report was sent.'. */
export const OuReportEmailResponse = root(z.strictObject({ fpath: z.string(), Message: z.string() }));
export type OuReportSent = z.infer<typeof OuReportEmailResponse>['RootResults'];

/** GET /api/negotiatedCost/{zone}: the zone ({zone} must be one of the user's zones). */
export const NegotiatedCostParams = z.object({ zone: ZoneId });

/** An item of a negotiated cost (spec §3 "NegotiatedCostHeader": a header item). */
export const NegotiatedCostHeaderItem = z.strictObject({
  ID: z.string(),
  PackSize: z.number(),
  upc: z.string().nullable(),
  UpcPackSize: z.number().nullable(),
  Description: z.string().nullable(),
  InvType: z.string().nullable(),
});

/**
 * A negotiated cost of the zone with its items (spec §3 NegotiatedCostHeader): cost with 4
 * decimals; dates as ISO (YYYY-MM-DD) and their display forms (MM/DD/YYYY).
 */
export const NegotiatedCostHeader = NegCostHeader.omit({ Text: true }).extend({
  Items: z.array(NegotiatedCostHeaderItem),
});
export type NegotiatedCostHeader = z.infer<typeof NegotiatedCostHeader>;

export const NegotiatedCostListResponse = root(z.array(NegotiatedCostHeader));

// ---------- contracts ----------

const Ou = ['outside updates'];

export const ouCalls = {
  /** Declared before `list` on the server: `/outsideupdates/:user/:zone` would read it as a zone. */
  itemCostPerVendor: contract({
    method: 'GET',
    path: '/outsideupdates/:user/itemcostpervendor',
    params: UserParams,
    query: ItemCostPerVendorQuery,
    response: ItemCostPerVendorResponse,
    tags: Ou,
  }),
  list: contract({
    method: 'GET',
    path: '/outsideupdates/:user/:zone',
    params: UserZoneParams,
    query: OutsideUpdatesQuery,
    response: OutsideUpdatesResponse,
    tags: Ou,
  }),
  itemAction: contract({
    method: 'POST',
    path: '/outsideupdates/itemaction/:user',
    params: UserParams,
    body: OuItemActionBody,
    response: OuItemActionResponse,
    tags: Ou,
  }),
  apply: contract({
    method: 'POST',
    path: '/outsideupdates/applyOUChanges/:user',
    params: UserParams,
    body: ApplyOuChangesBody,
    response: ApplyOuChangesResponse,
    tags: Ou,
  }),
  updateMasterItemList: contract({
    method: 'POST',
    path: '/updateMasterItemList/:user',
    params: UserParams,
    body: UpdateMasterItemListBody,
    response: UpdateMasterItemListResponse,
    tags: Ou,
  }),
  coverage: contract({
    method: 'POST',
    path: '/outsideupdates/coverage/:user',
    params: UserParams,
    body: OuSelectionBody,
    response: OuCoverageResponse,
    tags: Ou,
  }),
  negotiatedCosts: contract({
    method: 'GET',
    path: '/api/negotiatedCost/:zone',
    params: NegotiatedCostParams,
    response: NegotiatedCostListResponse,
    tags: Ou,
  }),
  siteItemsUsage: contract({
    method: 'POST',
    path: '/siteItemsUsage/:user',
    params: UserParams,
    body: OuSelectionBody,
    response: SiteItemsUsageResponse,
    tags: Ou,
  }),
  reportPdf: contract({
    method: 'GET',
    path: '/report/outsideupdates/:user/:zone/:zoneNo/:zoneName',
    params: OuReportParams,
    response: rawAnswer('application/pdf'),
    tags: Ou,
  }),
  reportHtml: contract({
    method: 'GET',
    path: '/hbsreport/outsideupdates/:user/:zone/:zoneNo/:zoneName',
    params: OuReportParams,
    response: rawAnswer('text/html'),
    tags: Ou,
  }),
  reportEmail: contract({
    method: 'POST',
    path: '/report/outsideupdates/:user/email',
    params: UserParams,
    body: OuReportEmailBody,
    response: OuReportEmailResponse,
    tags: Ou,
  }),
};
