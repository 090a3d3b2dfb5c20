/**
 * A value typed in the grid (or the edit panel), checked with the domain's rules before it
 * becomes a pending edit: the spec's message when it is refused, otherwise the request
 * fields and what the row shows until it is saved.
 */
import {
  COST_SCALE,
  DESCRIPTION_MAX,
  editMargin,
  fromMinor,
  MARGIN_SCALE,
  MAX_PRICE_CENTS,
  MESSAGES,
  marginForDisplay,
  PRICE_SCALE,
  parseMoneyInput,
  resolveExistingDepartment,
  toMinor,
} from '@cpb/domain';
import type { AdjustItem, Department, EditField, ItemEdit } from '../types';

export type EditCheck =
  | { ok: true; edit: ItemEdit; display: Partial<AdjustItem> }
  | { ok: false; message: string };

const refuse = (message: string): EditCheck => ({ ok: false, message });

/** The margin the row shows for a list and a cost (blank when the rules say so). */
function marginText(row: AdjustItem, list: bigint, cost: bigint): string | null {
  const m = marginForDisplay({ list, cost, invType: row.InvType });
  return m === null ? null : fromMinor(m, MARGIN_SCALE);
}

function text35(value: unknown, required: boolean): string | EditCheck {
  const t = String(value ?? '').trim();
  if (required && t === '') return refuse(MESSAGES.REQUIRED);
  if (t.length > DESCRIPTION_MAX) return refuse(MESSAGES.MAX_35_LEN_ERR);
  return t;
}

function money(value: unknown, scale: number, max?: bigint): bigint | EditCheck {
  const parsed = parseMoneyInput(String(value ?? ''), scale);
  if (!parsed.ok) return refuse(MESSAGES[parsed.code]);
  if (parsed.value === null) return refuse(MESSAGES.REQUIRED);
  if (parsed.value < 0n) return refuse(MESSAGES.MIN_0);
  if (max !== undefined && parsed.value > max) return refuse(MESSAGES.PRICE_OUT_OF_RANGE);
  return parsed.value;
}

const lookupId = (value: unknown): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);

/**
 * Checks one edited field of `row` (the row as shown, pending edits included). Description
 * and receipt description 35 characters; department an existing one (type X only EX); unit
 * list not for type X; margin only for non-X items with a cost (it recomputes the list).
 */
export function checkEdit(
  row: AdjustItem,
  field: EditField,
  value: unknown,
  departments: readonly Department[],
): EditCheck {
  switch (field) {
    case 'Description':
    case 'ReceiptDescription': {
      const t = text35(value, field === 'Description');
      if (typeof t !== 'string') return t;
      return { ok: true, edit: { [field]: t }, display: { [field]: t } };
    }
    case 'DeptSub': {
      const d = resolveExistingDepartment(String(value ?? ''), departments, row.InvType);
      if (!d.ok) return refuse(MESSAGES[d.code]);
      const dept = d.value as Department;
      return {
        ok: true,
        edit: { DeptSub: dept.DisplayDeptSub },
        display: {
          DeptSub: dept.DisplayDeptSub,
          Dept: dept.Dept,
          SubDept: dept.SubDept,
          DeptSubNum: dept.DeptSubNum,
        },
      };
    }
    case 'UnitList': {
      if (row.InvType === 'X') return refuse(MESSAGES.EXPENSE_LIST_LOCKED);
      const list = money(value, PRICE_SCALE, MAX_PRICE_CENTS);
      if (typeof list !== 'bigint') return list;
      const text = fromMinor(list, PRICE_SCALE);
      const margin = marginText(row, list, toMinor(row.UnitCost, COST_SCALE));
      return { ok: true, edit: { UnitList: text }, display: { UnitList: text, Margin: margin } };
    }
    case 'UnitCost': {
      const cost = money(value, COST_SCALE);
      if (typeof cost !== 'bigint') return cost;
      const text = fromMinor(cost, COST_SCALE);
      const margin = marginText(row, toMinor(row.UnitList, PRICE_SCALE), cost);
      return { ok: true, edit: { UnitCost: text }, display: { UnitCost: text, Margin: margin } };
    }
    case 'Margin': {
      const cost = toMinor(row.UnitCost, COST_SCALE);
      const r = editMargin({ invType: row.InvType, cost, text: String(value ?? '') });
      if (!r.ok) return refuse(MESSAGES[r.code]);
      const margin = fromMinor(r.value.margin, MARGIN_SCALE);
      return {
        ok: true,
        // The typed text goes to the server, which derives the same list from it.
        edit: { Margin: String(value ?? '').trim() },
        display: { Margin: margin, UnitList: fromMinor(r.value.list, PRICE_SCALE) },
      };
    }
    case 'TaxGroupId':
    case 'CrvID': {
      const id = lookupId(value);
      return { ok: true, edit: { [field]: id }, display: { [field]: id } };
    }
    case 'Active':
      return { ok: true, edit: { Active: Boolean(value) }, display: { Active: Boolean(value) } };
  }
}

/** Merges a new edit into a row's pending one: a margin and a list price replace each other. */
export function mergeEdit(pending: ItemEdit, next: ItemEdit): ItemEdit {
  const merged = { ...pending, ...next };
  if (next.Margin !== undefined) delete merged.UnitList;
  if (next.UnitList !== undefined) delete merged.Margin;
  return merged;
}
