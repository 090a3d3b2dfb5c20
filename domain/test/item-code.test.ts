import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkDigit,
  expandUpcE,
  isPlu,
  isValidCheckDigit,
  itemKey,
  normalizeItemId,
  normalizePackSize,
  normalizeUpcPackSize,
  parseItemId,
  parseItemKey,
  parseUpc,
  upcAFromUpcE,
} from '../src/item-code';

describe('checkDigit (weights 3, 1, 3 ... from the right)', () => {
  it.each([
    ['03600029145', 2, 'UPC-A 036000291452'],
    ['04210000526', 4, 'UPC-A 042100005264'],
    ['12345678901', 2, 'UPC-A 123456789012'],
    ['400638133393', 1, 'EAN-13 4006381333931'],
    ['9638507', 4, 'EAN-8 96385074'],
    ['1001234567890', 2, 'GTIN-14 10012345678902'],
    ['00000000000', 0, 'all zeros'],
    ['1', 7, 'one digit: 3 -> 7'],
    ['99999999999', 3, 'six 9s at weight 3 and five at 1: 207 -> 3'],
    ['01234500005', 8, 'UPC-A of UPC-E 01234558'],
  ])('%s -> %i (%s)', (digits, expected) => {
    expect(checkDigit(digits)).toBe(expected);
  });

  it('refuses non-digits', () => {
    expect(() => checkDigit('12a')).toThrow(RangeError);
  });
});

describe('isValidCheckDigit', () => {
  it.each([
    ['036000291452', true],
    ['036000291453', false],
    ['4006381333931', true],
    ['4006381333932', false],
    ['96385074', true],
    ['96385075', false],
    ['10012345678902', true],
    ['10012345678903', false],
    ['042100005264', true],
    ['03600029145', false], // 11 digits carry no check digit
    ['ABCDEFGHIJKL', false],
    ['', false],
  ])('%j -> %s', (code, expected) => {
    expect(isValidCheckDigit(code)).toBe(expected);
  });
});

describe('expandUpcE (FORMATS.md)', () => {
  it.each([
    ['425261', '04210000526', '6 digits: number system 0; d6 1'],
    ['04252614', '04210000526', '8 digits with its check digit'],
    ['0425261', '04210000526', '7 digits: NS + six'],
    ['1425261', '14210000526', 'number system 1'],
    ['123450', '01200000345', 'd6 0: N d1 d2 d6 0000 d3 d4 d5'],
    ['123452', '01220000345', 'd6 2'],
    ['123453', '01230000045', 'd6 3: N d1 d2 d3 00000 d4 d5'],
    ['123454', '01234000005', 'd6 4: N d1 d2 d3 d4 00000 d5'],
    ['123455', '01234500005', 'd6 5: N d1 d2 d3 d4 d5 0000 d6'],
    ['123459', '01234500009', 'd6 9'],
    ['01234558', '01234500005', '8 digits, check 8'],
  ])('%s -> %s (%s)', (upce, expected) => {
    expect(expandUpcE(upce)).toBe(expected);
  });

  it.each(['04252615', '2425261', '12345', 'abcdef', '123456789', ''])('%j is not a UPC-E', (upce) => {
    expect(expandUpcE(upce)).toBeNull();
  });

  it('gives the full UPC-A with its check digit', () => {
    expect(upcAFromUpcE('425261')).toBe('042100005264');
    expect(upcAFromUpcE('x')).toBeNull();
  });
});

describe('normalizeItemId and parseItemId', () => {
  it.each([
    [' abc ', 'ABC'],
    ['/425261', '04210000526'],
    [' /04252614 ', '04210000526'],
    ['/ 425261', '04210000526'],
    ['/04252615', '/04252615'],
    ['/12', '/12'],
    ['x/1', 'X/1'],
    ['12345', '12345'],
    ['', ''],
    ['pLu7', 'PLU7'],
  ])('%j -> %j', (text, expected) => {
    expect(normalizeItemId(text)).toBe(expected);
  });

  it.each([
    ['', { ok: false, code: 'REQUIRED' }],
    ['/04252615', { ok: false, code: 'UPC_CHK_DIGIT' }],
    ['/12', { ok: false, code: 'INVALID_UPCE' }],
    ['abc', { ok: true, value: 'ABC' }],
    ['/425261', { ok: true, value: '04210000526' }],
  ])('parseItemId(%j) -> %o', (text, expected) => {
    expect(parseItemId(text)).toEqual(expected);
  });

  it.each([
    ['036000291452', { ok: true, value: '036000291452' }],
    ['036000291453', { ok: false, code: 'UPC_CHK_DIGIT' }],
    ['03600029145', { ok: true, value: '03600029145' }],
    ['96385074', { ok: true, value: '96385074' }],
    ['96385075', { ok: false, code: 'UPC_CHK_DIGIT' }],
    ['sku-1', { ok: true, value: 'SKU-1' }],
    ['/425261', { ok: true, value: '04210000526' }],
  ])('parseUpc(%j) -> %o', (text, expected) => {
    expect(parseUpc(text)).toEqual(expected);
  });
});

