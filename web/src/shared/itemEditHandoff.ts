/**
 * Handing an item to Add/Edit Item (spec §2.6: the page reads the item from data stored in the
 * browser). The opener navigates with the hand-over as router state and also keeps it in
 * sessionStorage, so a screen that cannot pass router state (or a reload) still finds it.
 */
import type { ItemAnswer } from '@cpb/domain';
import type { NavigateFunction } from 'react-router';

export const ITEM_EDIT_PATH = '/adjust/itemAdjEdit';
/** sessionStorage key of the hand-over (JSON of ItemHandoff). */
export const ITEM_HANDOFF_KEY = 'cpb.itemEdit';

export interface ItemHandoff {
  /** The item as the lookup answered it; the page uses it as it is. */
  item?: ItemAnswer;
  /** Only the key: the page looks the item up in the current zone. */
  key?: { ID: string; PackSize: number };
  /** Where Cancel and a save go back to (default: the page the browser came from). */
  returnTo?: string;
  /** The zone (ZoneSetupID) to open the item in, from an `itemEditHref` address. */
  zone?: number;
}

export function openItemEdit(navigate: NavigateFunction, handoff: ItemHandoff): void {
  sessionStorage.setItem(ITEM_HANDOFF_KEY, JSON.stringify(handoff));
  void navigate(ITEM_EDIT_PATH, { state: { itemHandoff: handoff } });
}

/**
 * The address of Add/Edit Item for one item of the current zone, for a link that opens it in a new
 * tab (a new tab gets neither router state nor this tab's sessionStorage).
 */
export function itemEditHref(key: { ID: string; PackSize: number; zone: number }): string {
  const params = new URLSearchParams({ zone: String(key.zone), ID: key.ID, PackSize: String(key.PackSize) });
  return `${ITEM_EDIT_PATH}?${params}`;
}

/** The item key of an `itemEditHref` address, or null. */
function keyFromSearch(search: string): ItemHandoff | null {
  const params = new URLSearchParams(search);
  const ID = params.get('ID');
  const PackSize = Number(params.get('PackSize'));
  const zone = Number(params.get('zone'));
  if (!ID || !Number.isInteger(PackSize) || PackSize <= 0) return null;
  return Number.isInteger(zone) && zone > 0 ? { key: { ID, PackSize }, zone } : { key: { ID, PackSize } };
}

function isHandoff(v: unknown): v is ItemHandoff {
  if (!v || typeof v !== 'object') return false;
  const h = v as ItemHandoff;
  return (!!h.item && typeof h.item.ID === 'string') || (!!h.key && typeof h.key.ID === 'string');
}

/**
 * The hand-over from router state, else from the address (`itemEditHref`), else from
 * sessionStorage (which is then cleared), else null.
 */
export function takeHandoff(routerState: unknown, search = ''): ItemHandoff | null {
  const fromState = (routerState as { itemHandoff?: unknown } | null)?.itemHandoff;
  const stored = sessionStorage.getItem(ITEM_HANDOFF_KEY);
  sessionStorage.removeItem(ITEM_HANDOFF_KEY);
  if (isHandoff(fromState)) return fromState;
  const fromAddress = keyFromSearch(search);
  if (fromAddress) return fromAddress;
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    return isHandoff(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
