/**
 * Rows of Add Item's advanced grid and their rules (spec part 1 §4 "Grid behaviour"): statuses,
 * the duplicate rule, deletion, cloning with edits carried to the clone rows, and save results.
 * Pure functions over immutable rows.
 */
import { type ItemAnswer, normalizeItemId } from '@cpb/domain';
import {
  cloneDraft,
  draftFromModel,
  emptyDraft,
  type ItemDraft,
  itemKeyOf,
} from '../../../shared/item-editor/model/itemDraft';
import type { RowStatus } from '../../../shared/item-editor/model/itemStatus';

export interface GridRow {
  rowId: string;
  draft: ItemDraft;
  /** The lookup's answer; null until the row's ID was looked up. */
  base: ItemAnswer | null;
  loading: boolean;
  edited: boolean;
  failed: boolean;
  saved: boolean;
  /** The row this clone was made from, and its key. */
  cloneOfRowId: string | null;
  cloneOf: string | null;
  /** The clone's ID was looked up and is free. */
  cloneChecked: boolean;
  /** A copy of an item found outside the zone. */
  outsideCopy: boolean;
  /** Messages of the last refused save (shown on the status cell). */
  errors: string[];
}

let nextId = 1;
const newRowId = () => `row-${nextId++}`;

export function blankRow(id = '', pack = '1'): GridRow {
  return {
    rowId: newRowId(),
    draft: emptyDraft(id, pack),
    base: null,
    loading: false,
    edited: false,
    failed: false,
    saved: false,
    cloneOfRowId: null,
    cloneOf: null,
    cloneChecked: false,
    outsideCopy: false,
    errors: [],
  };
}

export function statusOf(r: GridRow): RowStatus {
  if (r.failed) return 'Error';
  if (r.cloneOf) return r.cloneChecked ? 'Cloned' : 'Cloning';
  if (r.outsideCopy) return 'Cloned';
  if (r.saved && !r.edited) return 'Saved';
  if (!r.base || r.base.OutOfZone) return 'Initial';
  if (r.base.ExistingItem) return r.edited ? 'Modified' : 'Existing';
  return 'New';
}

/** Statuses with something to save; the Save button needs one of them (the form is dirty). */
const PENDING: readonly RowStatus[] = ['New', 'Modified', 'Cloning', 'Cloned', 'Error'];

export const isPending = (r: GridRow) => PENDING.includes(statusOf(r));
export const isDirty = (rows: readonly GridRow[]) => rows.some(isPending);

export const rowKey = (r: GridRow) => itemKeyOf(r.draft);

/** Another row already holds `key` ('id@packsize Item already added.'). */
export function isDuplicate(rows: readonly GridRow[], rowId: string, key: string | null): boolean {
  return key !== null && rows.some((r) => r.rowId !== rowId && rowKey(r) === key);
}

/** Deleting removes the selected rows and any rows with initial status. */
export function deleteRows(rows: readonly GridRow[], selected: ReadonlySet<string>): GridRow[] {
  return rows.filter((r) => !selected.has(r.rowId) && statusOf(r) !== 'Initial');
}

const replace = (rows: readonly GridRow[], rowId: string, f: (r: GridRow) => GridRow) =>
  rows.map((r) => (r.rowId === rowId ? f(r) : r));

/**
 * A new ID or pack size typed into a row: a clone keeps its values (its ID is then checked);
 * any other row is reset to those two fields and looked up.
 */
export function setIdentity(rows: readonly GridRow[], rowId: string, id: string, pack: string): GridRow[] {
  return replace(rows, rowId, (r) =>
    r.cloneOf
      ? {
          ...r,
          draft: { ...r.draft, ID: id, PackSize: pack },
          cloneChecked: false,
          loading: id !== '',
          failed: false,
        }
      : { ...blankRow(id, pack), rowId: r.rowId, loading: id !== '' },
  );
}

