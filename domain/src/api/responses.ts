/**
 * Answers of the main calls: lookups, search, grid edit, site values, pricing events and item
 * history. The routes declare them as their response schemas (the serializer checks every
 * answer against them) and the page reads the same types. They are strict: a field the server
 * adds without adding it here is a server error the API fuzz's seed requests find.
 */
import { z } from 'zod';

/** The spec's success wrapper. */
export const rootOf = <T extends z.ZodType>(value: T) => z.strictObject({ RootResults: value });

export const Department = z.strictObject({
  Dept: z.number(),
  DeptName: z.string(),
  SubDept: z.number(),
  SubDeptName: z.string(),
  DeptSubName: z.string(),
  DeptSubNum: z.number(),
  DisplayDeptSub: z.string(),
  ItemTypeName: z.string(),
});
export type Department = z.infer<typeof Department>;

export const TaxGroup = z.strictObject({
  ID: z.number(),
  Description: z.string(),
  DisplayName: z.string(),
  Text: z.string(),
  Priority: z.number(),
});
export type TaxGroup = z.infer<typeof TaxGroup>;

export const Redemption = z.strictObject({
  ID: z.number(),
  Text: z.string(),
  DisplayValue: z.string(),
  Amount: z.string(),
});
export type Redemption = z.infer<typeof Redemption>;

export const ItemGroup = z.strictObject({
  ID: z.string(),
  Description: z.string(),
  DisplayName: z.string(),
  DisplayValue: z.string(),
  Active: z.boolean(),
});
export type ItemGroup = z.infer<typeof ItemGroup>;

export const ItemType = z.strictObject({ Type: z.string(), Description: z.string() });
export type ItemType = z.infer<typeof ItemType>;

export const Uom = z.strictObject({ Unit: z.string(), Description: z.string() });
export type Uom = z.infer<typeof Uom>;

export const Vendor = z.strictObject({ VendorID: z.string(), VendorName: z.string(), Text: z.string() });
export type Vendor = z.infer<typeof Vendor>;

export const UserZone = z.strictObject({ ZoneSetupID: z.number(), ZoneNo: z.number(), ZoneName: z.string() });
export type UserZone = z.infer<typeof UserZone>;

/** An item of the zone summary; a false Is*Uniform means the zone's sites differ. */
export const AdjustItem = z.strictObject({
  ID: z.string(),
  PackSize: z.number(),
  idplu: z.string(),
  UpcCode: z.string().nullable(),
  UpcPackSize: z.number(),
  Description: z.string(),
  ReceiptDescription: z.string().nullable(),
  InvType: z.string(),
  Dept: z.number(),
  SubDept: z.number(),
  DeptSub: z.string(),
  DeptSubNum: z.number(),
  UnitList: z.string(),
  UnitCost: z.string(),
  Margin: z.string().nullable(),
  TaxGroupId: z.number().nullable(),
  CrvID: z.number().nullable(),
  Active: z.boolean(),
  MinOnHand: z.number().nullable(),
  MaxOnHand: z.number().nullable(),
  MinPurchaseQty: z.number().nullable(),
  VendorId: z.string().nullable(),
  SendToPos: z.boolean(),
  SiteCount: z.number(),
  ZoneSetupID: z.number(),
  ZoneNum: z.number(),
  IsPriceUniform: z.boolean(),
  IsCostUniform: z.boolean(),
  IsDeptSubUniform: z.boolean(),
  IsDescUniform: z.boolean(),
  isUniform: z.boolean(),
  UpdateKey: z.string(),
});
export type AdjustItem = z.infer<typeof AdjustItem>;

export const SearchResult = z.strictObject({
  TotalCount: z.number(),
  Page: z.number(),
  PageSize: z.number(),
  Items: z.array(AdjustItem),
  Message: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResult>;
export const SearchResponse = z.strictObject({ GetSSCSItemsResult: SearchResult });

/** A grid edit's answer: the saved item. */
export const GridEditResponse = z.strictObject({
  GetSSCSItemsResult: z.strictObject({
    TotalCount: z.number(),
    Items: z.array(AdjustItem),
    Message: z.string(),
  }),
});

/** The values an item has across the zone's sites: Key the value, Value the site numbers. */
export const CommonValue = z.strictObject({
  Key: z.string(),
  /** The sites' numbers, space-separated. */
  Value: z.string(),
  Count: z.number(),
  /** The same sites with their names. */
  Sites: z.array(z.strictObject({ SiteNo: z.number(), SiteName: z.string() })),
});
export type CommonValue = z.infer<typeof CommonValue>;

export const PricingEvent = z.strictObject({
  /** The event's id (names repeat across days; the id does not). */
  Id: z.number(),
  PricingEventName: z.string(),
  EffectiveDateTime: z.string(),
  /** The event's day in the business time zone (ISO). */
  EffectiveDate: z.string(),
  /** Date and time as the user reads them: MM/DD/YYYY hh:mm AM. */
  strEffectiveDateTime: z.string(),
  Status: z.number(),
  SortableStatus: z.number(),
  /** Why an event in error (status 4) could not be merged; null otherwise. */
  ErrorReason: z.string().nullable(),
  /** The distributed event an undo event restores (null for other events). */
  UndoOf: z.number().nullable(),
  /** Another pending or ready event of the zone changes one of its items on the same day. */
  Collides: z.boolean(),
});
export type PricingEvent = z.infer<typeof PricingEvent>;

/** One history row of an item at a site: who, when, source and the values after. */
export const ItemHistoryRow = z.strictObject({
  SiteNo: z.number(),
  SiteName: z.string(),
  ChangedBy: z.string(),
  Date: z.string(),
  DeptSub: z.string().nullable(),
  UnitList: z.string().nullable(),
  /** The cost after the change (4 decimals), from the change's values; null when it kept none. */
  UnitCost: z.string().nullable(),
  Source: z.string(),
  InZone: z.boolean(),
});
export type ItemHistoryRow = z.infer<typeof ItemHistoryRow>;
