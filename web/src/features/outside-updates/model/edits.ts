/**
 * A value typed in a root row of the Outside Updates grid, checked with the domain's rules
 * (spec part 2 §5): the department an existing one (type X only EX) or MUST_BE_EXISTING_DEPT;
 * price and margin must parse or INVALID_AMOUNT (the cell reverts); descriptions fewer than 35
 * characters. Exact money throughout: no value passes through a float.
 */
import {
  applyPriceChange,
  COST_SCALE,
  DESCRIPTION_MAX,
  type DepartmentEntry,
  formatDeptSub,
  fromMinor,
  MARGIN_SCALE,
  MAX_PRICE_CENTS,
  MESSAGES,
  marginForDisplay,
  PRICE_SCALE,
  parseMoneyInput,
  parsePercentInput,
  type RoundType,
  resolveExistingDepartment,
  tryListFromMargin,
  UpdateType,
} from '@cpb/domain';
import type { OuEditField, OuEditValues, OuRootRow } from './types';

export type OuEditCheck =
  | { ok: true; changed: false }
  | { ok: true; changed: true; edits: OuEditValues }
  | { ok: false; message: string };

const refuse = (message: string): OuEditCheck => ({ ok: false, message });

function amount(text: string | null | undefined, scale: number): bigint | null {
  if (text === null || text === undefined) return null;
  const r = parseMoneyInput(text, scale);
  return r.ok ? r.value : null;
}

/** The margin a price and a cost give (3 decimals), or null when either is missing. */
export function displayMarginFor(
  price: string | null,
  cost: string | null,
  invType: string | null,
): string | null {
  const m = marginForDisplay({ list: amount(price, PRICE_SCALE), cost: amount(cost, COST_SCALE), invType });
  return m === null ? null : fromMinor(m, MARGIN_SCALE);
}

/** The cost a margin is taken from: the edited or incoming cost, else the zone's. */
const costOf = (row: OuRootRow) => row.Cost ?? row.root.ExistingCost;

/**
 * Checks `value` typed into `field` of `row` (as shown, earlier edits included). A value equal
 * to the shown one is no change; a valid one gives the row's new edits.
 */
export function checkOuEdit(
  row: OuRootRow,
  field: OuEditField,
  value: unknown,
  departments: readonly DepartmentEntry[],
): OuEditCheck {
  const text = String(value ?? '').trim();
  const next = (patch: OuEditValues): OuEditCheck => ({
    ok: true,
    changed: true,
    edits: { ...row.edits, ...patch },
  });
  switch (field) {
    case 'Description':
    case 'ReceiptDescription': {
      if (text === (row[field] ?? '')) return { ok: true, changed: false };
      if (field === 'Description' && text === '') return refuse(MESSAGES.REQUIRED);
      if (text.length >= DESCRIPTION_MAX) return refuse(MESSAGES.MAX_35_LEN_ERR);
      return next({ [field]: text === '' ? null : text });
    }
    case 'DeptSub': {
      const d = resolveExistingDepartment(text, departments, row.root.ItemType);
      if (!d.ok) return refuse(MESSAGES.MUST_BE_EXISTING_DEPT);
      const shown = d.value.DisplayDeptSub ?? formatDeptSub(d.value.DeptSubNum);
      if (shown === row.DeptSub) return { ok: true, changed: false };
      return next({ DeptSub: shown });
    }
    case 'Price': {
      const p = parseMoneyInput(text, PRICE_SCALE);
      if (!p.ok || p.value === null) return refuse(MESSAGES.INVALID_AMOUNT);
      if (p.value < 0n) return refuse(MESSAGES.MIN_0);
      if (p.value > MAX_PRICE_CENTS) return refuse(MESSAGES.PRICE_OUT_OF_RANGE);
      const price = fromMinor(p.value, PRICE_SCALE);
      if (row.Price !== null && amount(row.Price, PRICE_SCALE) === p.value)
        return { ok: true, changed: false };
      const { Margin: _margin, ...rest } = row.edits;
      return { ok: true, changed: true, edits: { ...rest, Price: price } };
    }
    case 'Margin': {
      const m = parseMoneyInput(text.endsWith('%') ? text.slice(0, -1) : text, MARGIN_SCALE);
      if (!m.ok || m.value === null) return refuse(MESSAGES.INVALID_AMOUNT);
      const cost = amount(costOf(row), COST_SCALE);
      if (cost === null) return refuse(MESSAGES.INVALID_AMOUNT);
      const list = tryListFromMargin(cost, m.value);
      if (!list.ok) return refuse(MESSAGES[list.code]);
      if (row.Margin !== null && amount(row.Margin, MARGIN_SCALE) === m.value)
        return { ok: true, changed: false };
      // The typed margin goes to the server, which sets the price from the same cost.
      return next({ Margin: fromMinor(m.value, MARGIN_SCALE), Price: fromMinor(list.value, PRICE_SCALE) });
    }
    case 'Cost': {
      const c = parseMoneyInput(text, COST_SCALE);
      if (!c.ok || c.value === null) return refuse(MESSAGES.INVALID_AMOUNT);
      if (c.value < 0n) return refuse(MESSAGES.MIN_0);
      if (row.Cost !== null && amount(row.Cost, COST_SCALE) === c.value) return { ok: true, changed: false };
      return next({ Cost: fromMinor(c.value, COST_SCALE) });
    }
  }
}

