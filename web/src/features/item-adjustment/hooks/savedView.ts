/**
 * What Item Adjustment shows, kept for the browser session per user (sessionStorage), so that
 * leaving the screen and coming back finds the same zone, criteria, results, order, page and
 * selection. Log Off clears sessionStorage.
 */
import type { SearchRequest } from '../types';

export interface SavedView {
  zoneId: number;
  request: SearchRequest;
  divergentOnly: boolean;
  /** Keys (idplu) of the selected rows. */
  selected: string[];
}

const storageKey = (user: string) => `cpb.itemAdjust.${user}`;

export function loadView(user: string, zoneId: number | null): SavedView | null {
  if (zoneId === null) return null;
  try {
    const raw = sessionStorage.getItem(storageKey(user));
    const view = raw ? (JSON.parse(raw) as SavedView) : null;
    return view && view.zoneId === zoneId ? view : null;
  } catch {
    return null;
  }
}

export function saveView(user: string, view: SavedView | null): void {
  if (view) sessionStorage.setItem(storageKey(user), JSON.stringify(view));
  else sessionStorage.removeItem(storageKey(user));
}
