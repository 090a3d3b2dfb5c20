/**
 * The building blocks of every request schema (issue 9, "Bad input never reaches a 500"). Each
 * field is bounded by what the database column and the spec allow, so a value past a 32-bit
 * integer, text with control characters or longer than its column, money past its column or a
 * list longer than the spec allows is a 400 that names the field, never a server error.
 * Path and query values arrive as text, so the number blocks also take their digits as text.
 */
import { z } from 'zod';
import { MESSAGES, msg } from '../messages';
import {
  COST_SCALE,
  MARGIN_SCALE,
  MAX_COST_MINOR,
  MAX_PRICE_CENTS,
  type ParseResult,
  PRICE_SCALE,
  parseMoneyInput,
  toMinor,
} from '../money';
import { DESCRIPTION_MAX } from '../schemas/item';

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;
/** An item ID or UPC as typed: a GTIN-14 or a SKU, or '/' and a UPC-E. */
export const ITEM_ID_MAX = 20;
/** A lookup's display value as a picker sends it ('COREMARK - Core-Mark', '2 - State'). */
export const LOOKUP_TEXT_MAX = 100;
/** Free text that is not stored in a sized column (titles, labels, names). */
export const NAME_MAX = 200;
/** A typed amount, percent or date. */
export const TYPED_VALUE_MAX = 30;
/** Margins typed in a grid: below 100% (a list price exists) and not below -999,999.999%. */
export const MIN_MARGIN_MINOR = -999_999_999n;

/** Rows per request: selected items of a batch, items of a save, rows of a report. */
export const MAX_SELECTED_ITEMS = 50_000;
export const MAX_ITEMS_PER_SAVE = 500;
/** Catalogue lists of one item: item groups, vendors, units of measure, linked items. */
export const MAX_ITEM_GROUPS_PER_ITEM = 20;
export const MAX_LIST_PER_ITEM = 50;
/** The largest search page. */
export const MAX_PAGE_SIZE = 5_000;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Whether a text holds a control character (NUL, escape, line breaks, tab). */
export const hasControlCharacters = (s: string) => CONTROL.test(s);

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Long free text (instructions): line breaks and tabs allowed, other control characters not. */
export function longText(max: number) {
  return z
    .string()
    .max(max, MESSAGES.MAX_LENGTH_EXCEEDED)
    .refine((s) => !CONTROL_BUT_LINES.test(s), MESSAGES.CONTROL_CHARACTERS);
}

/** Text of at most `max` characters, without control characters. */
export function safeText(max: number) {
  return z
    .string()
    .max(max, max === DESCRIPTION_MAX ? MESSAGES.MAX_35_LEN_ERR : MESSAGES.MAX_LENGTH_EXCEEDED)
    .refine((s) => !hasControlCharacters(s), MESSAGES.CONTROL_CHARACTERS);
}

/** Safe text or a finite number (a picker may send an ID as a number), as text. */
export function textOrNumber(max: number) {
  return z.union([safeText(max), z.number().finite()]).transform(String);
}

/** A whole number from `min` to `max` (32-bit by default), sent as a JSON number or as its digits. */
export function int32(min = INT32_MIN, max = INT32_MAX) {
  const range = msg('NUMBER_OUT_OF_RANGE', { min, max });
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^[+-]?\d{1,12}$/, MESSAGES.INVALID_NUMBER),
      ],
      {
        error: MESSAGES.INVALID_NUMBER,
      },
    )
    .transform(Number)
    .pipe(z.number().int(MESSAGES.WHOLE_NUMBER).min(min, range).max(max, range));
}

export const ZoneId = int32(1);
export const SiteId = int32(1);
export const PackSize = int32(1);
export const PageNumber = int32(1);
/** A department and sub as one number: dept x 100 + sub (departments 0-9999). */
export const DeptSubNum = int32(0, 999_999);
/** A min/max quantity: a whole number from 0. */
export const Quantity = int32(0);

/** An item ID as sent: safe text of at most 20 characters (or a number), trimmed and upper-cased. */
export const ItemId = textOrNumber(ITEM_ID_MAX)
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.string().min(1, MESSAGES.REQUIRED));

/** A user name in a path: the guard compares it with the signed-in user. */
export const UserName = safeText(100);

