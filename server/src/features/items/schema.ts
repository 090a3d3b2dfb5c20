/**
 * The item calls' schemas. Route bodies come from the domain (bounded: a malformed body is a 400);
 * the item models inside a save are checked field by field here and by the domain's item schema,
 * so that a refused save lists every problem with the spec's texts.
 */
import { fromMinor, INT32_MAX, MESSAGES, normalizePackSize, parseItemId, toMinor } from '@cpb/domain';
import { z } from 'zod';

/** Route schemas (bounded) live in the domain (itemCalls); the parts of a model the save parses are here. */

const loose = z.union([z.string(), z.number(), z.null()]).optional();

// ---------- the parts of an item model the domain's item schema does not cover ----------

const text = loose.transform((v) => (v == null ? '' : String(v).trim()));
const required = text.pipe(z.string().min(1, MESSAGES.REQUIRED));
/** "COREMARK - Core-Mark" -> "COREMARK"; "2 - State" -> "2". */
export const leadingKey = (s: string) => s.split(' - ')[0].trim();

/** The largest quantity numeric(12,4) holds. */
const MAX_QTY = 99_999_999_9999n;

/** A positive quantity with up to 4 decimals ('24', '0.5'), as canonical text without trailing zeros. */
export function parseQty(t: string): { ok: true; value: string } | { ok: false; message: string } {
  if (t === '') return { ok: false, message: MESSAGES.REQUIRED };
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t)) return { ok: false, message: MESSAGES.INVALID_NUMBER };
  const v = toMinor(t, 4);
  if (v <= 0n) return { ok: false, message: MESSAGES.GREATER_THAN_ZERO };
  if (v > MAX_QTY) return { ok: false, message: MESSAGES.INVALID_NUMBER };
  return { ok: true, value: canonQty(fromMinor(v, 4)) };
}

/** '24.0000' -> '24', '0.5000' -> '0.5' (what PostgreSQL's trim_scale writes). */
export function canonQty(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal;
}

const qty = text.transform((t, ctx) => {
  const r = parseQty(t);
  if (!r.ok) {
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  }
  return r.value;
});
const optionalQty = text.transform((t, ctx) => {
  if (t === '') return null;
  const r = parseQty(t);
  if (!r.ok) {
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  }
  return r.value;
});

const itemId = text.transform((t, ctx) => {
  const r = parseItemId(t);
  if (!r.ok) {
    ctx.addIssue({ code: 'custom', message: MESSAGES[r.code] });
    return z.NEVER;
  }
  return r.value;
});
const packSize = loose.transform((v, ctx) => {
  const r = normalizePackSize(v ?? '');
  if (!r.ok) {
    ctx.addIssue({ code: 'custom', message: MESSAGES[r.code] });
    return z.NEVER;
  }
  return r.value;
});

export const VendorRow = z.object({
  VendorID: required.transform((s) => leadingKey(s).toUpperCase()),
  VendorItem: required,
});

export const UomRow = z.object({
  Unit: required.transform((s) => s.toUpperCase()),
  Qty: qty,
});

export const RecipeRow = z.object({
  ItemID: itemId,
  ItemPkSz: packSize,
  Unit: text.transform((s) => (s === '' ? null : s.toUpperCase())),
  UnitQty: optionalQty,
  Qty: qty,
});

export const MissingUomRow = z.object({
  ItemID: itemId,
  ItemPkSz: packSize,
  Unit: required.transform((s) => s.toUpperCase()),
  Qty: optionalQty,
});

const lookupInt = text.transform((t, ctx) => {
  if (t === '') return null;
  const n = Number(leadingKey(t));
  if (!Number.isSafeInteger(n) || Math.abs(n) > INT32_MAX) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.INVALID_NUMBER });
    return z.NEVER;
  }
  return n;
});

/** Change flags of the spec that force a field to be written even when it equals the value shown. */
export const FORCE_FLAGS = {
  HasDescriptionChanged: ['description'],
  HasReceiptDescriptionChanged: ['receiptDescription'],
  HasDeptSubChanged: ['dept', 'sub'],
  HasPriceChanged: ['unitList'],
  HasCostChanged: ['unitCost'],
  HasTaxGroupChanged: ['taxGroupId'],
  HasRedemptionChanged: ['redemptionId'],
  HasActiveFlagChanged: ['active'],
  HasVendorChanged: ['vendorId'],
} as const;

export const Extras = z.object({
  TaxGroupId: lookupInt,
  CrvID: lookupInt,
  VendorId: text.transform((s) => (s === '' ? null : leadingKey(s).toUpperCase())),
  Vendors: z.array(VendorRow),
  SizeDescs: z.array(UomRow),
  Recipes: z.array(RecipeRow),
  MissingUOMs: z.array(MissingUomRow).nullish(),
  RecipeInstructions: text.transform((s) => (s === '' ? null : s)),
  ...(Object.fromEntries(Object.keys(FORCE_FLAGS).map((k) => [k, z.boolean().nullish()])) as Record<
    keyof typeof FORCE_FLAGS,
    z.ZodOptional<z.ZodNullable<z.ZodBoolean>>
  >),
});
export type ExtrasOutput = z.output<typeof Extras>;
