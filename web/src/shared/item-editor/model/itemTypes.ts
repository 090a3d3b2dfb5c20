/**
 * The rows of the item form (spec part 1 §3 UOM, vendor and linked item rows), built from the
 * item calls' answer rows (the domain's types): a row the user adds lacks what only the server
 * fills in. The answers themselves (ItemAnswer, SaveAnswer, ...) are imported from the domain.
 */
import type { ItemRecipeRow, ItemUomRow, ItemVendorRow, MissingUomRow } from '@cpb/domain';

/** A vendor row; one the user adds has no Text yet. */
export type VendorRow = Omit<ItemVendorRow, 'Text'> &
  Partial<Pick<ItemVendorRow, 'Text'>> & { operation?: string };

/** A unit of measure row; one the user adds has only its unit, quantity and Status New. */
export type UomRow = Pick<ItemUomRow, 'Unit' | 'Qty' | 'Status'> &
  Partial<Omit<ItemUomRow, 'Unit' | 'Qty' | 'Status'>> & { operation?: string };

/** A linked item row (its status New, Existing or Duplicate). */
export type RecipeRow = ItemRecipeRow;
export type { LinkStatus } from '@cpb/domain';

/** A unit a linked item lacks, with the quantity the user gives it when adding it. */
export type MissingUom = MissingUomRow & { Qty?: string | null };
