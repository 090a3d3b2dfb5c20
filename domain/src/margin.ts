/**
 * Margin, list and cost (spec part 1 §5). List prices are cents (scale 2), costs
 * ten-thousandths (scale 4), margins thousandths of a percent (scale 3): 33.333%
 * is 33333n. Every result is rounded half away from zero at its own scale.
 */
import { DomainError } from './errors';
import {
  COST_SCALE,
  divRound,
  fromMinor,
  MARGIN_SCALE,
  type ParseResult,
  PRICE_SCALE,
  parseMoneyInput,
  toMinor,
} from './money';

/** 100% in margin units (thousandths of a percent). */
export const HUNDRED_PERCENT = 100_000n;

/** Inventory types: I = Inventory, S = Sale Only, X = Expense. */
export type InvType = 'I' | 'S' | 'X';

/**
 * Margin = (list - cost) / list * 100, in thousandths of a percent.
 * 100% when cost is 0 and list is not; 0 when both are 0; -100% when cost is
 * not 0 and list is 0.
 */
export function marginOf(listCents: bigint, costUnits: bigint): bigint {
  const list = listCents * 100n; // cents -> cost units
  if (list === 0n) return costUnits === 0n ? 0n : -HUNDRED_PERCENT;
  return divRound((list - costUnits) * HUNDRED_PERCENT, list);
}

/** Whether a list price (cents) is below a cost (ten-thousandths): the item would sell at a loss. */
export function isBelowCost(listCents: bigint, costUnits: bigint): boolean {
  return listCents * 100n < costUnits;
}

/** List = cost / (100 - margin) * 100, in cents; `null` when margin >= 100%. */
export function tryListFromMargin(costUnits: bigint, marginMilli: bigint): ParseResult<bigint> {
  if (marginMilli >= HUNDRED_PERCENT) return { ok: false, code: 'MARGIN_TOO_HIGH' };
  // cost/10^4 * 100 / ((100000 - m) / 1000) dollars = cost * 1000 / (100000 - m) cents
  return { ok: true, value: divRound(costUnits * 1000n, HUNDRED_PERCENT - marginMilli) };
}

/**
 * List = cost / (100 - margin) * 100, in cents. A margin of 100% or more has no
 * list price: throws a DomainError with code MARGIN_TOO_HIGH.
 */
export function listFromMargin(costUnits: bigint, marginMilli: bigint): bigint {
  const r = tryListFromMargin(costUnits, marginMilli);
  if (!r.ok) throw new DomainError(r.code);
  return r.value;
}

/** Cost = list * (100 - margin) / 100, in cost units (a margin over 100% gives a negative cost). */
export function costFromMargin(listCents: bigint, marginMilli: bigint): bigint {
  // list*100 units * (100000 - m) / 100000 = list * (100000 - m) / 1000
  return divRound(listCents * (HUNDRED_PERCENT - marginMilli), 1000n);
}

export interface MarginDisplayInput {
  list: bigint | null;
  cost: bigint | null;
  invType?: InvType | string | null;
  /** The edit panels leave margin blank unless both cost and list are positive. */
  panel?: boolean;
}

/**
 * The margin to show, or null for a blank cell: blank when cost or list is
 * missing; in the edit panels also when either is not positive; and blank for a
 * type X (expense) item whose margin is negative.
 */
export function marginForDisplay({ list, cost, invType, panel = false }: MarginDisplayInput): bigint | null {
  if (list === null || cost === null) return null;
  if (panel && (list <= 0n || cost <= 0n)) return null;
  const m = marginOf(list, cost);
  if (invType === 'X' && m < 0n) return null;
  return m;
}

/** Minor units of a stored or typed amount; null when blank or not a number. */
function amountOf(text: string | null | undefined, scale: number): bigint | null {
  if (text === null || text === undefined) return null;
  const r = parseMoneyInput(text, scale);
  return r.ok ? r.value : null;
}

/**
 * The margin every screen and report shows for a list price and a cost as texts (stored
 * '1.79' / '1.0740', or what the user is typing): marginForDisplay's rule as a 3-decimal
 * string ('40.000'), or null for a blank cell (a missing or unreadable amount, a negative
 * margin of a type X expense item, and in the edit panels a list or cost that is not positive).
 */
export function displayMargin(input: {
  list: string | null | undefined;
  cost: string | null | undefined;
  invType?: InvType | string | null;
  panel?: boolean;
}): string | null {
  const m = marginForDisplay({
    list: amountOf(input.list, PRICE_SCALE),
    cost: amountOf(input.cost, COST_SCALE),
    invType: input.invType,
    panel: input.panel,
  });
  return m === null ? null : fromMinor(m, MARGIN_SCALE);
}

/**
 * Parses a typed percent ('25', '25%', '12.5', '-3.25 %') to thousandths of a
 * percent. Blank is null. More than 3 decimals round half away from zero.
 * Anything else is INVALID_NUMBER.
 */
export function parsePercentInput(text: string): ParseResult<bigint | null> {
  let t = text.trim();
  if (t === '') return { ok: true, value: null };
  if (t.endsWith('%')) t = t.slice(0, -1).trimEnd();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return { ok: false, code: 'INVALID_NUMBER' };
  return { ok: true, value: toMinor(t, MARGIN_SCALE) };
}

/** Margin is editable only for non-X items with a non-zero cost. */
export function canEditMargin(invType: InvType | string | null | undefined, cost: bigint | null): boolean {
  return invType !== 'X' && cost !== null && cost !== 0n;
}

/**
 * A margin typed in a grid or panel: the new list price from the cost, and the
 * margin that list really gives (the list is held to the cent, so the margin
 * shown is recomputed from it). Rejected, so that the old value is restored,
 * for type X, a zero or missing cost, a blank or non-numeric entry, or 100%+.
 */
export function editMargin(input: {
  invType?: InvType | string | null;
  cost: bigint | null;
  text: string;
}): ParseResult<{ list: bigint; margin: bigint }> {
  const { invType, cost, text } = input;
  if (invType === 'X') return { ok: false, code: 'EXPENSE_LIST_LOCKED' };
  if (cost === null || !canEditMargin(invType, cost)) return { ok: false, code: 'MARGIN_NEEDS_COST' };
  const typed = parsePercentInput(text);
  if (!typed.ok) return typed;
  if (typed.value === null) return { ok: false, code: 'INVALID_NUMBER' };
  const list = tryListFromMargin(cost, typed.value);
  if (!list.ok) return list;
  return { ok: true, value: { list: list.value, margin: marginOf(list.value, cost) } };
}
