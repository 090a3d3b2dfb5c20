/**
 * The auto-accept rules' engine (issue 13 "Beyond the spec"): given one root outside update, with
 * what its origin rows say, and a zone's rules, the first enabled rule (lowest Priority, then
 * RuleID) whose every condition holds decides it. Pure and exact: percents and amounts are compared
 * as integers (money.ts), never as floats.
 *
 * Never decided: a root a user already chose an action for (the user's choice wins); Synch Site is
 * never decided for an item new to the zone (the apply refuses it) or without an origin store.
 */
import type { OuRuleAction, OuRuleConditions } from './api/ou-rules';
import { OU_RULE_PERCENT_SCALE } from './api/ou-rules';
import { pow10, toMinor } from './money';
import { CHANGE_FLD } from './outside-updates';

export interface RuleLike {
  id: number;
  name: string;
  enabled: boolean;
  action: OuRuleAction;
  priority: number;
  conditions: OuRuleConditions;
}

/** What the engine reads of a root outside update. */
export interface RuleSubject {
  /** The root's source ('Site Import', 'Vendor Import'). */
  source: string;
  /** The item has no row in the zone yet. */
  isNew: boolean;
  /** The action kept on the root ('noaction' unless a user chose one). */
  action: string;
  changeFlds: number;
  /** The update's vendor, else the zone's vendor of the item. */
  vendorId: string | null;
  /** The incoming department, else the zone's. */
  dept: number | null;
  /** Incoming and zone cost / price, as decimal text (null: none). */
  cost: string | null;
  zoneCost: string | null;
  price: string | null;
  zonePrice: string | null;
  /** Store numbers of the origin rows (the stores the change came from). */
  originSiteNos: readonly number[];
}

export interface RuleDecision<R extends RuleLike = RuleLike> {
  rule: R;
  action: OuRuleAction;
}

const AMOUNT_SCALE = 6;

/**
 * |incoming - current| <= percent% of |current|, exactly. A current value of 0 only admits 0.
 * Null on either side: no comparison, the condition fails.
 */
export function withinPercent(incoming: string | null, current: string | null, percent: string): boolean {
  if (incoming === null || current === null) return false;
  let a: bigint;
  let b: bigint;
  try {
    a = toMinor(incoming, AMOUNT_SCALE);
    b = toMinor(current, AMOUNT_SCALE);
  } catch {
    return false;
  }
  const p = toMinor(percent, OU_RULE_PERCENT_SCALE);
  const diff = a > b ? a - b : b - a;
  const base = b < 0n ? -b : b;
  // diff / base <= p / (100 * 10^scale)  <=>  diff * 100 * 10^scale <= p * base
  return diff * 100n * pow10(OU_RULE_PERCENT_SCALE) <= p * base;
}

export function fieldsMask(fields: readonly (keyof typeof CHANGE_FLD)[]): number {
  return fields.reduce((m, f) => m | CHANGE_FLD[f], 0);
}

/** Whether every condition the rule sets holds for the subject. */
export function ruleMatches(rule: Pick<RuleLike, 'action' | 'conditions'>, s: RuleSubject): boolean {
  const c = rule.conditions;
  if (rule.action === 'synch_site' && (s.isNew || s.originSiteNos.length === 0)) return false;
  if (c.Source !== 'any' && s.source !== c.Source) return false;
  if (c.SiteNo !== null && (s.originSiteNos.length === 0 || s.originSiteNos.some((n) => n !== c.SiteNo)))
    return false;
  if (c.VendorId !== null && (s.vendorId ?? '').trim().toLowerCase() !== c.VendorId.trim().toLowerCase())
    return false;
  if (c.NewItem === 'new' && !s.isNew) return false;
  if (c.NewItem === 'existing' && s.isNew) return false;
  if (c.Fields.length > 0) {
    const mask = fieldsMask(c.Fields);
    if ((s.changeFlds & mask) === 0) return false;
    if (c.FieldsMatch === 'only' && (s.changeFlds & ~mask) !== 0) return false;
  }
  if (c.CostWithinPercent !== null && !withinPercent(s.cost, s.zoneCost, c.CostWithinPercent)) return false;
  if (c.PriceWithinPercent !== null && !withinPercent(s.price, s.zonePrice, c.PriceWithinPercent))
    return false;
  if (c.DeptFrom !== null && (s.dept === null || s.dept < c.DeptFrom)) return false;
  if (c.DeptTo !== null && (s.dept === null || s.dept > c.DeptTo)) return false;
  return true;
}

/** The rules in the order they are tried: lowest Priority first, then the oldest (RuleID). */
export function ruleOrder<R extends RuleLike>(rules: readonly R[]): R[] {
  return [...rules].sort((a, b) => a.priority - b.priority || a.id - b.id);
}

/** The first enabled rule that matches decides; null: no rule decides (the root stays for a user). */
export function decideByRules<R extends RuleLike>(
  s: RuleSubject,
  rules: readonly R[],
): RuleDecision<R> | null {
  if (s.action !== 'noaction') return null;
  for (const rule of ruleOrder(rules)) {
    if (rule.enabled && ruleMatches(rule, s)) return { rule, action: rule.action };
  }
  return null;
}