/** The lookup's answer for a row. Returns the rows and what the page must say or ask. */
export function applyLookup(
  rows: readonly GridRow[],
  rowId: string,
  m: ItemAnswer,
): { rows: GridRow[]; outcome: 'duplicate' | 'taken' | 'outside' | 'ok' } {
  const row = rows.find((r) => r.rowId === rowId);
  if (!row) return { rows: [...rows], outcome: 'ok' };
  if (isDuplicate(rows, rowId, m.idplu)) {
    return { rows: replace(rows, rowId, (r) => ({ ...blankRow(), rowId: r.rowId })), outcome: 'duplicate' };
  }
  if (row.cloneOf) {
    if (!m.IsNew) {
      return {
        rows: replace(rows, rowId, (r) => ({ ...r, loading: false, draft: { ...r.draft, ID: '' } })),
        outcome: 'taken',
      };
    }
    return {
      rows: replace(rows, rowId, (r) => ({
        ...r,
        loading: false,
        cloneChecked: true,
        draft: { ...r.draft, ID: m.ID, PackSize: String(m.PackSize) },
      })),
      outcome: 'ok',
    };
  }
  return {
    rows: replace(rows, rowId, (r) => ({ ...blankRow(), rowId: r.rowId, base: m, draft: draftFromModel(m) })),
    outcome: m.OutOfZone ? 'outside' : 'ok',
  };
}

/** What a clone keeps for itself: its key, and its own UPC (two IDs must not share one). */
const IDENTITY: ReadonlySet<keyof ItemDraft> = new Set(['ID', 'PackSize', 'UpcCode']);

/** An edit of a row's fields; the same change is carried to the rows cloned from it. */
export function editRow(rows: readonly GridRow[], rowId: string, patch: Partial<ItemDraft>): GridRow[] {
  const carried = Object.fromEntries(
    Object.entries(patch).filter(([k]) => !IDENTITY.has(k as keyof ItemDraft)),
  ) as Partial<ItemDraft>;
  return rows.map((r) => {
    if (r.rowId === rowId) return { ...r, draft: { ...r.draft, ...patch }, edited: true, saved: false };
    if (r.cloneOfRowId === rowId && Object.keys(carried).length > 0) {
      return { ...r, draft: { ...r.draft, ...carried } };
    }
    return r;
  });
}

/** Clone rows (ID cleared) after each selected row of an item of the zone. */
export function cloneRows(rows: readonly GridRow[], selected: ReadonlySet<string>): GridRow[] {
  return rows.flatMap((r) => {
    if (!selected.has(r.rowId) || !r.base?.ExistingItem || r.cloneOf) return [r];
    const clone: GridRow = {
      ...blankRow(),
      base: r.base,
      draft: cloneDraft(r.draft),
      cloneOfRowId: r.rowId,
      cloneOf: r.base.idplu,
    };
    return [r, clone];
  });
}

/** Rows cloned from outside the zone or loaded from an outcome of its dialog. */
export function loadRow(
  rows: readonly GridRow[],
  rowId: string,
  item: ItemAnswer,
  how: 'outsideCopy' | 'saved',
): GridRow[] {
  return replace(rows, rowId, (r) => ({
    ...blankRow(),
    rowId: r.rowId,
    base: item,
    draft: draftFromModel(item),
    outsideCopy: how === 'outsideCopy',
    saved: how === 'saved',
  }));
}

/** After a save: each saved row shows the item as the server now answers it, status Saved. */
export function markSaved(
  rows: readonly GridRow[],
  savedIds: ReadonlySet<string>,
  items: ItemAnswer[],
): GridRow[] {
  const byKey = new Map(items.map((i) => [i.idplu, i]));
  return rows.map((r) => {
    if (!savedIds.has(r.rowId)) return r;
    const item = byKey.get(rowKey(r) ?? '');
    return item ? { ...blankRow(), rowId: r.rowId, base: item, draft: draftFromModel(item), saved: true } : r;
  });
}

/** After a refused save: the rows sent are marked Error with their reasons, and stay dirty. */
export function markFailed(
  rows: readonly GridRow[],
  sentIds: ReadonlySet<string>,
  errorsOf: (r: GridRow) => string[],
): GridRow[] {
  return rows.map((r) => (sentIds.has(r.rowId) ? { ...r, failed: true, errors: errorsOf(r) } : r));
}

/** The typed ID normalised as the lookup will ('/'+UPC-E expanded, upper-cased). */
export const typedId = (v: unknown) => normalizeItemId(v == null ? '' : String(v));
