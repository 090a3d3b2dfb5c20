/**
 * Running the auto-accept rules: on arrival (Site Import, in its transaction, right after the
 * outside updates are written) and as a dry run on the zone's current list (nothing written).
 *
 * On arrival each rule's decisions go through Apply Changes' own path (apply.ts applyActions) in a
 * savepoint, as the rule's author (their zones, their name on the history rows, the rule's name in
 * the history source). A decision that cannot be applied (a stale UpdateKey, a department the zone
 * does not have, the author no longer holding the zone) is rolled back to its savepoint, item by
 * item, and leaves its root on the list for a user: nothing is lost, nothing half-written.
 * With no enabled rule in the site's zones nothing at all happens.
 */
import { decideByRules, itemKey, type OuRuleDecision, type RuleSubject } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../../db/arrays';
import type { Executor, Tx } from '../../../db/client';
import type { ItemKey } from '../../pricebook/summary';
import { beginWrite } from '../../pricebook/write-scope';
import { applyActions, type ChosenAction } from '../apply';
import { type IncludedRow, includedOf, listRoots, type RootRow, rootsOf } from '../queries';
import { type StoredRule, zoneRules } from './store';

/** What the engine reads of a root and its origin rows. */
export function subjectOf(r: RootRow, included: readonly IncludedRow[]): RuleSubject {
  return {
    source: r.source,
    isNew: r.update_key === null,
    action: r.action,
    changeFlds: r.change_flds,
    vendorId: r.vendor_id ?? r.z_vendor_id,
    dept: r.dept ?? r.z_dept,
    cost: r.unit_cost,
    zoneCost: r.z_unit_cost,
    price: r.unit_list,
    zonePrice: r.z_unit_list,
    originSiteNos: included.filter((i) => i.kind === 'origin').map((i) => i.site_no),
  };
}

async function decisionsOf(ex: Executor, roots: RootRow[], rules: StoredRule[]) {
  const included = await includedOf(
    ex,
    roots.map((r) => r.id),
  );
  const byRoot = new Map<number, IncludedRow[]>();
  for (const i of included) byRoot.set(i.update_id, [...(byRoot.get(i.update_id) ?? []), i]);
  return roots.flatMap((r) => {
    const d = decideByRules(subjectOf(r, byRoot.get(r.id) ?? []), rules);
    return d ? [{ root: r, rule: d.rule, action: d.action }] : [];
  });
}

/** What the zone's enabled rules would decide on its current list (the list's cap applies). */
export async function dryRun(ex: Executor, o: { zoneId: number; cap: number }) {
  const rules = await zoneRules(ex, [o.zoneId], { enabledOnly: true });
  const roots = await listRoots(ex, { zoneId: o.zoneId, limit: o.cap });
  const decided = rules.length ? await decisionsOf(ex, roots, rules) : [];
  const decisions: OuRuleDecision[] = decided.map((d) => ({
    ID: d.root.item_id,
    PackSize: d.root.pack_size,
    Description: d.root.description ?? d.root.z_description,
    RuleID: d.rule.id,
    RuleName: d.rule.name,
    Action: d.action,
  }));
  return {
    Considered: roots.length,
    KeptByUser: roots.filter((r) => r.action !== 'noaction').length,
    Decisions: decisions,
  };
}

/**
 * Before an import writes its outside updates: when the target zones have enabled rules, lock the
 * zones a decision will lock (beginWrite: those zones and every zone sharing their stores), in
 * zone-id order. The import then takes its row locks after the zone locks, in the same order as
 * Apply Changes (zones first, then roots), so the two cannot deadlock. No rule: no lock.
 */
export async function lockZonesForRules(tx: Tx, zoneIds: readonly number[]): Promise<void> {
  await tx.execute(sql`select z.id from zones z
    where z.id in (select zs2.zone_id from zone_sites zs2 where zs2.site_id in (
      select zs.site_id from zone_sites zs where zs.zone_id in (
        select r.zone_id from ou_rules r
        where r.zone_id = any(${pgArray(zoneIds, 'int')}) and r.enabled)))
    order by z.id for no key update of z`);
}

export interface ArrivalResult {
  /** Roots a rule decided (and that left the list). */
  decided: number;
  /** Roots a rule chose but that could not be applied; they stay on the list. */
  left: number;
  problems: string[];
}

/** Applies one rule's decisions in a savepoint; all or nothing. */
async function applyRule(tx: Tx, zoneId: number, rule: StoredRule, chosen: ChosenAction[]) {
  await tx.transaction(async (sp) => {
    // Written as who last changed the rule (its author until then): they answer for what it decides.
    const scope = await beginWrite(sp, { userId: rule.decidedBy, zoneId });
    await applyActions({
      ex: sp,
      scope,
      user: rule.decidedByName,
      zoneId,
      chosen,
      edits: [],
      rule: rule.name,
    });
  });
}

/**
 * Runs the enabled rules of the target zones on the roots of these items (the ones an import just
 * wrote), inside the import's transaction `tx`.
 */
export async function decideOnArrival(
  tx: Tx,
  o: { zoneIds: readonly number[]; keys: readonly ItemKey[] },
): Promise<ArrivalResult> {
  const out: ArrivalResult = { decided: 0, left: 0, problems: [] };
  if (o.keys.length === 0) return out;
  const zones = [...o.zoneIds].sort((a, b) => a - b).map((zone_id) => ({ zone_id }));
  const rules = await zoneRules(
    tx,
    zones.map((z) => z.zone_id),
    { enabledOnly: true },
  );
  for (const { zone_id: zoneId } of zones) {
    const zoneOwn = rules.filter((r) => r.zoneId === zoneId);
    if (zoneOwn.length === 0) continue;
    const roots = await rootsOf(tx, zoneId, o.keys);
    const decided = await decisionsOf(tx, roots, zoneOwn);
    for (const rule of zoneOwn) {
      const chosen: ChosenAction[] = decided
        .filter((d) => d.rule === rule)
        .map((d) => ({
          itemId: d.root.item_id,
          packSize: d.root.pack_size,
          action: d.action,
          updateKey: d.root.root_key,
        }));
      if (chosen.length === 0) continue;
      try {
        await applyRule(tx, zoneId, rule, chosen);
        out.decided += chosen.length;
      } catch {
        // One item that cannot be applied must not hold back the others: try them one by one.
        for (const c of chosen) {
          try {
            await applyRule(tx, zoneId, rule, [c]);
            out.decided += 1;
          } catch (err) {
            out.left += 1;
            if (out.problems.length < 5) {
              out.problems.push(
                `${rule.name}: ${itemKey(c.itemId, c.packSize)}: ${err instanceof Error ? err.message : String(err)}`,
              );
            }
          }
        }
      }
    }
  }
  return out;
}
