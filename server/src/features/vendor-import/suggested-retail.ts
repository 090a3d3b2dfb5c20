/**
 * Beyond the spec (issue 21): the list price that keeps an item's current margin at its new cost,
 * rounded by the chain's rounding rule (domain rounding.ts; last digit 9 by default), shown on the
 * outside update beside the vendor's own suggested retail. Null when the item has no price or cost
 * to take a margin from, or its margin is 100% or more (no list price keeps it).
 */
import { fromMinor, marginOf, RoundType, roundPrice, toMinor, tryListFromMargin } from '@cpb/domain';

export function listAtCurrentMargin(
  o: { list: string | null; cost: string | null; newCost: string },
  rule: RoundType = RoundType.Last9,
): string | null {
  if (o.list === null || o.cost === null) return null;
  const list = toMinor(o.list, 2);
  const cost = toMinor(o.cost, 4);
  if (list <= 0n || cost <= 0n) return null;
  const margin = marginOf(list, cost);
  const at = tryListFromMargin(toMinor(o.newCost, 4), margin);
  if (!at.ok || at.value <= 0n) return null;
  return fromMinor(roundPrice(at.value, rule), 2);
}
