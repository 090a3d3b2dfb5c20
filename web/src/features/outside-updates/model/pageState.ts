/**
 * The Outside Updates screen's state in one reducer (spec part 2 §2, §4): the user's choices per
 * item, what of them the server keeps (model/persist.ts), the filter, the expanded and selected
 * rows, the floating filters, whether the Action column shows, the one dialog and the message box.
 * Busy and error states of the saves and of Apply Changes belong to their mutations.
 */
import type { OuRoot } from '@cpb/domain';
import type { MessageDialogState } from '../MessageDialog';
import type { States } from './actions';
import { closing, type OuDialog, type OuDialogKind } from './dialog';
import { NO_SAVES, type SaveBook, savedBook, savingBook } from './persist';
import { rootKey, toggleAllExpanded } from './treeRows';
import type { OuFilter } from './types';

export const NO_STATES: States = new Map();

export interface OuPage {
  /** The zone of the list loaded last (null: none yet). */
  zone: number | null;
  /** The user's choices per item (absent: the loaded root's). */
  states: States;
  book: SaveBook;
  filter: OuFilter;
  expanded: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  floatingFilters: boolean;
  /** The Action column shows once any item has an action. */
  actionShown: boolean;
  dialog: OuDialog | null;
  message: MessageDialogState | null;
}

export const INITIAL_PAGE: OuPage = {
  zone: null,
  states: NO_STATES,
  book: NO_SAVES,
  filter: 'default',
  expanded: new Set(),
  selected: new Set(),
  floatingFilters: false,
  actionShown: false,
  dialog: null,
  message: null,
};

export type OuPageEvent =
  /** A list arrived (a zone, a reload after Apply). */
  | { type: 'loaded'; zone: number | null; roots: readonly OuRoot[] }
  /** The user's choices are now `states` (an action, an edit, Undo Changes). */
  | { type: 'changed'; states: States }
  /** A save of `want` is on its way. */
  | { type: 'saving'; roots: ReadonlyMap<string, OuRoot>; want: readonly string[] }
  /** The save of the state `next` of `want` succeeded. */
  | { type: 'saved'; want: readonly string[]; next: States }
  | { type: 'filter'; filter: OuFilter }
  | { type: 'toggle'; key: string }
  | { type: 'expandAll'; roots: readonly OuRoot[] }
  | { type: 'selected'; keys: Iterable<string> }
  | { type: 'floatingFilters' }
  | { type: 'open'; dialog: OuDialog }
  | { type: 'close'; kind: OuDialogKind }
  | { type: 'message'; message: MessageDialogState | null };

export function ouPageReducer(page: OuPage, e: OuPageEvent): OuPage {
  switch (e.type) {
    case 'loaded': {
      // What the server has not kept yet stays on the page (it is sent again); the rest is
      // loaded. Another zone's list starts clean.
      const sameZone = page.zone === e.zone;
      const keep = new Map([...page.states].filter(([k]) => sameZone && page.book.unsaved.has(k)));
      return {
        ...page,
        zone: e.zone,
        states: keep.size > 0 ? keep : NO_STATES,
        book: { ...page.book, saved: new Map() },
        expanded: new Set(),
        selected: new Set(),
        actionShown: e.roots.some((r) => r.Action !== 'noaction'),
      };
    }
    case 'changed':
      return {
        ...page,
        states: e.states,
        actionShown: page.actionShown || [...e.states.values()].some((s) => s.action !== 'noaction'),
      };
    case 'saving':
      return { ...page, book: savingBook(page.book, e.roots, e.want) };
    case 'saved':
      return { ...page, book: savedBook(page.book, e.want, e.next, page.states) };
    case 'filter':
      return { ...page, filter: e.filter };
    case 'toggle': {
      const expanded = new Set(page.expanded);
      if (expanded.has(e.key)) expanded.delete(e.key);
      else expanded.add(e.key);
      return { ...page, expanded };
    }
    case 'expandAll':
      return { ...page, expanded: toggleAllExpanded(e.roots, page.expanded) };
    case 'selected':
      return { ...page, selected: new Set(e.keys) };
    case 'floatingFilters':
      return { ...page, floatingFilters: !page.floatingFilters };
    case 'open':
      return { ...page, dialog: e.dialog };
    case 'close':
      return { ...page, dialog: closing(e.kind)(page.dialog) };
    case 'message':
      return { ...page, message: e.message };
  }
}

/** Whether any item has an action other than No Action (loaded, or chosen here). */
export const anyAction = (roots: readonly OuRoot[], states: States): boolean =>
  roots.some((r) => (states.get(rootKey(r))?.action ?? r.Action) !== 'noaction');
