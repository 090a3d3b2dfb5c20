import { describe, expect, it } from 'vitest';
import {
  ChangeAmount,
  CriteriaBody,
  LookupId,
  MarginPercent,
  MoneyCost,
  MoneyList,
  MostCommonQuery,
  PackSize,
  safeText,
  UpdateKey,
  ZoneId,
} from '../src';

const ok = (schema: { safeParse(v: unknown): { success: boolean; data?: unknown } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? r.data : 'refused';
};
const message = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  v: unknown,
) => schema.safeParse(v).error?.issues[0].message;

describe('32-bit integers (ZoneId, PackSize)', () => {
  it.each([
    [1, 1],
    ['12', 12],
    [' 7 ', 7],
    [2_147_483_647, 2_147_483_647],
    [2_147_483_648, 'refused'],
    ['4294967297', 'refused'],
    [0, 'refused'],
    [1.5, 'refused'],
    ['1e3', 'refused'],
    ['abc', 'refused'],
    [true, 'refused'],
    [null, 'refused'],
  ])('ZoneId %j -> %j', (input, out) => expect(ok(ZoneId, input)).toBe(out));

  it('names the range when out of it', () => {
    expect(message(PackSize, 2 ** 40)).toBe('Enter a number from 1 to 2147483647.');
  });
});

describe('money', () => {
  it.each([
    ['1.99', '1.99'],
    [1.5, '1.5'],
    ['$1,234.50', '$1,234.50'],
    ['99999.99', '99999.99'],
    ['-99999.99', '-99999.99'],
    ['', ''],
    ['100000.00', 'refused'],
    ['9007199254740993.00', 'refused'],
    ['1e5', 'refused'],
    ['12abc', 'refused'],
    [{}, 'refused'],
  ])('MoneyList %j -> %j', (input, out) => expect(ok(MoneyList, input)).toBe(out));

  it('refuses a list price past the POS limit with the price range text', () => {
    expect(message(MoneyList, '100000')).toBe('The price must be between -99,999.99 and 99,999.99.');
  });

  it.each([
    ['1.2345', '1.2345'],
    ['9999999999.9999', '9999999999.9999'],
    ['10000000000', 'refused'],
    ['-0.0001', 'refused'],
  ])('MoneyCost %j -> %j', (input, out) => expect(ok(MoneyCost, input)).toBe(out));

  it.each([
    ['33.333', '33.333'],
    ['25%', '25%'],
    ['-50', '-50'],
    ['99.999', '99.999'],
    ['100', 'refused'],
    ['1e400', 'refused'],
    ['-1000000', 'refused'],
  ])('MarginPercent %j -> %j', (input, out) => expect(ok(MarginPercent, input)).toBe(out));

  it.each([
    ['10', '10'],
    ['-5.00', '-5.00'],
    ['12.5%', '12.5%'],
    [2 ** 55, 'refused'],
  ])('ChangeAmount %j -> %j', (input, out) => expect(ok(ChangeAmount, input)).toBe(out));
});

describe('UpdateKey', () => {
  it.each([
    ['42', '42'],
    [42, '42'],
    ['', null],
    [null, null],
    [undefined, null],
    ['9223372036854775807', '9223372036854775807'],
    ['9223372036854775808', 'refused'],
    ['abc', 'refused'],
    ['-1', 'refused'],
    [{ a: 1 }, 'refused'],
  ])('%j -> %j', (input, out) => expect(ok(UpdateKey, input)).toBe(out));
});

describe('text', () => {
  it('refuses control characters and over-long text', () => {
    expect(ok(safeText(10), 'COKE 20OZ')).toBe('COKE 20OZ');
    expect(message(safeText(10), 'CO\u0000KE')).toBe('Enter text without control characters.');
    expect(message(safeText(35), 'x'.repeat(36))).toBe('Please enter no more 35 characters');
    expect(message(safeText(10), 'x'.repeat(11))).toBe('Max Length Exceeded');
  });

  it('holds a description criterion to what a description can be', () => {
    expect(ok(CriteriaBody, { ItemDesc: 'x'.repeat(35) })).toEqual({ ItemDesc: 'x'.repeat(35) });
    expect(ok(CriteriaBody, { ItemDesc: 'x'.repeat(36) })).toBe('refused');
  });
});

describe('lookups and field names', () => {
  it.each([
    [2, 2],
    ['2 - State', 2],
    ['', null],
    [null, null],
    ['State', 'refused'],
    [2 ** 53 + 2, 'refused'],
  ])('LookupId %j -> %j', (input, out) => expect(ok(LookupId, input)).toBe(out));

  it('takes only the real field names', () => {
    const q = { ZoneSetupID: '1', ID: '9001', PS: '1' };
    expect(ok(MostCommonQuery, { ...q, FieldName: 'UnitList' })).toMatchObject({ FieldName: 'UnitList' });
    expect(ok(MostCommonQuery, { ...q, FieldName: 'constructor' })).toBe('refused');
    expect(ok(MostCommonQuery, { ...q, FieldName: '__proto__' })).toBe('refused');
  });
});
