/**
 * Negotiated Cost Manager and Negotiated Cost Report calls (spec part 2 §2, §3, §4, §5, §7, §8;
 * docs/decisions.md "Issue 23"). Headers carry a Version: a save or delete naming an older one is
 * refused (409), never overwrites.
 */
import { z } from 'zod';
import { NegCostHeader, NegCostHeaderItem } from './adjust';
import { contract, rawAnswer } from './contract';
import {
  DateText,
  ITEM_ID_MAX,
  int32,
  LOOKUP_TEXT_MAX,
  MoneyCost,
  NAME_MAX,
  oneOf,
  PackSize,
  rows,
  safeText,
  textOrNumber,
  UserName,
  ZoneId,
} from './fields';
import { UserParams } from './params';
import { rootOf } from './responses';
import { EmailInfo } from './transfers';

const Tags = ['negotiated cost'];
const HeaderId = int32(1);
/** Headers one delete may name. */
export const MAX_DELETED_HEADERS = 500;
/** Items one remove may name. */
export const MAX_REMOVED_ITEMS = 5_000;

/** A header as the manager shows it: the list's header with its items. */
export const NegCostHeaderWithItems = NegCostHeader.extend({ Items: z.array(NegCostHeaderItem) });
export type NegCostHeaderWithItems = z.infer<typeof NegCostHeaderWithItems>;

/** A header row saved from the grid: the version it was read at and its edited cells. */
export const NegCostHeaderSave = z.object({
  NegCostID: HeaderId,
  Version: int32(1),
  VendorId: textOrNumber(LOOKUP_TEXT_MAX),
  Label: safeText(NAME_MAX),
  Cost: MoneyCost,
  CostEffectiveDateTime: DateText,
  CostExpirationDateTime: DateText,
  /** Sent with the header as the spec's payload has it; items change through the item calls only. */
  Items: z.array(z.unknown()).max(MAX_REMOVED_ITEMS).optional(),
});
export const UpdateNegCostHeadersBody = z.object({ NegotiatedCostHeader: NegCostHeaderSave });

/** A header named by its ID and the version it was read at. */
export const NegCostHeaderRef = z.object({ NegCostID: HeaderId, Version: int32(1) });
export const DelNegCostHeadersBody = z.object({
  NegotiatedCostHeader: z.union([
    NegCostHeaderRef,
    rows(NegCostHeaderRef, MAX_DELETED_HEADERS).min(1, 'select at least one header'),
  ]),
});

/** Add item: the item typed in the grid's new row (checked with negCostAddItemError). */
export const AddNegCostItemBody = z.object({
  dto: z.object({
    NegCostID: HeaderId.nullish(),
    ID: z.union([z.string().max(ITEM_ID_MAX), z.number()]).nullish(),
    PackSize: z.union([PackSize, z.null()]).optional(),
    Cost: textOrNumber(LOOKUP_TEXT_MAX).nullish(),
    VendorId: textOrNumber(LOOKUP_TEXT_MAX).nullish(),
    Label: safeText(NAME_MAX).nullish(),
    Zone: ZoneId.nullish(),
  }),
  NegotiatedCostHeader: NegCostHeaderRef.partial({ Version: true }).optional(),
});
export const AddNegCostItemAnswer = rootOf(
  z.strictObject({ AddedItem: NegCostHeaderItem, NegCostHeader: NegCostHeaderWithItems }),
);

/** Remove: the items taken off a header. */
export const UpdateNegCostItemsBody = z.object({
  NegotiatedCostHeader: NegCostHeaderRef.partial({ Version: true }),
  RemovedItems: rows(z.object({ ID: safeText(ITEM_ID_MAX), PackSize }), MAX_REMOVED_ITEMS).min(1),
});
export const UpdateNegCostItemsAnswer = rootOf(
  z.strictObject({ Removed: z.number(), NegCostHeader: NegCostHeaderWithItems }),
);

export const NegCostZoneBody = z.object({ userName: UserName.optional(), ZoneSetupID: ZoneId });

/** A negotiated-cost combo entry (spec §3): dates as ISO (YYYY-MM-DD). */
export const NegCostComboEntry = z.strictObject({
  NegCostID: z.number(),
  ItemDisplayText: z.string(),
  Label: z.string(),
  VendorID: z.string(),
  EffDate: z.string(),
  ExpDate: z.string(),
});
export type NegCostComboEntry = z.infer<typeof NegCostComboEntry>;

