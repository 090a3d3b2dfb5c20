/**
 * Item Adjustment's page types (docs/api-item-adjust.md): the answers are the domain's types, and
 * the page's own are built from them (a grid row is the item with its edit state).
 */
import type { AdjustItem, CriteriaForm, GridEditOutput, NegCostHeader, SortField } from '@cpb/domain';

export type {
  AdjustItem,
  CommonValue,
  CoverageData,
  CoverageSite,
  CoverageZone,
  CriteriaLookups,
  Department,
  DivergentField,
  ItemGroup,
  PricingEvent,
  Redemption,
  SearchResult,
  SortField,
  TaxGroup,
  Vendor,
} from '@cpb/domain';
export type { SelectedItem } from '../../shared/batch/batchCall';

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

/** The fields a grid edit (submitChange) may carry, as the call's schema yields them. */
export type ItemEdit = Omit<GridEditOutput, 'ID' | 'PackSize' | 'UpdateKey'>;
export type EditField = keyof ItemEdit;

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

/** What Set Negotiated Cost reads of a negotiated cost header (its template). */
export type NegCostTemplate = Omit<
  NegCostHeader,
  'CostEffectiveDateTimeDisplay' | 'CostExpirationDateTimeDisplay' | 'Version'
>;
