import { COST_SCALE, isBelowCost, MESSAGES, PRICE_SCALE, parseMoneyInput } from '@cpb/domain';
import { Text } from '@mantine/core';

const amount = (text: string, scale: number): bigint | null => {
  const r = parseMoneyInput(text, scale);
  return r.ok ? r.value : null;
};

/**
 * A warning, not an error, while a list price as typed is below the cost: a loss leader is a choice
 * a clerk may make on purpose, so it is said before Save and Save stays offered. Not for expense
 * (X) items, which have no list price of their own.
 */
export function BelowCostWarning({ list, cost, invType }: { list: string; cost: string; invType: string }) {
  const l = amount(list, PRICE_SCALE);
  const c = amount(cost, COST_SCALE);
  if (invType === 'X' || l === null || c === null || !isBelowCost(l, c)) return null;
  return (
    <Text size="sm" c="orange.9" role="status">
      {MESSAGES.PRICE_BELOW_COST}
    </Text>
  );
}
