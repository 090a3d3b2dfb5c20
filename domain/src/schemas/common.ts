/**
 * Field builders shared by the schemas. Each takes what a form or a JSON body
 * holds (strings, numbers, null) and yields the parsed value, with the
 * catalogue's texts as error messages. The same schema validates the form and
 * the request.
 */
import { z } from 'zod';
import { parseDateInput } from '../dates';
import { MESSAGES, type MessageCode } from '../messages';
import type { ParseResult } from '../money';
import { parseMoneyInput } from '../money';

/** Any text-like input, trimmed; null, undefined and a missing key become ''. */
export const looseText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v == null ? '' : String(v).trim()));

/** A required text (blank -> `code`), optionally with a maximum length. */
export function requiredText(code: MessageCode = 'REQUIRED', max?: { length: number; code: MessageCode }) {
  let s = z.string().min(1, MESSAGES[code]);
  if (max) s = s.max(max.length, MESSAGES[max.code]);
  return looseText.pipe(s);
}

/** An optional text ('' when blank), optionally with a maximum length. */
export function optionalText(max?: { length: number; code: MessageCode }) {
  return max ? looseText.pipe(z.string().max(max.length, MESSAGES[max.code])) : looseText;
}

/** A text read by a domain parser; its error code becomes the issue's message. */
export function parsed<T>(parse: (text: string) => ParseResult<T>) {
  return looseText.transform((t, ctx): T => {
    const r = parse(t);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: MESSAGES[r.code] });
      return z.NEVER;
    }
    return r.value;
  });
}

interface MoneyOptions {
  min?: bigint;
  max?: bigint;
  rangeCode?: MessageCode;
  /** The code when above `max` (else `rangeCode`). */
  maxCode?: MessageCode;
}

function checkRange(v: bigint, o: MoneyOptions): ParseResult<bigint> {
  if (o.min !== undefined && v < o.min) return { ok: false, code: o.rangeCode ?? 'MIN_0' };
  if (o.max !== undefined && v > o.max)
    return { ok: false, code: o.maxCode ?? o.rangeCode ?? 'PRICE_OUT_OF_RANGE' };
  return { ok: true, value: v };
}

/** Optional money at `scale`: blank -> null; garbage -> INVALID_AMOUNT. */
export function optionalMoney(scale: number, o: MoneyOptions = {}) {
  return parsed<bigint | null>((t) => {
    const r = parseMoneyInput(t, scale);
    if (!r.ok || r.value === null) return r;
    return checkRange(r.value, o);
  });
}

/** Required money at `scale`: blank -> `code` ('Required.' unless told). */
export function requiredMoney(scale: number, code: MessageCode = 'REQUIRED', o: MoneyOptions = {}) {
  return parsed<bigint>((t) => {
    const r = parseMoneyInput(t, scale);
    if (!r.ok) return r;
    if (r.value === null) return { ok: false, code };
    return checkRange(r.value, o);
  });
}

/** Parses a whole number; blank -> null. */
export function parseWhole(t: string, min?: number, max?: number): ParseResult<number | null> {
  if (t === '') return { ok: true, value: null };
  if (!/^[+-]?\d+(\.\d*)?$/.test(t)) return { ok: false, code: 'INVALID_NUMBER' };
  if (!/^[+-]?\d+(\.0*)?$/.test(t)) return { ok: false, code: 'WHOLE_NUMBER' };
  const n = Number.parseInt(t, 10);
  // Whole numbers are 32-bit integers in the database.
  if (!Number.isSafeInteger(n) || Math.abs(n) > 2_147_483_647) return { ok: false, code: 'INVALID_NUMBER' };
  if (min !== undefined && n < min) return { ok: false, code: min === 0 ? 'MIN_0' : 'MIN_1' };
  if (max !== undefined && n > max) return { ok: false, code: 'MAX_99' };
  return { ok: true, value: n };
}

/** An optional whole number >= 0 (min/max quantities); blank -> null. */
export const optionalCount = parsed((t) => parseWhole(t, 0));

/** A required date typed as MM/DD/YYYY, MM-DD-YYYY or ISO; yields the ISO date. */
export const requiredDate = parsed<string>((t) => {
  if (t === '') return { ok: false, code: 'REQUIRED' };
  const d = parseDateInput(t);
  return d === null ? { ok: false, code: 'INVALID_DATE' } : { ok: true, value: d };
});

/** An optional date; blank -> null, unreadable -> 'Invalid Date.'. */
export const optionalDate = parsed<string | null>((t) => {
  if (t === '') return { ok: true, value: null };
  const d = parseDateInput(t);
  return d === null ? { ok: false, code: 'INVALID_DATE' } : { ok: true, value: d };
});

/** A required choice (an id from a list, string or number); blank -> 'Required.'. */
export const requiredChoice = requiredText('REQUIRED');

/** Whether the form value passes `schema`, i.e. whether OK / Preview / Submit may be enabled. */
export function canSubmit(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

/** An issue as a field name and message (one per field, the first one). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

const REQUIRED_TEXTS: readonly string[] = [
  MESSAGES.REQUIRED,
  MESSAGES.REQUIRED_FIELD,
  MESSAGES.REQUIRED_35_MAX,
  MESSAGES.AMT_IS_REQD,
];

/**
 * The submit summary (spec part 1 §5 "Submit"): missing required fields give
 * '{field names} is required.' (labels joined by ', '); any other invalid field
 * gives 'Please correct the fields.'. Null when there are no issues.
 */
export function submitSummary(error: z.ZodError, labels: Record<string, string> = {}): string | null {
  const missing: string[] = [];
  let other = false;
  for (const [key, message] of Object.entries(fieldErrors(error))) {
    if (REQUIRED_TEXTS.includes(message)) missing.push(labels[key] ?? key);
    else other = true;
  }
  if (missing.length > 0) return MESSAGES.FIELDS_REQUIRED.replace('{fields}', missing.join(', '));
  return other ? MESSAGES.CORRECT_FIELDS : null;
}
