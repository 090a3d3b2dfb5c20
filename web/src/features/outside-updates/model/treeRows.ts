/**
 * The tree of the grid built on AG Grid Community's client-side row model (no tree data there):
 * each root row, and under an expanded root its site rows. Pure and linear in the rows, so it stays
 * fast at 10,000 roots; row objects are reused while their inputs are the same, so the grid only
 * redraws the rows that changed.
 */
import { CHANGE_FLD, type OuIncluded, type OuRoot } from '@cpb/domain';
import { displayMarginFor } from './edits';
import type { LocalItemState, OuFilter, OuRootRow, OuRow, OuSiteRow } from './types';

/** The key of a root: its item ID and pack size ('01221000130@1'). */
export const rootKey = (r: Pick<OuRoot, 'Idcode' | 'PackSize'>): string => `${r.Idcode}@${r.PackSize}`;

/** The included rows of each root, by the root's OUID. */
export function groupIncluded(included: readonly OuIncluded[]): Map<number, OuIncluded[]> {
  const by = new Map<number, OuIncluded[]>();
  for (const inc of included) {
    const list = by.get(inc.OUID);
    if (list) list.push(inc);
    else by.set(inc.OUID, [inc]);
  }
  return by;
}

/** Whether a root passes the filter selector (spec §2). */
export function passesFilter(root: OuRoot, filter: OuFilter): boolean {
  switch (filter) {
    case 'default':
      return true;
    case 'hide':
      return !root.isNew;
    case 'show':
      return root.isNew;
    case 'cost':
      return (root.changeFlds & CHANGE_FLD.cost) !== 0;
    case 'list':
      return (root.changeFlds & CHANGE_FLD.price) !== 0;
  }
}

/**
 * The root as the state stands on it: restored, its Original incoming values (the store's or
 * vendor's, before the kept edits) with no edit left; else the loaded root.
 */
export function baseRoot(root: OuRoot, state: Pick<LocalItemState, 'restored'> | undefined): OuRoot {
  if (!state?.restored || !root.Original) return root;
  const { Edited: _edited, Original, ...values } = root;
  return { ...values, ...Original };
}

/** The fields whose value on a root the list gave as Edited differs from its Original. */
export function keptEditFields(root: OuRoot): ReadonlySet<string> {
  const out = new Set<string>();
  const o = root.Original;
  if (!root.Edited || !o) return out;
  const same = (a: unknown, b: unknown) =>
    Array.isArray(a) && Array.isArray(b) ? a.join(',') === b.join(',') : a === b;
  for (const f of KEPT_FIELDS) if (!same(o[f], root[f])) out.add(f);
  return out;
}
const KEPT_FIELDS = [
  'Description',
  'ReceiptDescription',
  'DeptSub',
  'Price',
  'Cost',
  'ItemGroups',
  'TaxGroupID',
  'Redemption',
  'MinOnHand',
  'MaxOnHand',
  'MinPurchaseQty',
] as const;

/** The root row for an item and its local state (the shown values are the edited ones). */
export function makeRootRow(
  loaded: OuRoot,
  state: LocalItemState | undefined,
  siteCount: number,
  expanded: boolean,
): OuRootRow {
  const root = baseRoot(loaded, state);
  const edits = state?.edits ?? {};
  const pick = <K extends keyof typeof edits & keyof OuRoot>(k: K) =>
    (k in edits ? edits[k] : root[k]) as string | null;
  const Price = pick('Price');
  const Cost = pick('Cost');
  const priceOrCostEdited = 'Price' in edits || 'Cost' in edits || 'Margin' in edits;
  return {
    kind: 'root',
    key: rootKey(root),
    root,
    action: state?.action ?? root.Action,
    edits,
    Description: pick('Description'),
    ReceiptDescription: pick('ReceiptDescription'),
    DeptSub: pick('DeptSub'),
    Price,
    Cost,
    ItemGroups: edits.ItemGroups ?? root.ItemGroups,
    Margin: priceOrCostEdited
      ? displayMarginFor(Price, Cost ?? root.ExistingCost, root.ItemType)
      : root.Margin,
    siteCount,
    expanded,
  };
}

type RootCache = Map<string, { state: LocalItemState | undefined; expanded: boolean; row: OuRootRow }>;

/** Remembers row objects between builds (per loaded list): same inputs, same object. */
export function createRowCache(): RootCache {
  return new Map();
}

/**
 * The grid's rows: the roots passing the filter, each followed by its site rows when expanded.
 * `cache` keeps each root row object while its state and expansion are unchanged.
 */
export function buildTreeRows(input: {
  roots: readonly OuRoot[];
  sites: Map<number, OuIncluded[]>;
  states: ReadonlyMap<string, LocalItemState>;
  expanded: ReadonlySet<string>;
  filter: OuFilter;
  cache?: RootCache;
}): OuRow[] {
  const { roots, sites, states, expanded, filter, cache } = input;
  const out: OuRow[] = [];
  for (const root of roots) {
    if (!passesFilter(root, filter)) continue;
    const key = rootKey(root);
    const state = states.get(key);
    const open = expanded.has(key);
    const children = sites.get(root.OUID) ?? [];
    const hit = cache?.get(key);
    let row: OuRootRow;
    if (hit && hit.state === state && hit.expanded === open) row = hit.row;
    else {
      row = makeRootRow(root, state, children.length, open);
      cache?.set(key, { state, expanded: open, row });
    }
    out.push(row);
    if (open) for (const site of children) out.push(siteRow(key, site));
  }
  return out;
}

const siteRows = new WeakMap<OuIncluded, OuSiteRow>();

/** The child row of a site (one object per included row of the loaded list). */
function siteRow(parentKey: string, site: OuIncluded): OuSiteRow {
  let row = siteRows.get(site);
  if (!row) {
    row = { kind: 'site', key: `${parentKey}/${site.SetupId}`, parentKey, site };
    siteRows.set(site, row);
  }
  return row;
}

/** Expand/Collapse All Rows: everything expanded when anything is collapsed, else nothing. */
export function toggleAllExpanded(
  roots: readonly OuRoot[],
  expanded: ReadonlySet<string>,
): ReadonlySet<string> {
  const expandable = roots.map(rootKey);
  const allOpen = expandable.length > 0 && expandable.every((k) => expanded.has(k));
  return allOpen ? new Set() : new Set(expandable);
}

/**
 * The row a grid column filter judges for `row`: a root itself, a site row its root (`rootOf`
 * finds it by key). So a root and its sites pass or fail a column filter together: a matching
 * root keeps its sites, and no site row shows without its root.
 */
export function filterRowOf(row: OuRow, rootOf: (key: string) => OuRow | undefined): OuRow {
  if (row.kind === 'root') return row;
  const parent = rootOf(row.parentKey);
  return parent?.kind === 'root' ? parent : row;
}

/** The rows a column filter keeps (`passes` judges one root row): what the grid shows. */
export function filterTreeRows(rows: readonly OuRow[], passes: (root: OuRow) => boolean): OuRow[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return rows.filter((r) => passes(filterRowOf(r, (k) => byKey.get(k))));
}