export const LookupNegCostItemBody = z.object({ ZoneSetupID: ZoneId, ID: safeText(ITEM_ID_MAX), PackSize });

// ---------- the report ----------

/**
 * What the report selects (docs/decisions.md "Issue 23"): Negotiated every line of an item under a
 * negotiated cost; Increases lines billed above it; Decreases below it; IncreasesAndDecreases both.
 */
export const NEG_COST_REPORT_OPTIONS = [
  'Negotiated',
  'Increases',
  'Decreases',
  'IncreasesAndDecreases',
] as const;
export type NegCostReportOption = (typeof NEG_COST_REPORT_OPTIONS)[number];

/** The report's criteria (GET query or POST body): zone, vendor, date range, option, label. */
export const NegCostReportCriteria = z.object({
  ZoneSetupID: ZoneId,
  ZoneNo: textOrNumber(20).optional(),
  ZoneName: safeText(NAME_MAX).optional(),
  /** Blank: every vendor. */
  VendorID: safeText(LOOKUP_TEXT_MAX).optional(),
  BeginDate: DateText,
  EndDate: DateText,
  CboOption: oneOf(NEG_COST_REPORT_OPTIONS).optional(),
  /** The combo's negotiated cost label: only that negotiated cost is compared. Blank: all. */
  LName: safeText(NAME_MAX).optional(),
});
export type NegCostReportCriteria = z.input<typeof NegCostReportCriteria>;

/** An invoice line compared: actual unit cost, the negotiated cost in force, quantity. */
export const NegCostReportLine = z.strictObject({
  ItemComment: z.string(),
  BookDate: z.string(),
  ID: z.string(),
  PackSize: z.number(),
  Description: z.string(),
  UnitCost: z.string(),
  NegotiatedCost: z.string(),
  Quantity: z.string(),
  Label: z.string(),
});

/** One invoice (spec §3 "Negotiated cost report row"); InvoiceDifference = sum of (actual - negotiated) x qty. */
export const NegCostReportRow = z.strictObject({
  VendorId: z.string(),
  UserDefinedSourceSite: z.string(),
  Invoice: z.string(),
  InvoiceDate: z.string(),
  InvoiceDifference: z.string(),
  /** red: billed above the negotiated cost; green: below; black: even. */
  color: z.enum(['red', 'green', 'black']),
  Items: z.array(NegCostReportLine),
});
export type NegCostReportRow = z.infer<typeof NegCostReportRow>;

export const NegCostReportEmailBody = NegCostReportCriteria.extend({ emailInfo: EmailInfo });

/** Invoices on a page of the report view when the call names none (docs/decisions.md "Issue 23"). */
export const NEG_COST_REPORT_PAGE_SIZE = 100;
/** The most invoices one page may ask for. */
export const NEG_COST_REPORT_PAGE_MAX = 1_000;

/**
 * The report view's call: the criteria and, beyond the spec, which page of invoices (1-based, in
 * the report's order) of how many: a year of every line is too much for one answer or one page.
 */
export const NegCostReportRowsBody = NegCostReportCriteria.extend({
  Page: int32(1).optional(),
  PageSize: int32(1, NEG_COST_REPORT_PAGE_MAX).optional(),
});
export type NegCostReportRowsBody = z.input<typeof NegCostReportRowsBody>;

/** A page of the report view: its invoices, and the whole report's invoice count and difference. */
export const NegCostReportPage = z.strictObject({
  Invoices: z.array(NegCostReportRow),
  /** Invoices in the whole report. */
  TotalCount: z.number(),
  /** The sum of every invoice's InvoiceDifference (each at 4 decimals), exact. */
  TotalDifference: z.string(),
  Page: z.number(),
  PageSize: z.number(),
});
export type NegCostReportPage = z.infer<typeof NegCostReportPage>;

/** The most rows one negotiated cost preview report may lay out. */
export const MAX_NEG_COST_PREVIEW_ROWS = 10_000;

