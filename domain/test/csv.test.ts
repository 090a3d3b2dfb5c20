import { describe, expect, it } from 'vitest';
import { csvSafeCell } from '../src/csv';

describe('csvSafeCell: CSV exports defuse formulas', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['=HYPERLINK("http://x.invalid","click")', '\'=HYPERLINK("http://x.invalid","click")'],
    ['+cmd|" /C calc"!A0', '\'+cmd|" /C calc"!A0'],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['+', "'+"],
    ['-', "'-"],
    [' =SUM(A1)', "' =SUM(A1)"],
    ['\n=1+1', "'\n=1+1"],
    ['  \n +cmd', "'  \n +cmd"],
    ['\u00a0@SUM(A1)', "'\u00a0@SUM(A1)"],
    [' -2+3', "' -2+3"],
  ])('%j is written as text: %j', (cell, written) => {
    expect(csvSafeCell(cell)).toBe(written);
  });

  it.each([
    ['COKE 12OZ CAN', 'COKE 12OZ CAN'],
    ['a=b', 'a=b'],
    ['04900000044', '04900000044'],
    ['-1.50', '-1.50'],
    ['+3', '+3'],
    ['-.5', '-.5'],
    [' -1.50', ' -1.50'],
    [' COKE', ' COKE'],
    ['', ''],
  ])('%j stays as it is', (cell, written) => {
    expect(csvSafeCell(cell)).toBe(written);
  });

  it('writes null, undefined and numbers as text', () => {
    expect(csvSafeCell(null)).toBe('');
    expect(csvSafeCell(undefined)).toBe('');
    expect(csvSafeCell(-4.25)).toBe('-4.25');
    expect(csvSafeCell(true)).toBe('true');
  });
});
