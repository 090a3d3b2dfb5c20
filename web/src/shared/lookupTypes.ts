/**
 * The lookup calls' answers (docs/api.md), shared by every screen that reads them. The shapes are
 * the domain's response schemas, which the server declares for the same calls.
 */
export type { Department, ItemGroup, ItemType, Redemption, TaxGroup, Uom, Vendor } from '@cpb/domain';
