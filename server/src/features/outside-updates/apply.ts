/**
 * Apply Changes (spec §4 "Outside update actions"): every chosen action in the caller's one
 * transaction, after beginWrite() locked the zone and the zones sharing its stores.
 * - Accept: the incoming (or edited) values at every store of the zone, through writeSiteItems
 *   (source 'Outside Update'); zones sharing a store are refreshed by the write path. An item new
 *   to the zone is created there the way Add Item does (accept-new.ts).
 * - Synch Site: what each origin store sent, at that store only (coverage: the store).
 * - Reject: nothing changes in the price book; each origin store gets a history row of its current
 *   row (resendRows), so its next modifications-only distribution puts head office's values back.
 * Accepted, synched and rejected roots leave the list. A stale UpdateKey is a 409 before anything
 * is written; any failure rolls everything back.
 */
import { itemKey, msg, type OuAction, type OuEditOutput } from '@cpb/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { FieldName } from '../pricebook/fields';
import { resendRows } from '../pricebook/resend';
import { assertCurrentKeys, type ItemChange, listSome, writeSiteItems } from '../pricebook/write';
import type { WriteScope } from '../pricebook/write-scope';
import { acceptNewItems } from './accept-new';
import { assertDepartments, editValues, rootValues, sentValues, type Values } from './edits';
import { incomingGroups } from './presenter';
import { deleteRoots, includedOf, type RootRow, replaceItemGroups, rootsOf } from './queries';

export const SOURCE_ACCEPT = 'Outside Update';
export const SOURCE_SYNCH = 'Outside Update (Synch Site)';
export const SOURCE_REJECT = 'Outside Update (Reject)';

/** The history sources of a decision an auto-accept rule took: the rule's name on every row. */
export function ruleSources(rule?: string) {
  if (rule === undefined) return { accept: SOURCE_ACCEPT, synch: SOURCE_SYNCH, reject: SOURCE_REJECT };
  const by = `Auto-accept rule: ${rule}`;
  return {
    accept: `${SOURCE_ACCEPT} (${by})`,
    synch: `${SOURCE_ACCEPT} (Synch Site, ${by})`,
    reject: `${SOURCE_ACCEPT} (Reject, ${by})`,
  };
}

export interface ChosenAction {
  itemId: string;
  packSize: number;
  action: OuAction;
  updateKey: string | null;
}

/**
 * 409 (nothing written) when an UpdateKey sent is not the root's current one: a later import
 * changed its incoming values, or the zone's item changed, since the user loaded it.
 */
export function assertRootKeys(
  roots: readonly RootRow[],
  sent: ReadonlyArray<{ itemId: string; packSize: number; updateKey?: string | null }>,
): void {
  assertCurrentKeys(
    sent.map((c) => ({ itemId: c.itemId, packSize: c.packSize, values: {}, updateKey: c.updateKey ?? null })),
    new Map(roots.map((r) => [itemKey(r.item_id, r.pack_size), r.root_key])),
  );
}

const invTypeOf = (r: RootRow) => r.inv_type ?? r.z_inv_type;

export interface ApplyResult {
  Accepted: number;
  Synched: number;
  Rejected: number;
  SiteRows: number;
  ImpactedZones: number[];
}

/** One write per set of fields (a write sets the same fields on every item it is given). */
async function writeGrouped(
  base: { ex: Executor; scope: WriteScope; user: string; zoneId: number; source: string },
  items: Array<{
    itemId: string;
    packSize: number;
    values: Values;
    coverage: number[] | null;
    /** Written even with no site field to set (its item groups changed): new versions, history. */
    touch?: boolean;
  }>,
) {
  const groups = new Map<string, { fields: FieldName[]; coverage: number[] | null; changes: ItemChange[] }>();
  for (const i of items) {
    const fields = (Object.keys(i.values) as FieldName[]).sort();
    if (fields.length === 0 && !i.touch) continue;
    const g = `${fields.join(',')}|${i.coverage?.join(',') ?? '*'}`;
    if (!groups.has(g)) groups.set(g, { fields, coverage: i.coverage, changes: [] });
    groups.get(g)?.changes.push({ itemId: i.itemId, packSize: i.packSize, values: i.values });
  }
  let siteRows = 0;
  const zones = new Set<number>();
  for (const g of groups.values()) {
    const r = await writeSiteItems({ ...base, ...g, keysChecked: true });
    siteRows += r.siteRows;
    for (const z of r.zones) zones.add(z);
  }
  return { siteRows, zones };
}

