/**
 * Keeping the user's choices on the server as they are made (spec part 2 §7: POST
 * /outsideupdates/itemaction/{user} for an action, POST /updateMasterItemList/{user} for edited
 * values), so a chosen action or edit survives a reload and shows in another tab; Apply Changes
 * then applies what is kept.
 *
 * The calls are built from the state wanted now, never from a difference: each call sets the
 * item's whole kept state (its action; its edited values with the change bits they give), so a
 * call that failed is simply sent again with the next one. Values edited and saved earlier in
 * this list that are no longer edited (No Action's restore, Undo Changes) are sent back with the
 * loaded list's values and bits.
 */
import {
  type BodyIn,
  CHANGE_FLD,
  OU_EDIT_BIT,
  type OuAction,
  type OuMasterEditInput,
  type OuRoot,
  type ouCalls,
  type UpdateMasterItemListInput,
} from '@cpb/domain';
import { baseRoot, keptEditFields } from './treeRows';
import type { LocalItemState, OuEditValues } from './types';

/** The fields as the server keeps them: a margin is kept as the price it gives. */
const KEPT = ['Description', 'ReceiptDescription', 'DeptSub', 'Price', 'Cost', 'ItemGroups'] as const;
type KeptField = (typeof KEPT)[number];

/** Each kept field's change bit (the domain's OU_EDIT_BIT). */
const BITS = Object.fromEntries(KEPT.map((f) => [f, CHANGE_FLD[OU_EDIT_BIT[f]]])) as Record<
  KeptField,
  number
>;

/** The kept fields an edit sets. */
export function keptFields(e: OuEditValues | undefined): Set<KeptField> {
  const out = new Set<KeptField>();
  if (!e) return out;
  for (const f of Object.keys(e)) out.add(f === 'Margin' ? 'Price' : (f as KeptField));
  return out;
}

/** A cost of this grid (6 decimals) as a cost is sent (4 decimals, the stored scale). */
export const costToSend = (c: string): string => c.replace(/^(-?\d+\.\d{4})0+$/, '$1');

/** The loaded list's value of a field, as the request takes it (undefined: none to send). */
function original(root: OuRoot, f: KeptField): Partial<OuMasterEditInput> {
  switch (f) {
    case 'Description':
      return root.Description === null ? {} : { Description: root.Description };
    case 'ReceiptDescription':
      return { ReceiptDescription: root.ReceiptDescription };
    case 'DeptSub':
      return root.DeptSub === null ? {} : { DeptSub: root.DeptSub };
    case 'Price':
      return root.Price === null ? {} : { Price: root.Price };
    case 'Cost':
      return root.Cost === null ? {} : { Cost: costToSend(root.Cost) };
    case 'ItemGroups':
      return { ItemGroups: [...root.ItemGroups] };
  }
}

/** The edited value of a field, as the request takes it. */
function edited(e: OuEditValues, f: KeptField): Partial<OuMasterEditInput> {
  switch (f) {
    case 'Price':
      if (e.Margin != null) return { Margin: e.Margin };
      return e.Price == null ? {} : { Price: e.Price };
    case 'ItemGroups':
      return e.ItemGroups === undefined ? {} : { ItemGroups: [...e.ItemGroups] };
    case 'ReceiptDescription':
      return { ReceiptDescription: e.ReceiptDescription ?? null };
    case 'Cost':
      return e.Cost == null ? {} : { Cost: costToSend(e.Cost) };
    default:
      return e[f] == null ? {} : { [f]: e[f] };
  }
}

export interface SaveCalls {
  /** POST /outsideupdates/itemaction/{user}: items whose kept state is their action alone. */
  itemAction: BodyIn<typeof ouCalls.itemAction> | null;
  /** POST /updateMasterItemList/{user}, one per action: items with values to keep or restore. */
  masters: UpdateMasterItemListInput[];
}

/**
 * The calls that make the server keep, for `keys`, the state in `states` (absent: the loaded
 * root's). `saved`: the edits the server holds for an item beyond the loaded list.
 */
