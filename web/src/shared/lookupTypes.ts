/**
 * The lookup calls' answers (docs/api.md), shared by every screen that reads them. The shapes are
 * the domain's response schemas, which the server declares for the same calls.
 */
import type { ItemGroup, Redemption, TaxGroup, Vendor } from '@cpb/domain';

export type { Department, ItemGroup, ItemType, Redemption, TaxGroup, Uom, Vendor } from '@cpb/domain';

/** The criteria lookups (POST /adjust/{user}/criteria). */
export interface CriteriaLookups {
  Vendors: Vendor[];
  ItemGroups: ItemGroup[];
  TaxGroups: TaxGroup[];
  Redemptions: Redemption[];
  /** The zone's negotiated costs, offered as templates by Set Negotiated Cost. */
  NegCostTemplates: NegCostTemplate[];
}

export interface NegCostTemplate {
  NegCostID: number;
  VendorId: string;
  Label: string;
  Cost: string;
  CostEffectiveDateTime: string;
  CostExpirationDateTime: string;
  Text: string;
}
