/**
 * The action rules of Outside Updates (spec part 2 §4 "Outside update actions"): Accept, Reject
 * and Sync apply to the selected roots only; Sync only where the action differs from Synch Site
 * (and not to an item new to the zone, which the server cannot synch); an edit sets Accept; the
 * request of Apply Changes de-duplicated by ID and pack size.
 */
import type { ApplyOuChangesInput, OuAction, OuEditInput, OuRoot } from '@cpb/domain';
import { rootKey } from './treeRows';
import type { LocalItemState, OuEditValues } from './types';

export type States = ReadonlyMap<string, LocalItemState>;

const stateOf = (states: States, root: OuRoot): LocalItemState =>
  states.get(rootKey(root)) ?? { action: root.Action, edits: {} };

/**
 * Sets `action` on the selected roots. Returns the new states and how many selected items the rule
 * left alone (Sync on a new item).
 */
export function applyBulkAction(
  roots: readonly OuRoot[],
  states: States,
  selected: ReadonlySet<string>,
  action: OuAction,
): { states: Map<string, LocalItemState>; changed: number; skipped: number } {
  const next = new Map(states);
  let changed = 0;
  let skipped = 0;
  for (const root of roots) {
    const key = rootKey(root);
    if (!selected.has(key)) continue;
    const st = stateOf(states, root);
    if (action === 'synch_site' && root.isNew) {
      skipped++;
      continue;
    }
    if (st.action === action) continue;
    next.set(key, { ...st, action });
    changed++;
  }
  return { states: next, changed, skipped };
}

/**
 * The actions the auto-accept rules' dry run decided, set on today's list as if chosen by hand (the
 * same rule as the toolbar: no Sync on a new item). Returns the new states, the keys it changed and
 * how many decisions it left alone.
 */
export function applyDecisions(
  roots: readonly OuRoot[],
  states: States,
  decisions: ReadonlyArray<{ ID: string; PackSize: number; Action: OuAction }>,
): { states: Map<string, LocalItemState>; keys: string[]; changed: number; skipped: number } {
  let next = new Map(states);
  let changed = 0;
  let skipped = 0;
  for (const action of new Set(decisions.map((d) => d.Action))) {
    const keys = new Set(
      decisions.filter((d) => d.Action === action).map((d) => rootKey({ Idcode: d.ID, ...d })),
    );
    const r = applyBulkAction(roots, next, keys, action);
    next = r.states;
    changed += r.changed;
    skipped += r.skipped;
  }
  return {
    states: next,
    keys: decisions.map((d) => rootKey({ Idcode: d.ID, PackSize: d.PackSize })),
    changed,
    skipped,
  };
}

/** The state after a valid edit: the new values, and the item set to Accept. */
export function withEdit(states: States, root: OuRoot, edits: OuEditValues): Map<string, LocalItemState> {
  const next = new Map(states);
  const { restored } = stateOf(states, root);
  next.set(rootKey(root), restored ? { action: 'accept', edits, restored } : { action: 'accept', edits });
  return next;
}

/**
 * The state after choosing one action for one item; No Action on an edited item restores its
 * values: the loaded ones, or, for a root the list gave as Edited, its Original incoming values.
 */
export function withAction(
  states: States,
  root: OuRoot,
  action: OuAction,
  restore: boolean,
): Map<string, LocalItemState> {
  const next = new Map(states);
  const st = stateOf(states, root);
  const restored = st.restored || (root.Edited === true && root.Original !== undefined);
  if (!restore) next.set(rootKey(root), { ...st, action });
  else next.set(rootKey(root), restored ? { action, edits: {}, restored } : { action, edits: {} });
  return next;
}

/** Whether an item has edited values: in this page, or kept on the server (Edited) and not restored. */
export function hasEdits(states: States, root: OuRoot): boolean {
  const st = states.get(rootKey(root));
  if (Object.keys(st?.edits ?? {}).length > 0) return true;
  return root.Edited === true && !st?.restored;
}

/** The items whose action or values differ from the loaded list: what Undo Changes and leaving drop. */
export function pendingKeys(roots: readonly OuRoot[], states: States): string[] {
  const out: string[] = [];
  for (const root of roots) {
    const st = states.get(rootKey(root));
    if (!st) continue;
    if (st.action !== root.Action || Object.keys(st.edits).length > 0 || st.restored) out.push(rootKey(root));
  }
  return out;
}

/**
 * The body of Apply Changes: every item with an action other than No Action (each ID and pack
 * size once), and the edited values of the items being accepted. Null when there is nothing to
 * apply ('You have not modified any item').
 */
export function applyRequest(
  zoneId: number,
  roots: readonly OuRoot[],
  states: States,
): ApplyOuChangesInput | null {
  const items = new Map<string, { ID: string; PackSize: number; Action: OuAction; UpdateKey?: string }>();
  const edits = new Map<string, OuEditInput>();
  for (const root of roots) {
    const key = rootKey(root);
    const st = stateOf(states, root);
    if (st.action === 'noaction') continue;
    items.set(key, {
      ID: root.Idcode,
      PackSize: root.PackSize,
      Action: st.action,
      ...(root.UpdateKey === null ? {} : { UpdateKey: root.UpdateKey }),
    });
    if (st.action === 'accept' && Object.keys(st.edits).length > 0) edits.set(key, editBody(root, st.edits));
  }
  if (items.size === 0) return null;
  return {
    updatedMasterItem: edits.size > 0 ? [...edits.values()] : null,
    actionItem: { ZoneSetupID: zoneId, items: [...items.values()] },
  };
}

/** An edit as the server takes it: a margin stands for the price it gave. */
export function editBody(root: OuRoot, e: OuEditValues): OuEditInput {
  const body: OuEditInput = { ID: root.Idcode, PackSize: root.PackSize };
  if (e.Description !== undefined && e.Description !== null) body.Description = e.Description;
  if (e.ReceiptDescription !== undefined) body.ReceiptDescription = e.ReceiptDescription;
  if (e.DeptSub !== undefined && e.DeptSub !== null) body.DeptSub = e.DeptSub;
  if (e.Margin !== undefined && e.Margin !== null) body.Margin = e.Margin;
  else if (e.Price !== undefined && e.Price !== null) body.Price = e.Price;
  if (e.Cost !== undefined && e.Cost !== null) body.Cost = e.Cost;
  if (e.ItemGroups !== undefined) body.ItemGroups = [...e.ItemGroups];
  if (root.UpdateKey !== null) body.UpdateKey = root.UpdateKey;
  return body;
}