export function saveCalls(
  zoneId: number,
  roots: ReadonlyMap<string, OuRoot>,
  states: ReadonlyMap<string, LocalItemState>,
  keys: Iterable<string>,
  saved: ReadonlyMap<string, OuEditValues>,
): SaveCalls {
  const actions: Array<{ ID: string; PackSize: number; Action: OuAction }> = [];
  const masters = new Map<OuAction, OuMasterEditInput[]>();
  for (const key of new Set(keys)) {
    const loaded = roots.get(key);
    if (!loaded) continue;
    const st = states.get(key) ?? { action: loaded.Action, edits: {} };
    const now = keptFields(st.edits);
    const before = keptFields(saved.get(key));
    const id = { ID: loaded.Idcode, PackSize: loaded.PackSize };
    // The server holds the loaded state of the item: its action is all there is to keep.
    if (now.size === 0 && !saved.has(key) && !st.restored) {
      actions.push({ ...id, Action: st.action });
      continue;
    }
    // The key the root was loaded with: the server refuses (409) a root a later import changed.
    const item: OuMasterEditInput =
      loaded.UpdateKey === null ? { ...id } : { ...id, UpdateKey: loaded.UpdateKey };
    // Back to the incoming values: the server puts back what it kept before the first edit
    // (the Original of a root given as Edited; else the loaded values, unless a newer arrival
    // replaced them), then takes the values edited since.
    const restore = st.restored === true || (now.size === 0 && !loaded.Edited);
    const root = baseRoot(loaded, st);
    let bits = root.changeFlds;
    if (restore) item.Restore = true;
    // A root given as Edited and brought back to the loaded list: its kept values are sent again.
    const others = restore ? [] : [...before, ...(keptEditFields(loaded) as ReadonlySet<KeptField>)];
    for (const f of new Set([...others, ...now])) {
      if (!(f in BITS)) continue;
      if (now.has(f)) {
        Object.assign(item, edited(st.edits, f));
        bits |= BITS[f];
      } else Object.assign(item, original(root, f));
    }
    if (!restore || now.size > 0) item.ChangeFlds = bits;
    masters.set(st.action, [...(masters.get(st.action) ?? []), item]);
  }
  return {
    itemAction: actions.length ? { ZoneSetupID: zoneId, items: actions } : null,
    masters: [...masters].map(([Action, Items]) => ({ ZoneSetupID: zoneId, Action, Items })),
  };
}

/**
 * What the page knows of its saves: the keys whose wanted state the server does not hold yet (a
 * save on its way, or one that failed: it is sent again with the next), and the edits the server
 * keeps beyond the loaded list (for restores). A new list starts `saved` afresh.
 */
export interface SaveBook {
  unsaved: ReadonlySet<string>;
  saved: ReadonlyMap<string, OuEditValues>;
}

export const NO_SAVES: SaveBook = { unsaved: new Set(), saved: new Map() };

/** A save to send: its keys (those asked and every key not kept yet) and its calls. */
export interface PlannedSave {
  want: string[];
  calls: SaveCalls;
}

/**
 * The save that keeps the state `next` of `keys`, and of every key not kept yet, on the server;
 * null when none of them is listed (an item no longer listed has nothing left to keep).
 */
export function planSave(
  book: SaveBook,
  zoneId: number,
  roots: ReadonlyMap<string, OuRoot>,
  next: ReadonlyMap<string, LocalItemState>,
  keys: Iterable<string>,
): PlannedSave | null {
  const want = [...new Set([...keys, ...book.unsaved])].filter((k) => roots.has(k));
  if (want.length === 0) return null;
  return { want, calls: saveCalls(zoneId, roots, next, want, book.saved) };
}

/** The book once a save of `want` is on its way: its keys are not kept yet; keys no longer listed drop. */
export function savingBook(
  book: SaveBook,
  roots: ReadonlyMap<string, OuRoot>,
  want: readonly string[],
): SaveBook {
  const unsaved = new Set([...book.unsaved].filter((k) => roots.has(k)));
  for (const k of want) unsaved.add(k);
  return { ...book, unsaved };
}

/**
 * The book once the save of the state `next` of `want` succeeded: what the server keeps beyond
 * the list (edits, or the original values restored: an empty entry); a key is kept when the
 * page still shows the state saved (`now`), else it stays unsaved.
 */
export function savedBook(
  book: SaveBook,
  want: readonly string[],
  next: ReadonlyMap<string, LocalItemState>,
  now: ReadonlyMap<string, LocalItemState>,
): SaveBook {
  const saved = new Map(book.saved);
  const unsaved = new Set(book.unsaved);
  for (const k of want) {
    const st = next.get(k);
    const e = st?.edits ?? {};
    if (Object.keys(e).length > 0 || st?.restored) saved.set(k, e);
    else saved.delete(k);
    if (now.get(k) === st) unsaved.delete(k);
  }
  return { unsaved, saved };
}