/**
 * The item groups chosen for a root in the Item groups dialog: the same groups as shown are no
 * change; others are the row's edited item groups (by ID, each once, sorted).
 */
export function checkItemGroups(row: OuRootRow, ids: readonly string[]): OuEditCheck {
  const chosen = [...new Set(ids.map((id) => id.trim().toUpperCase()).filter((id) => id !== ''))].sort();
  const shown = [...row.ItemGroups].sort();
  if (chosen.length === shown.length && chosen.every((id, i) => id === shown[i]))
    return { ok: true, changed: false };
  return { ok: true, changed: true, edits: { ...row.edits, ItemGroups: chosen } };
}

/** What Set Price's form gives (its body: update type, rounding, amount). */
export interface PriceAdjustment {
  UpdateType?: unknown;
  RoundType?: unknown;
  ChangeAmount?: unknown;
}

/**
 * The new price of a root from the Adjust price dialog (Item Adjustment's Set Price): add amount,
 * set amount or percentage on the shown price (edited, incoming, else the zone's), then the
 * last-digit rule; exact, in cents.
 */
export function adjustedPrice(
  row: OuRootRow,
  a: PriceAdjustment,
): { ok: true; price: string; from: string } | { ok: false; message: string } {
  const from = row.Price ?? row.root.ZoneList;
  const base = amount(from, PRICE_SCALE);
  if (from === null || base === null) return { ok: false, message: MESSAGES.INVALID_AMOUNT };
  const type = Number(a.UpdateType);
  if (type !== UpdateType.AddPercent && type !== UpdateType.AddAmount && type !== UpdateType.SetAmount)
    return { ok: false, message: MESSAGES.AMT_IS_REQD };
  const text = String(a.ChangeAmount ?? '');
  const parsed =
    type === UpdateType.AddPercent ? parsePercentInput(text) : parseMoneyInput(text, PRICE_SCALE);
  if (!parsed.ok) return { ok: false, message: MESSAGES.INVALID_AMOUNT };
  if (parsed.value === null) return { ok: false, message: MESSAGES.AMT_IS_REQD };
  const next = applyPriceChange(base, { type, amount: parsed.value }, Number(a.RoundType ?? 0) as RoundType);
  if (next < 0n || next > MAX_PRICE_CENTS) return { ok: false, message: MESSAGES.PRICE_OUT_OF_RANGE };
  return { ok: true, price: fromMinor(next, PRICE_SCALE), from: fromMinor(base, PRICE_SCALE) };
}