describe('PLUs, pack sizes and keys', () => {
  it.each([
    ['1', true],
    ['12345', true],
    ['00042', true],
    ['123456', false],
    ['', false],
    ['A1', false],
  ])('isPlu(%j) -> %s', (id, expected) => {
    expect(isPlu(id)).toBe(expected);
  });

  it.each([
    ['', { ok: true, value: 1 }],
    [null, { ok: true, value: 1 }],
    [undefined, { ok: true, value: 1 }],
    ['2', { ok: true, value: 2 }],
    [3, { ok: true, value: 3 }],
    [' 12 ', { ok: true, value: 12 }],
    ['2.0', { ok: true, value: 2 }],
    ['0', { ok: false, code: 'MIN_1' }],
    [0, { ok: false, code: 'MIN_1' }],
    ['-1', { ok: false, code: 'MIN_1' }],
    ['1.5', { ok: false, code: 'WHOLE_NUMBER' }],
    ['abc', { ok: false, code: 'INVALID_NUMBER' }],
  ])('normalizePackSize(%j) -> %o', (v, expected) => {
    expect(normalizePackSize(v)).toEqual(expected);
  });

  it.each([
    ['', { ok: true, value: 1 }],
    ['0', { ok: true, value: 1 }],
    [0, { ok: true, value: 1 }],
    ['6', { ok: true, value: 6 }],
    ['-2', { ok: false, code: 'MIN_1' }],
  ])('normalizeUpcPackSize(%j) -> %o', (v, expected) => {
    expect(normalizeUpcPackSize(v)).toEqual(expected);
  });

  it.each([
    ['ABC@2', { id: 'ABC', packSize: 2 }],
    ['A@B@3', { id: 'A@B', packSize: 3 }],
    ['ABC', null],
    ['@2', null],
    ['ABC@', null],
    ['ABC@x', null],
  ])('parseItemKey(%j) -> %o', (key, expected) => {
    expect(parseItemKey(key)).toEqual(expected);
  });

  it('writes ID@pack', () => {
    expect(itemKey('04210000526', 1)).toBe('04210000526@1');
  });
});

describe('item code properties', () => {
  const six = fc.stringMatching(/^\d{6}$/);
  const ns = fc.constantFrom('0', '1');

  it('UPC-E expands to an 11-digit body whose UPC-A check digit validates', () => {
    fc.assert(
      fc.property(ns, six, (n, s) => {
        const body = expandUpcE(`${n}${s}`);
        return body !== null && /^\d{11}$/.test(body) && isValidCheckDigit(`${body}${checkDigit(body)}`);
      }),
    );
  });

  it('the 8-digit form with that check digit expands the same; any other check digit is refused', () => {
    fc.assert(
      fc.property(ns, six, fc.integer({ min: 1, max: 9 }), (n, s, shift) => {
        const body = expandUpcE(`${n}${s}`) as string;
        const c = checkDigit(body);
        return expandUpcE(`${n}${s}${c}`) === body && expandUpcE(`${n}${s}${(c + shift) % 10}`) === null;
      }),
    );
  });

  it('a check digit catches every single-digit error', () => {
    const code = fc.constantFrom(7, 11, 12, 13).chain((n) => fc.stringMatching(new RegExp(`^\\d{${n}}$`)));
    fc.assert(
      fc.property(code, fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, shift) => {
        const full = `${body}${checkDigit(body)}`;
        const i = at % full.length;
        const wrong = `${full.slice(0, i)}${(Number(full[i]) + shift) % 10}${full.slice(i + 1)}`;
        return isValidCheckDigit(full) && !isValidCheckDigit(wrong);
      }),
    );
  });
});
