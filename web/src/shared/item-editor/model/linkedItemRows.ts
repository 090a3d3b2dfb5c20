/**
 * Linked item rows (spec part 1 §4 "Grid behaviour"): adding a link item that the list already
 * holds marks all its rows Duplicate; deleting down to one makes it New again. A linked item is
 * the same when its ID and pack size are (the server refuses exactly that pair twice).
 */

import { type Ingredient, itemKey } from '@cpb/domain';
import type { MissingUom, RecipeRow } from './itemTypes';

/** Ingredient descriptions are truncated at 33 characters with an ellipsis (spec §9). */
export const INGREDIENT_DESC_MAX = 33;

export function truncateDesc(desc: string, max = INGREDIENT_DESC_MAX): string {
  return desc.length > max ? `${desc.slice(0, max)}…` : desc;
}

export const linkKey = (r: Pick<RecipeRow, 'ItemID' | 'ItemPkSz'>): string => itemKey(r.ItemID, r.ItemPkSz);

/** Marks every row of a key held more than once Duplicate; a lone former duplicate becomes New. */
export function markDuplicates(rows: RecipeRow[]): RecipeRow[] {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(linkKey(r), (counts.get(linkKey(r)) ?? 0) + 1);
  return rows.map((r) => {
    const n = counts.get(linkKey(r)) ?? 0;
    if (n > 1) return r.status === 'Duplicate' ? r : { ...r, status: 'Duplicate' };
    return r.status === 'Duplicate' ? { ...r, status: 'New' } : r;
  });
}

export function addLink(rows: RecipeRow[], ing: Ingredient): RecipeRow[] {
  const row: RecipeRow = {
    ItemID: ing.ItemID,
    ItemPkSz: ing.ItemPkSz,
    Desc: ing.Desc,
    Unit: null,
    UnitQty: null,
    Qty: '1',
    Cost: ing.Cost,
    IngredientCost: null,
    status: 'New',
  };
  return markDuplicates([...rows, row]);
}

export function removeLink(rows: RecipeRow[], index: number): RecipeRow[] {
  return markDuplicates(rows.filter((_, i) => i !== index));
}

/** The unit a link names, when the linked item's known units do not include it. */
export function missingUnit(row: RecipeRow, units: readonly string[] | undefined): MissingUom | null {
  if (!row.Unit || !units || units.includes(row.Unit)) return null;
  return { ItemID: row.ItemID, ItemPkSz: row.ItemPkSz, Unit: row.Unit, Qty: row.UnitQty };
}

/** Adds missing units not listed yet (one row per linked item and unit). */
export function appendMissing(list: MissingUom[], add: MissingUom[]): MissingUom[] {
  const key = (m: MissingUom) => `${itemKey(m.ItemID, m.ItemPkSz)}|${m.Unit}`;
  const have = new Set(list.map(key));
  return [...list, ...add.filter((m) => !have.has(key(m)))];
}
