/**
 * The lookup calls' answers (docs/api.md), shared by every screen that reads them: the domain's
 * response types, which the server declares for the same calls.
 */
export type {
  CriteriaLookups,
  Department,
  ItemGroup,
  ItemType,
  NegCostHeader,
  Redemption,
  TaxGroup,
  Uom,
  Vendor,
} from '@cpb/domain';
