/** What a panel of the item form needs: the draft, how to change it, and what it may change. */
import { permissionsOf } from '../../preferences';
import type { ItemDraft } from '../model/itemDraft';
import type { ItemLookups } from '../model/itemQueries';

export interface DraftBinding {
  draft: ItemDraft;
  update: (patch: Partial<ItemDraft>) => void;
  /** The user left a field (its error may show from now on). */
  touch: (field: string) => void;
  /** Errors to show, by field name ('UnitList', 'Vendors.0.VendorItem'). */
  errors: Record<string, string>;
  /** Nothing may be changed (before the lookup is READY, or while saving). */
  disabled?: boolean;
}

/** The preference flags that gate parts of the form (spec part 1 §6). */
export interface ItemPerms {
  updateUnitCost: boolean;
  minMax: boolean;
  applyVendor: boolean;
  maintainItemGroups: boolean;
}

export function permsOf(lookups: Pick<ItemLookups, 'prefs'>): ItemPerms {
  const can = permissionsOf(lookups.prefs?.Mask ?? 0);
  return {
    updateUnitCost: can.updateUnitCost,
    minMax: can.minMaxInItemAdjust,
    applyVendor: can.applyVendor,
    maintainItemGroups: can.maintainItemGroups,
  };
}

/** Everything a panel reads besides the draft. */
export interface PanelContext {
  user: string;
  zone: number;
  lookups: ItemLookups;
  perms: ItemPerms;
}
