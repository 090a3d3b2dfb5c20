/**
 * Validation of the item form with the domain's item schema (spec part 1 §5), plus the row
 * lists the schema does not cover (vendors, units of measure, linked items).
 */
import {
  type DepartmentEntry,
  fieldErrors,
  type ItemFormOutput,
  MESSAGES,
  makeItemSchema,
  parseMoneyInput,
  submitSummary,
} from '@cpb/domain';
import type { ItemDraft } from './itemDraft';
import type { RecipeRow, UomRow, VendorRow } from './itemTypes';

export type RowErrors = Record<number, Partial<Record<string, string>>>;

export interface DraftValidation {
  /** The first message of each invalid field, by field name ('UnitList', 'Vendors.0.VendorItem'). */
  errors: Record<string, string>;
  /** '{fields} is required.' or 'Please correct the fields.', null when valid. */
  summary: string | null;
  valid: boolean;
  /** The parsed values (cents, ten-thousandths, DeptSub numbers) when valid. */
  output: ItemFormOutput | null;
}

export interface ValidateOptions {
  /** 'add' requires the UPC (a new item or a clone); 'edit' does not. */
  mode: 'add' | 'edit';
  departments: readonly DepartmentEntry[];
  /** Field name -> visible label, for the submit summary. */
  labels?: Record<string, string>;
  /** A clone without its new ID reads "Please Enter Clone's ID/PkSz" (spec §4 "Cloning"). */
  isClone?: boolean;
}

const QTY_SCALE = 4;

/** A quantity: required, a number greater than zero (4 decimals at most, as the server keeps them). */
export function qtyError(text: string, required = true): string | null {
  if (text.trim() === '') return required ? MESSAGES.REQUIRED : null;
  const r = parseMoneyInput(text, QTY_SCALE);
  if (!r.ok || r.value === null || text.includes('$') || text.includes(',')) return MESSAGES.INVALID_NUMBER;
  return r.value > 0n ? null : MESSAGES.GREATER_THAN_ZERO;
}

const live = <T extends { operation?: string }>(rows: T[]) =>
  rows.map((r, i) => [r, i] as const).filter(([r]) => r.operation !== 'delete');

export function vendorErrors(rows: VendorRow[]): RowErrors {
  const out: RowErrors = {};
  const seen = new Set<string>();
  for (const [r, i] of live(rows)) {
    const e: Record<string, string> = {};
    if (!r.VendorID) e.VendorID = MESSAGES.REQUIRED;
    else if (seen.has(r.VendorID)) e.VendorID = MESSAGES.ALREADY_EXIST;
    if (!r.VendorItem.trim()) e.VendorItem = MESSAGES.REQUIRED;
    seen.add(r.VendorID);
    if (Object.keys(e).length) out[i] = e;
  }
  return out;
}

export function uomErrors(rows: UomRow[]): RowErrors {
  const out: RowErrors = {};
  const seen = new Set<string>();
  for (const [r, i] of live(rows)) {
    const e: Record<string, string> = {};
    if (!r.Unit) e.Unit = MESSAGES.REQUIRED;
    else if (seen.has(r.Unit)) e.Unit = MESSAGES.ALREADY_EXIST;
    const q = qtyError(r.Qty);
    if (q) e.Qty = q;
    seen.add(r.Unit);
    if (Object.keys(e).length) out[i] = e;
  }
  return out;
}

export function recipeErrors(rows: RecipeRow[]): RowErrors {
  const out: RowErrors = {};
  rows.forEach((r, i) => {
    const e: Record<string, string> = {};
    if (r.status === 'Duplicate') e.ItemID = MESSAGES.ALREADY_EXIST;
    const q = qtyError(r.Qty);
    if (q) e.Qty = q;
    const uq = qtyError(r.UnitQty ?? '', false);
    if (uq) e.UnitQty = uq;
    if (Object.keys(e).length) out[i] = e;
  });
  return out;
}

function flatten(prefix: string, rows: RowErrors, into: Record<string, string>) {
  for (const [i, e] of Object.entries(rows)) {
    for (const [f, m] of Object.entries(e)) if (m) into[`${prefix}.${i}.${f}`] = m;
  }
}

/** Validates the whole form (the schema fields and the row lists). */
export function validateDraft(d: ItemDraft, o: ValidateOptions): DraftValidation {
  const parsed = makeItemSchema({ mode: o.mode, departments: o.departments }).safeParse(d);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  let summary = parsed.success ? null : submitSummary(parsed.error, o.labels);
  if (o.isClone && errors.ID === MESSAGES.REQUIRED) {
    errors.ID = MESSAGES.CLONE_ID_REQUIRED;
    summary = MESSAGES.CLONE_ID_REQUIRED;
  }
  const rows: Record<string, string> = {};
  flatten('Vendors', vendorErrors(d.Vendors), rows);
  flatten('SizeDescs', uomErrors(d.SizeDescs), rows);
  flatten('Recipes', recipeErrors(d.Recipes), rows);
  Object.assign(errors, rows);
  if (summary === null && Object.keys(rows).length > 0) summary = MESSAGES.CORRECT_FIELDS;
  const valid = Object.keys(errors).length === 0;
  return { errors, summary, valid, output: valid && parsed.success ? parsed.data : null };
}

/** The errors of the fields whose names start with one of `prefixes` (a section's errors). */
export function sectionErrors(errors: Record<string, string>, prefixes: readonly string[]): string[] {
  return Object.entries(errors)
    .filter(([k]) => prefixes.some((p) => k === p || k.startsWith(`${p}.`)))
    .map(([, m]) => m);
}