export async function applyActions(o: {
  ex: Executor;
  scope: WriteScope;
  user: string;
  zoneId: number;
  chosen: ChosenAction[];
  edits: OuEditOutput[];
  /** The auto-accept rule that took these decisions (named in the history), if any. */
  rule?: string;
}): Promise<ApplyResult> {
  const { ex, zoneId } = o;
  const sources = ruleSources(o.rule);
  const keys = o.chosen.map((c) => ({ itemId: c.itemId, packSize: c.packSize }));
  const roots = await rootsOf(ex, zoneId, keys);
  const byKey = new Map(roots.map((r) => [itemKey(r.item_id, r.pack_size), r]));
  const missing = keys.filter((k) => !byKey.has(itemKey(k.itemId, k.packSize)));
  if (missing.length) {
    throw new AppError(
      'NOT_FOUND',
      `${msg('NO_ITEMS_FOUND')} (${listSome(missing.map((k) => itemKey(k.itemId, k.packSize)))})`,
    );
  }
  // The roots are locked (rootsOf ... for update): their keys hold until the transaction ends.
  assertRootKeys(roots, o.chosen);
  const edited = await editValues(ex, zoneId, o.edits, byKey);
  const root = (c: ChosenAction) => byKey.get(itemKey(c.itemId, c.packSize)) as RootRow;
  const of = (a: OuAction) => o.chosen.filter((c) => c.action === a);
  const accept = of('accept');
  const synch = of('synch_site');
  const reject = of('reject');

  const isNew = (c: ChosenAction) => root(c).update_key === null;
  const freshSynch = synch.filter(isNew);
  if (freshSynch.length) {
    throw new AppError(
      'VALIDATION',
      `An item new to the zone can be accepted or rejected, not synched (${listSome(
        freshSynch.map((c) => itemKey(c.itemId, c.packSize)),
      )}).`,
    );
  }
  const base = { ex, scope: o.scope, user: o.user, zoneId };
  const editsOf = (c: ChosenAction) => edited.get(itemKey(c.itemId, c.packSize)) ?? {};
  const created = await acceptNewItems({
    ...base,
    source: sources.accept,
    items: accept.filter(isNew).map((c) => ({ root: root(c), edited: editsOf(c) })),
  });
  // Item groups (a catalogue fact): the edited ones, else the incoming ones (item group bit).
  const editedGroups = new Map(
    o.edits.flatMap((e) => (e.ItemGroups ? [[itemKey(e.ID, e.PackSize), [...new Set(e.ItemGroups)]]] : [])),
  );
  const groupsOf = (c: ChosenAction) =>
    editedGroups.get(itemKey(c.itemId, c.packSize)) ?? incomingGroups(root(c)) ?? undefined;
  await replaceItemGroups(
    ex,
    accept.flatMap((c) => {
      const groups = groupsOf(c);
      return groups ? [{ itemId: c.itemId, packSize: c.packSize, groups }] : [];
    }),
  );
  // Every store of the zone gets the change, its item groups too: new versions and history rows.
  const acceptWrites = accept
    .filter((c) => !isNew(c))
    .map((c) => ({
      ...c,
      values: { ...rootValues(root(c)), ...editsOf(c) },
      coverage: null,
      touch: groupsOf(c) !== undefined,
    }));
  await assertDepartments(
    ex,
    zoneId,
    acceptWrites.map((w) => ({ ...w, key: itemKey(w.itemId, w.packSize), invType: invTypeOf(root(w)) })),
  );
  const accepted = await writeGrouped({ ...base, source: sources.accept }, acceptWrites);

  const included = await includedOf(
    ex,
    [...synch, ...reject].map((c) => root(c).id),
  );
  const byRoot = new Map<number, typeof included>();
  for (const i of included) byRoot.set(i.update_id, [...(byRoot.get(i.update_id) ?? []), i]);
  const originsOf = (c: ChosenAction) => byRoot.get(root(c).id) ?? [];
  // A root no store sent (a vendor file's: issue 21) has no store to synch; refused, nothing written.
  const noStore = synch.filter((c) => !originsOf(c).some((i) => i.kind === 'origin'));
  if (noStore.length) {
    throw new AppError(
      'VALIDATION',
      `No store sent this change, so there is no site to synch; accept or reject it (${listSome(
        noStore.map((c) => itemKey(c.itemId, c.packSize)),
      )}).`,
    );
  }
  const synchWrites = synch.flatMap((c) =>
    originsOf(c)
      .flatMap((i) =>
        i.values?.sent ? [{ site: i.site_id, sent: i.values.sent, flds: i.values.changeFlds }] : [],
      )
      .map((i) => ({
        ...c,
        values: sentValues(i.sent, i.flds ?? 0),
        coverage: [i.site],
        invType: i.sent.invType,
      })),
  );
  await assertDepartments(
    ex,
    zoneId,
    synchWrites.map((w) => ({ ...w, key: itemKey(w.itemId, w.packSize) })),
  );
  const synched = await writeGrouped({ ...base, source: sources.synch }, synchWrites);
  const resent = await resendRows(ex, {
    scope: o.scope,
    user: o.user,
    source: sources.reject,
    items: reject.map((c) => ({ ...c, siteIds: originsOf(c).map((i) => i.site_id) })),
  });

  await deleteRoots(
    ex,
    [...accept, ...synch, ...reject].map((c) => root(c).id),
  );
  const zones = new Set([...created.zones, ...accepted.zones, ...synched.zones]);
  return {
    Accepted: accept.length,
    Synched: synch.length,
    Rejected: reject.length,
    SiteRows: created.siteRows + accepted.siteRows + synched.siteRows + resent,
    ImpactedZones: [...zones].filter((z) => z !== zoneId).sort((a, b) => a - b),
  };
}
