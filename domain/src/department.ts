/**
 * Departments and sub-departments (spec part 1 §3, §5; RULES.md "Department").
 * A DeptSub is written `D.SS`: 2.01, 12.00. Its number (DeptSubNum) is
 * dept * 100 + sub; the synthetic 'None' entry is 0.
 */
import type { InvType } from './margin';
import type { ParseResult } from './money';

export interface DeptSub {
  dept: number;
  sub: number;
}

/** A department as the lookup returns it. */
export interface DepartmentEntry {
  DeptSubNum: number;
  DisplayDeptSub?: string | null;
  DeptSubName?: string | null;
  DeptName?: string | null;
  ItemTypeName?: string | null;
}

export const NONE_DEPT_SUB_NUM = 0;
export const MAX_DEPT = 9999;

/** The numeric key of a department and sub: 2, 1 -> 201. */
export function deptSubNum(dept: number, sub: number): number {
  return dept * 100 + sub;
}

/** 201 -> { dept: 2, sub: 1 }. */
export function fromDeptSubNum(num: number): DeptSub {
  return { dept: Math.floor(num / 100), sub: num % 100 };
}

/** Writes `D.SS`: { 2, 1 } or 201 -> '2.01'; { 12, 0 } -> '12.00'. */
export function formatDeptSub(d: DeptSub | number): string {
  const { dept, sub } = typeof d === 'number' ? fromDeptSubNum(d) : d;
  return `${dept}.${String(sub).padStart(2, '0')}`;
}

/**
 * Splits a typed numeric department into department and sub-department. The sub
 * is the digits after the point, padded to two digits: none -> 00, one digit d
 * -> d0 ('2.8' -> 2.80, read as the number it is). In the end-of-range form a
 * one-digit sub d means the whole block d0-d9, so it becomes d9 ('2.8' -> 2.89).
 * Null when the text is not `digits[.digits]` with at most two sub digits.
 */
export function parseDeptSub(text: string, form: 'begin' | 'end' = 'begin'): DeptSub | null {
  const m = /^(\d{1,4})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  const dept = Number(m[1]);
  const digits = m[2] ?? '';
  let sub = 0;
  if (digits.length === 2) sub = Number(digits);
  else if (digits.length === 1) sub = Number(digits) * 10 + (form === 'end' ? 9 : 0);
  return { dept, sub };
}

/** `parseDeptSub` as a DeptSubNum, or null. */
export function parseDeptSubNum(text: string, form: 'begin' | 'end' = 'begin'): number | null {
  const d = parseDeptSub(text, form);
  return d === null ? null : deptSubNum(d.dept, d.sub);
}

function sameText(a: string | null | undefined, b: string): boolean {
  return a != null && a.trim().toUpperCase() === b.toUpperCase();
}

/** The existing department a typed text names (by D.SS, display text or name), or null. */
export function findDepartment(
  text: string,
  departments: readonly DepartmentEntry[],
): DepartmentEntry | null {
  const t = text.trim();
  if (t === '') return null;
  const num = parseDeptSubNum(t);
  return (
    departments.find(
      (d) =>
        d.DeptSubNum !== NONE_DEPT_SUB_NUM &&
        (d.DeptSubNum === num || sameText(d.DisplayDeptSub, t) || sameText(d.DeptSubName, t)),
    ) ?? null
  );
}

/**
 * Reads a department typed in Add Item / Edit Item: an existing department, or
 * any numeric value split into dept and sub (accepted even when not in the
 * list, as the spec says). Anything else is INVALID_DEPT ('The department must
 * be a valid existing department.').
 */
export function resolveTypedDepartment(
  text: string,
  departments: readonly DepartmentEntry[],
): ParseResult<{ num: number; existing: DepartmentEntry | null }> {
  const existing = findDepartment(text, departments);
  if (existing) return { ok: true, value: { num: existing.DeptSubNum, existing } };
  const num = parseDeptSubNum(text);
  if (num === null || num === NONE_DEPT_SUB_NUM) return { ok: false, code: 'INVALID_DEPT' };
  return { ok: true, value: { num, existing: null } };
}

/** Type X (expense) items take only EX departments; other types take any department. */
export function isDeptAllowedForType(
  dept: Pick<DepartmentEntry, 'ItemTypeName'>,
  invType: InvType | string | null | undefined,
): boolean {
  return invType !== 'X' || dept.ItemTypeName === 'EX';
}

/**
 * The department cell of Item Adjustment and Outside Updates: it must name an
 * existing department, and a type X item only an EX one; otherwise
 * MUST_BE_EXISTING_DEPT.
 */
export function resolveExistingDepartment(
  text: string,
  departments: readonly DepartmentEntry[],
  invType: InvType | string | null | undefined,
): ParseResult<DepartmentEntry> {
  const d = findDepartment(text, departments);
  if (!d || !isDeptAllowedForType(d, invType)) return { ok: false, code: 'MUST_BE_EXISTING_DEPT' };
  return { ok: true, value: d };
}

/**
 * Range test with blank ends: blank start = everything up to the end, blank end =
 * everything from the start, both blank = everything. Ends are inclusive. A
 * range whose start is above its end matches nothing (forms report it as
 * RANGE_REVERSED before searching).
 */
export function inRange<T extends number | bigint>(v: T, begin: T | null, end: T | null): boolean {
  if (begin !== null && v < begin) return false;
  if (end !== null && v > end) return false;
  return true;
}

/**
 * Set Department: with "Keep subdepartments?" the item keeps its sub under the
 * new department (8.80 to 2.00 -> 2.80); without it, it takes the chosen node.
 * A type X item has no sub-departments and always takes the chosen node.
 */
export function moveKeepingSub(
  current: DeptSub,
  target: DeptSub,
  keepSub: boolean,
  invType?: InvType | string | null,
): DeptSub {
  if (!keepSub || invType === 'X') return { ...target };
  return { dept: target.dept, sub: current.sub };
}

/** "Keep subdepartments?" is offered only when the chosen node is a department (sub 00). */
export function keepSubEnabled(target: DeptSub | number): boolean {
  const t = typeof target === 'number' ? fromDeptSubNum(target) : target;
  return t.sub === 0;
}

/** The department batch is enabled only when the selected rows share one InvType. */
export function departmentBatchEnabled(rows: readonly { InvType: string }[]): boolean {
  return rows.length > 0 && rows.every((r) => r.InvType === rows[0].InvType);
}
