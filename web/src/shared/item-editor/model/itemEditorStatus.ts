/**
 * Where the item being added or edited stands besides its values (spec part 1 §4): what was looked
 * up, cloning, the outside-zone decision, and the statuses these give the panel and the row.
 */
import type { ItemAnswer } from '@cpb/domain';
import type { PanelStatus, RowStatus } from './itemStatus';

export interface EditorMeta {
  /** The item as it was looked up or saved. */
  base: ItemAnswer | null;
  loading: boolean;
  /** Shown after a save in Add/Edit Item until the next edit. */
  saved: boolean;
  /** 'ID@pack' of the original while the form holds a clone. */
  cloneOf: string | null;
  /** The clone's new ID was looked up and is free. */
  cloneChecked: boolean;
  /** Found only outside the zone and not yet decided (the dialog is open). */
  outsidePending: boolean;
  /** Editing a copy of an item found outside the zone ("edit a cloned copy"). */
  outsideCopy: boolean;
}

export const INITIAL_META: EditorMeta = {
  base: null,
  loading: false,
  saved: false,
  cloneOf: null,
  cloneChecked: false,
  outsidePending: false,
  outsideCopy: false,
};

/** An item of the zone (not a clone) or one found outside it validates as an edit; else as an add (UPC required). */
export const editMode = (m: EditorMeta): 'add' | 'edit' =>
  (m.base?.ExistingItem && !m.cloneOf) || m.base?.OutOfZone ? 'edit' : 'add';

/** Fields other than ID and pack size may be edited (the lookup is READY). */
export const isReady = (m: EditorMeta): boolean =>
  (m.base !== null || m.cloneOf !== null) && !m.outsidePending;

/** What a save would change: a clone, an outside copy, a failed save, or values that differ from the base. */
export const isDirty = (m: EditorMeta, failed: boolean, valuesChanged: boolean): boolean =>
  m.cloneOf !== null || m.outsideCopy || failed || valuesChanged;

/** The row's display status. */
export function rowStatusOf(m: EditorMeta, failed: boolean, dirty: boolean): RowStatus | null {
  if (failed) return 'Error';
  if (m.cloneOf) return m.cloneChecked ? 'Cloned' : 'Cloning';
  if (m.outsideCopy) return 'Cloned';
  // Spec §4: editing marks an item of the zone Modified; a new item stays New (it is still created).
  if (m.base?.ExistingItem && dirty) return 'Modified';
  if (m.saved) return 'Saved';
  if (m.base && !m.outsidePending) return m.base.ExistingItem ? 'Existing' : 'New';
  return null;
}

/** The panel's status. */
export function panelStatusOf(m: EditorMeta, saving: boolean, failed: boolean, dirty: boolean): PanelStatus {
  if (m.loading || saving) return 'LOADING';
  if (m.outsidePending) return 'WARNING';
  if (failed) return 'ERROR';
  if (m.saved && !dirty) return 'SUCCESS';
  if (isReady(m)) return dirty ? 'DIRTY' : 'READY';
  return 'INITIAL';
}

/** The errors shown: every one after a refused save, else those of fields left and of list rows. */
export function visibleErrorsOf(
  errors: Record<string, string>,
  touched: Record<string, boolean>,
  showAll: boolean,
): Record<string, string> {
  if (showAll) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([k]) => k.includes('.') || touched[k]));
}