/** A row of the negotiated cost preview report (spec part 2 §7): an item under a negotiated cost. */
export const NegCostPreviewRow = z.object({
  ID: safeText(ITEM_ID_MAX),
  PackSize,
  Description: safeText(NAME_MAX).nullish(),
  /** None for a negotiated cost not saved yet (the clone's preview). */
  NegCostID: HeaderId.nullish(),
  DeptName: safeText(NAME_MAX).nullish(),
  VendorID: safeText(LOOKUP_TEXT_MAX),
  NegCost: MoneyCost,
  BeginDate: DateText,
  EndDate: DateText.nullish(),
  Label: safeText(NAME_MAX),
});

/**
 * POST /report/{user}/preview, the negotiated cost preview report (spec part 2 §7): the zone
 * (ZoneSetupID, ZoneNo, ZoneName) and the list of rows, named `Items` here (the spec names only
 * "a body list"); answered as a PDF.
 */
export const NegCostPreviewReportBody = z.object({
  ZoneSetupID: ZoneId,
  ZoneNo: textOrNumber(20).optional(),
  ZoneName: safeText(NAME_MAX).optional(),
  Items: z.array(NegCostPreviewRow).max(MAX_NEG_COST_PREVIEW_ROWS),
});
export type NegCostPreviewReportBody = z.input<typeof NegCostPreviewReportBody>;

export const negCostCalls = {
  updateHeaders: contract({
    method: 'POST',
    path: '/negcost/:user/updateNegotiatedCostHeaders',
    params: UserParams,
    body: UpdateNegCostHeadersBody,
    response: rootOf(NegCostHeaderWithItems),
    tags: Tags,
  }),
  addItems: contract({
    method: 'POST',
    path: '/negcost/:user/addNegotiatedCostItems',
    params: UserParams,
    body: AddNegCostItemBody,
    response: AddNegCostItemAnswer,
    tags: Tags,
  }),
  updateItems: contract({
    method: 'POST',
    path: '/negcost/:user/updateNegotiatedCostItems',
    params: UserParams,
    body: UpdateNegCostItemsBody,
    response: UpdateNegCostItemsAnswer,
    tags: Tags,
  }),
  deleteHeaders: contract({
    method: 'POST',
    path: '/negcostmgr/:user/delNegotiatedCostHeaders',
    params: UserParams,
    body: DelNegCostHeadersBody,
    response: rootOf(z.strictObject({ Deleted: z.number() })),
    tags: Tags,
  }),
  combo: contract({
    method: 'POST',
    path: '/negCostCombo/:user',
    params: UserParams,
    body: NegCostZoneBody,
    response: rootOf(z.array(NegCostComboEntry)),
    tags: Tags,
  }),
  lookupItem: contract({
    method: 'POST',
    path: '/adjust/:user/lookupNegCostItem',
    params: UserParams,
    body: LookupNegCostItemBody,
    response: rootOf(NegCostHeaderItem.omit({ NegCostID: true })),
    tags: Tags,
  }),
  reportPdf: contract({
    method: 'GET',
    path: '/report/:user/negcost/negotiated',
    params: UserParams,
    query: NegCostReportCriteria,
    response: rawAnswer('application/pdf'),
    tags: Tags,
  }),
  reportRows: contract({
    method: 'POST',
    path: '/report/:user/negcost/preview',
    params: UserParams,
    body: NegCostReportRowsBody,
    response: rootOf(NegCostReportPage),
    tags: Tags,
  }),
  previewReport: contract({
    method: 'POST',
    path: '/report/:user/preview',
    params: UserParams,
    body: NegCostPreviewReportBody,
    response: rawAnswer('application/pdf'),
    tags: Tags,
  }),
  reportHtml: contract({
    method: 'GET',
    path: '/hbsreport/negotiatedcost/:user',
    params: UserParams,
    query: NegCostReportCriteria,
    response: rawAnswer('text/html'),
    tags: Tags,
  }),
  /** Beyond the spec: the recovery claim (per vendor and month, billed above) as CSV. */
  reportClaimCsv: contract({
    method: 'GET',
    path: '/report/:user/negcost/claim',
    params: UserParams,
    query: NegCostReportCriteria,
    response: rawAnswer('text/csv'),
    tags: Tags,
  }),
  reportEmail: contract({
    method: 'POST',
    path: '/report/:user/negcost/email',
    params: UserParams,
    body: NegCostReportEmailBody,
    response: rootOf(z.strictObject({ fpath: z.string(), Message: z.string() })),
    tags: Tags,
  }),
};
