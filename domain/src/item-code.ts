/**
 * Item identity: IDs, UPC-E expansion, check digits, PLUs, pack sizes
 * (FORMATS.md "Item codes", spec part 1 §5 "Item identity").
 */
import type { ParseResult } from './money';

/**
 * The check digit for `digits` (the code without its check digit): weights 3, 1,
 * 3, 1 ... from the rightmost digit; check = (10 - sum mod 10) mod 10. The same
 * for UPC-A, EAN-8, EAN-13 and GTIN-14.
 */
export function checkDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError(`Not a digit string: '${digits}'`);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for an EAN-8, UPC-A (12), EAN-13 or GTIN-14 whose last digit is its check digit. */
export function isValidCheckDigit(code: string): boolean {
  if (!/^\d+$/.test(code) || ![8, 12, 13, 14].includes(code.length)) return false;
  return checkDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48;
}

/**
 * Expands a UPC-E to the 11-digit UPC-A body (number system + 10 digits, no check
 * digit). Accepts 6 digits (number system 0), 7 (number system 0 or 1, then six
 * digits) or 8 (number system, six digits, check digit; the check digit must be
 * that of the expanded UPC-A). Null for anything else.
 * By d6: 0-2 -> N d1 d2 d6 0000 d3 d4 d5; 3 -> N d1 d2 d3 00000 d4 d5;
 * 4 -> N d1 d2 d3 d4 00000 d5; 5-9 -> N d1 d2 d3 d4 d5 0000 d6.
 */
export function expandUpcE(upce: string): string | null {
  if (!/^\d{6,8}$/.test(upce)) return null;
  const ns = upce.length === 6 ? '0' : upce[0];
  if (ns !== '0' && ns !== '1') return null;
  const d = upce.length === 6 ? upce : upce.slice(1, 7);
  const last = d[5];
  let body: string;
  if (last <= '2') body = `${ns}${d.slice(0, 2)}${last}0000${d.slice(2, 5)}`;
  else if (last === '3') body = `${ns}${d.slice(0, 3)}00000${d.slice(3, 5)}`;
  else if (last === '4') body = `${ns}${d.slice(0, 4)}00000${d[4]}`;
  else body = `${ns}${d.slice(0, 5)}0000${last}`;
  if (upce.length === 8 && checkDigit(body) !== Number(upce[7])) return null;
  return body;
}

/** The full 12-digit UPC-A (with check digit) of a UPC-E, or null. */
export function upcAFromUpcE(upce: string): string | null {
  const body = expandUpcE(upce);
  return body === null ? null : `${body}${checkDigit(body)}`;
}

/**
 * Normalises a typed item ID or UPC: trimmed and upper-cased; a leading '/'
 * followed by a UPC-E expands to the 11-digit UPC-A body ('/425261' ->
 * '04210000526'). A '/' entry that is not a valid UPC-E is returned trimmed and
 * upper-cased, so the box keeps what was typed and `parseItemId` reports it.
 */
export function normalizeItemId(text: string): string {
  const t = text.trim().toUpperCase();
  if (!t.startsWith('/')) return t;
  return expandUpcE(t.slice(1).trim()) ?? t;
}

/**
 * Validates a typed item ID: blank is REQUIRED; a '/' entry must be a UPC-E
 * (INVALID_UPCE, or UPC_CHK_DIGIT when its 8th digit is wrong). Returns the
 * normalised ID.
 */
export function parseItemId(text: string): ParseResult<string> {
  const t = text.trim().toUpperCase();
  if (t === '') return { ok: false, code: 'REQUIRED' };
  if (!t.startsWith('/')) return { ok: true, value: t };
  const upce = t.slice(1).trim();
  const body = expandUpcE(upce);
  if (body !== null) return { ok: true, value: body };
  if (/^[01]\d{7}$/.test(upce)) return { ok: false, code: 'UPC_CHK_DIGIT' };
  return { ok: false, code: 'INVALID_UPCE' };
}

/**
 * Validates a typed UPC: normalised like an ID; a code of 8, 12, 13 or 14 digits
 * carries a check digit and must pass it ('Invalid UPC Check Digit'). An
 * 11-digit UPC-A body and other codes (SKUs) pass as they are.
 */
export function parseUpc(text: string): ParseResult<string> {
  const id = parseItemId(text);
  if (!id.ok) return id;
  const v = id.value;
  if (/^\d+$/.test(v) && [8, 12, 13, 14].includes(v.length) && !isValidCheckDigit(v)) {
    return { ok: false, code: 'UPC_CHK_DIGIT' };
  }
  return id;
}

/** A PLU is 5 digits or fewer, with no check digit. */
export function isPlu(id: string): boolean {
  return /^\d{1,5}$/.test(id.trim());
}

export const DEFAULT_PACK_SIZE = 1;

function parsePack(v: string | number | null | undefined, zeroMeansDefault: boolean): ParseResult<number> {
  const t = typeof v === 'number' ? String(v) : (v ?? '').trim();
  if (t === '') return { ok: true, value: DEFAULT_PACK_SIZE };
  if (!/^[+-]?\d+(\.\d*)?$/.test(t)) return { ok: false, code: 'INVALID_NUMBER' };
  if (!/^[+-]?\d+(\.0*)?$/.test(t)) return { ok: false, code: 'WHOLE_NUMBER' };
  const n = Number.parseInt(t, 10);
  // Pack sizes are 32-bit integers in the database.
  if (!Number.isSafeInteger(n) || n > 2_147_483_647) return { ok: false, code: 'INVALID_NUMBER' };
  if (n === 0 && zeroMeansDefault) return { ok: true, value: DEFAULT_PACK_SIZE };
  if (n < 1) return { ok: false, code: 'MIN_1' };
  return { ok: true, value: n };
}

/** Pack size: 1 when empty; otherwise a whole number, minimum 1 ('Enter a minimum of 1.'). */
export function normalizePackSize(v: string | number | null | undefined): ParseResult<number> {
  return parsePack(v, false);
}

/** UPC pack size: 1 when empty or 0; otherwise a whole number, minimum 1. */
export function normalizeUpcPackSize(v: string | number | null | undefined): ParseResult<number> {
  return parsePack(v, true);
}

/** The key of an item: 'ID@pack', as the spec writes idplu and messages. */
export function itemKey(id: string, packSize: number | string): string {
  return `${id}@${packSize}`;
}

/** Splits 'ID@pack' at its last '@'; null when there is none or the pack is not a number. */
export function parseItemKey(key: string): { id: string; packSize: number } | null {
  const at = key.lastIndexOf('@');
  if (at <= 0) return null;
  const pack = normalizePackSize(key.slice(at + 1));
  if (!pack.ok || key.slice(at + 1).trim() === '') return null;
  return { id: key.slice(0, at), packSize: pack.value };
}
