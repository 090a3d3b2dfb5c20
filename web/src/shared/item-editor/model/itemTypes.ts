/**
 * The item as the item calls answer it (spec part 1 §3 item, UOM, vendor and linked item rows;
 * server/src/features/items/presenter.ts). Money travels as decimal strings.
 */
import type { ItemHistoryRow } from '@cpb/domain';

export interface VendorRow {
  VendorID: string;
  VendorItem: string;
  Text?: string;
  operation?: string;
}

export interface UomRow {
  Unit: string;
  Qty: string;
  OldQty?: string | null;
  Status: 'New' | 'Existing' | string;
  InRecipes?: boolean;
  RecipeCount?: number;
  UomType?: string;
  ItemDisplayText?: string;
  operation?: string;
}

export type LinkStatus = 'New' | 'Existing' | 'Duplicate';

export interface RecipeRow {
  ItemID: string;
  ItemPkSz: number;
  Desc: string;
  Unit: string | null;
  UnitQty: string | null;
  Qty: string;
  Cost: string | null;
  IngredientCost: string | null;
  status: LinkStatus;
}

export interface MissingUom {
  ItemID: string;
  ItemPkSz: number;
  Unit: string;
  Qty?: string | null;
}

export interface SourceSite {
  SetupID: number;
  SiteNo: number;
  SiteName: string;
}

/** What lookUpBatchItem answers, and each item of an updateBatchItem answer. */
export interface ItemModel {
  ID: string;
  PackSize: number;
  idplu: string;
  UpcCode: string | null;
  UpcPackSize: number;
  Description: string;
  ReceiptDescription: string;
  InvType: string;
  DeptSub: string | null;
  Dept: number | null;
  SubDept: number | null;
  DeptSubNum: number | null;
  UnitList: string;
  UnitCost: string;
  Margin: string | null;
  TaxGroupId: number | null;
  CrvID: number | null;
  ItemGroups: string[];
  VendorId: string | null;
  Vendors: VendorRow[];
  Active: boolean;
  MinOnHand: number | null;
  MaxOnHand: number | null;
  MinPurchaseQty: number | null;
  SendToPos: boolean;
  RecipeInstructions: string | null;
  SizeDescs: UomRow[];
  Recipes: RecipeRow[];
  ExistingItem: boolean;
  IsNew: boolean;
  OutOfZone: boolean;
  ItemOriginatedOutOfZone: boolean;
  SourceSite: SourceSite | null;
  UpdateKey: string | null;
  SiteCount: number;
  ZoneSetupID: number;
  ZoneNum: number;
  ZoneName: string;
  HasHistory: boolean;
  operation: string;
  MissingUOMs: MissingUom[];
  Message: string;
}

/** What updateBatchItem answers. */
export interface SaveResult {
  Saved: number;
  Items: ItemModel[];
  MissingUOMs: Array<MissingUom & { ForItem: string }>;
  Message: string;
}

/** One row of getItemHistoryPerSite (the domain's response type). */
export type HistoryRow = ItemHistoryRow;

/** One item of GET /ingredients: an item of the zone usable as a linked item. */
export interface Ingredient {
  ItemID: string;
  ItemPkSz: number;
  Desc: string;
  Cost: string;
  Units: { Unit: string; Qty: string }[];
}

// ---------- lookups (docs/api.md) ----------

export type {
  Department,
  ItemGroup,
  ItemType,
  Redemption,
  TaxGroup,
  Uom,
  Vendor,
} from '../../lookupTypes';

export type { UserPreferences } from '../../preferences';