/** A lookup ID sent as a number or as its display text ('2 - State'); blank or null is no value. */
export const LookupKey = z.union([textOrNumber(LOOKUP_TEXT_MAX), z.null()]);

function amount(
  scale: number,
  check: (v: bigint) => ParseResult<bigint>,
  parse: (t: string) => ParseResult<bigint | null> = (t) => parseMoneyInput(t, scale),
) {
  return z
    .union([z.string().max(TYPED_VALUE_MAX, MESSAGES.INVALID_AMOUNT), z.number().finite()], {
      error: MESSAGES.INVALID_AMOUNT,
    })
    .transform((v, ctx) => {
      const t = String(v).trim();
      const r = parse(t);
      const checked = r.ok && r.value !== null ? check(r.value) : r;
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', message: MESSAGES[checked.code] });
        return z.NEVER;
      }
      return t;
    });
}

const within =
  (min: bigint, max: bigint, code: 'PRICE_OUT_OF_RANGE' | 'COST_OUT_OF_RANGE' | 'MARGIN_TOO_HIGH') =>
  (v: bigint): ParseResult<bigint> =>
    v < min || v > max ? { ok: false, code } : { ok: true, value: v };

/** A list price as typed: 2 decimals, within +/-99,999.99 (the POS limit); yields the text. */
export const MoneyList = amount(PRICE_SCALE, within(-MAX_PRICE_CENTS, MAX_PRICE_CENTS, 'PRICE_OUT_OF_RANGE'));
/** A cost as typed: 4 decimals, 0 to what numeric(14,4) holds; yields the text. */
export const MoneyCost = amount(COST_SCALE, within(0n, MAX_COST_MINOR, 'COST_OUT_OF_RANGE'));
/** A margin percent as typed: below 100%; yields the text. */
export const MarginPercent = amount(
  MARGIN_SCALE,
  within(MIN_MARGIN_MINOR, 99_999n, 'MARGIN_TOO_HIGH'),
  (t) => {
    const s = t.endsWith('%') ? t.slice(0, -1).trimEnd() : t;
    if (s === '') return { ok: true, value: null };
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) return { ok: false, code: 'INVALID_NUMBER' };
    return { ok: true, value: toMinor(s, MARGIN_SCALE) };
  },
);
/** A price change as typed: an amount or a percent, at most 99,999.99 either way. */
export const ChangeAmount = amount(
  PRICE_SCALE,
  within(-MAX_PRICE_CENTS, MAX_PRICE_CENTS, 'PRICE_OUT_OF_RANGE'),
  (t) => {
    const s = t.endsWith('%') ? t.slice(0, -1).trimEnd() : t;
    return parseMoneyInput(s, PRICE_SCALE);
  },
);

/** The largest bigint PostgreSQL holds. */
const INT64_MAX = 9_223_372_036_854_775_807n;

/**
 * The optimistic-concurrency key handed out with an item: digits (a bigint) as text or a
 * safe JSON integer; null or absent when the client has none. Yields the digits.
 */
const UPDATE_KEY_TEXT = 'Enter the UpdateKey the item was read with.';
export const UpdateKey = z
  .union(
    [
      z
        .string()
        .trim()
        .regex(/^\d{0,19}$/, UPDATE_KEY_TEXT),
      z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      z.null(),
    ],
    { error: UPDATE_KEY_TEXT },
  )
  .optional()
  .transform((v) => (v == null || v === '' ? null : String(v)))
  .refine((s) => s === null || BigInt(s) <= INT64_MAX, UPDATE_KEY_TEXT);

/** A list of at most `max` rows ('No more than {max} rows at a time.'). */
export function rows<T extends z.ZodType>(row: T, max: number) {
  return z.array(row).max(max, msg('TOO_MANY_ROWS', { max }));
}

/** A date as typed (MM/DD/YYYY, MM-DD-YYYY or ISO); the operation reads it. */
export const DateText = safeText(TYPED_VALUE_MAX);

/** An enum whose unknown values are a 400 that lists the names ('constructor' is not one). */
export function oneOf<const T extends readonly [string, ...string[]]>(names: T) {
  return z.enum(names, { error: msg('UNKNOWN_FIELD_NAME', { names: names.join(', ') }) });
}
