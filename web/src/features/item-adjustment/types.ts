/** The shapes of Item Adjustment's calls (docs/api-item-adjust.md). */
import type {
  CommonValue,
  CriteriaForm,
  DivergentField,
  AdjustItem as DomainAdjustItem,
  SearchResult,
  SortField,
} from '@cpb/domain';

/** An item of the zone summary: the zone's most common values; a false Is*Uniform means the sites differ. */
export type AdjustItem = DomainAdjustItem;

/** A grid row: the item with the pending (unsaved) edits applied and the spec's row flags. */
export interface GridRow extends AdjustItem {
  /** Saved in this session (shown black when uniform). */
  isModified: boolean;
  /** A failed save or batch marked it (shown bold). */
  hasError: boolean;
  /** Edited in the grid and not yet saved. */
  isDirty: boolean;
  /** Where the row's last change stands: edited, being saved, saved, or refused (saveMessage says why). */
  saveState: RowSaveState | null;
  saveMessage: string | null;
}

export type RowSaveState = 'editing' | 'saving' | 'saved' | 'failed';

/** The fields a grid edit (submitChange) may carry. */
export interface ItemEdit {
  Description?: string;
  ReceiptDescription?: string | null;
  DeptSub?: string;
  UnitList?: string;
  UnitCost?: string;
  Margin?: string;
  TaxGroupId?: number | null;
  CrvID?: number | null;
  Active?: boolean;
}
export type EditField = keyof ItemEdit;

export type { SortField };

export interface OrderBy {
  field: SortField;
  dir: 'asc' | 'desc';
}

/** One search as the page asks it: the applied criteria, a page, an order, divergent only. */
export interface SearchRequest {
  criteria: CriteriaForm;
  divergentOnly: boolean;
  page: number;
  pageSize: number;
  orderBy: OrderBy | null;
}

/** The values an item has across the zone's sites (Key the value, Value the site numbers), and the
 * fields whose values may differ across sites (mostCommon FieldName): the domain's types. */
export type { CommonValue, DivergentField, SearchResult };

import type { ItemGroup, Redemption, TaxGroup, Vendor } from '../../shared/lookupTypes';

export type { PricingEvent } from '@cpb/domain';
export type { BatchAnswer, SelectedItem } from '../../shared/batch/batchCall';
export type { CriteriaLookups, Department, NegCostTemplate } from '../../shared/lookupTypes';
export type { ItemGroup, Redemption, TaxGroup, Vendor };

export interface CoverageZone {
  ZoneSetupID: number;
  ZoneNo: number;
  ZoneName: string;
  Coverage: number;
  SiteIDs: number[];
}
export interface CoverageSite {
  SetupID: number;
  SiteNo: number;
  SiteName: string;
  Coverage: number;
  CarriedItems: number;
  ImpactedZones: number[];
}
export interface CoverageData {
  Zones: CoverageZone[];
  ZoneSites: CoverageSite[];
}
