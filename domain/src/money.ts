/**
 * Exact money. Every amount is a `bigint` in minor units of a fixed scale:
 * list prices in cents (scale 2), costs in ten-thousandths (scale 4), margins in
 * thousandths of a percent (scale 3). No amount ever passes through a binary
 * floating-point number.
 */
import type { MessageCode } from './messages';

export const PRICE_SCALE = 2;
export const COST_SCALE = 4;
export const MARGIN_SCALE = 3;

/** The largest list price a POS register takes: 99999.99, in cents. */
export const MAX_PRICE_CENTS = 9_999_999n;

/** The largest cost numeric(14,4) holds, in ten-thousandths (9,999,999,999.9999). */
export const MAX_COST_MINOR = 99_999_999_999_999n;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; code: MessageCode };

/** 10 to the power `n` as a bigint. */
export function pow10(n: number): bigint {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Bad scale ${n}`);
  return 10n ** BigInt(n);
}

/** `n / d` rounded to an integer, halves away from zero. `d` must not be 0. */
export function divRound(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('Division by zero');
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (ad * 2n);
  return negative ? -q : q;
}

/** Re-expresses `v` from `fromScale` digits to `toScale` digits, halves away from zero. */
export function roundToScale(v: bigint, fromScale: number, toScale: number): bigint {
  if (toScale >= fromScale) return v * pow10(toScale - fromScale);
  return divRound(v, pow10(fromScale - toScale));
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Digits of a plain decimal as minor units of `scale`, or null if it is not one. */
function decimalToMinor(text: string, scale: number): bigint | null {
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const [, sign, whole = '', frac = ''] = m;
  if (whole === '' && frac === '') return null;
  const digits = BigInt(`${whole || '0'}${frac}`);
  const value = roundToScale(digits, frac.length, scale);
  return sign === '-' ? -value : value;
}

/**
 * Converts a decimal string (as PostgreSQL `numeric` returns it: `-12.3400`) to
 * minor units of `scale`. More digits than `scale` round half away from zero.
 * Throws a RangeError on anything that is not a plain decimal.
 */
export function toMinor(decimal: string, scale: number): bigint {
  const v = decimalToMinor(decimal.trim(), scale);
  if (v === null) throw new RangeError(`Not a decimal number: '${decimal}'`);
  return v;
}

/** Writes minor units of `scale` as a plain decimal string: 150n, 2 -> '1.50'. */
export function fromMinor(v: bigint, scale: number): string {
  const sign = v < 0n ? '-' : '';
  const digits = (v < 0n ? -v : v).toString().padStart(scale + 1, '0');
  if (scale === 0) return `${sign}${digits}`;
  const cut = digits.length - scale;
  return `${sign}${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

const MONEY_INPUT = /^([+-]?)\s*\$?\s*([+-]?)\s*([\d,]*(?:\.\d*)?)$/;
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * Parses money as a user types it: `1.5`, `$1.50`, `-0.10`, `-$2`, `$-2`, ` 2 `,
 * `1,234.50`. A blank box is `null` (no value). Commas must group thousands.
 * More decimals than `scale` are rounded half away from zero. Anything else is
 * INVALID_AMOUNT.
 */
export function parseMoneyInput(text: string, scale: number): ParseResult<bigint | null> {
  const t = text.trim();
  if (t === '') return { ok: true, value: null };
  const m = MONEY_INPUT.exec(t);
  if (!m) return invalid();
  const [, before = '', after = '', number = ''] = m;
  if (before !== '' && after !== '') return invalid();
  if (number.includes(',') && !GROUPED.test(number)) return invalid();
  const v = decimalToMinor(number.replaceAll(',', ''), scale);
  if (v === null) return invalid();
  return { ok: true, value: before === '-' || after === '-' ? -v : v };
}

function invalid(): { ok: false; code: 'INVALID_AMOUNT' } {
  return { ok: false, code: 'INVALID_AMOUNT' };
}

/**
 * Formats minor units as currency in `locale`: 123450n, 2 -> '$1,234.50',
 * -10n, 2 -> '-$0.10'. Exact: the digits never pass through a float; Intl only
 * supplies the locale's symbols, grouping and sign pattern.
 */
export function formatCurrency(v: bigint, scale: number, locale = 'en-US', currency = 'USD'): string {
  const negative = v < 0n;
  const abs = negative ? -v : v;
  const whole = abs / pow10(scale);
  const frac = fromMinor(abs, scale).split('.')[1] ?? '';
  const pattern = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: scale,
    maximumFractionDigits: scale,
  }).formatToParts(negative ? -1 : 1);
  const grouped = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(whole);
  return pattern
    .map((p) => (p.type === 'integer' ? grouped : p.type === 'fraction' ? frac : p.value))
    .join('');
}

/** Formats minor units as a plain number in `locale`: 33333n, 3 -> '33.333'. */
export function formatDecimal(v: bigint, scale: number, locale = 'en-US'): string {
  const negative = v < 0n;
  const abs = negative ? -v : v;
  const pattern = new Intl.NumberFormat(locale, {
    minimumFractionDigits: scale,
    maximumFractionDigits: scale,
  }).formatToParts(negative ? -1 : 1);
  const grouped = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(abs / pow10(scale));
  const frac = fromMinor(abs, scale).split('.')[1] ?? '';
  return pattern
    .map((p) => (p.type === 'integer' ? grouped : p.type === 'fraction' ? frac : p.value))
    .join('');
}

/** Formats a count in `locale` grouping: 12345 -> '12,345'. */
export function formatNumber(n: number | bigint, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
}

/** True when `cents` is a list price a POS register takes (|price| <= 99999.99). */
export function isPosPrice(cents: bigint): boolean {
  return cents <= MAX_PRICE_CENTS && cents >= -MAX_PRICE_CENTS;
}
