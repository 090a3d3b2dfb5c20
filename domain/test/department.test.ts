import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DepartmentEntry,
  departmentBatchEnabled,
  deptSubNum,
  formatDeptSub,
  inRange,
  isDeptAllowedForType,
  keepSubEnabled,
  moveKeepingSub,
  parseDeptSub,
  parseDeptSubNum,
  resolveExistingDepartment,
  resolveTypedDepartment,
} from '../src/department';

describe('parseDeptSub', () => {
  it.each([
    ['2.01', 'begin', { dept: 2, sub: 1 }],
    ['12', 'begin', { dept: 12, sub: 0 }],
    ['12.00', 'begin', { dept: 12, sub: 0 }],
    ['2.8', 'begin', { dept: 2, sub: 80 }],
    ['2.8', 'end', { dept: 2, sub: 89 }],
    ['2.08', 'end', { dept: 2, sub: 8 }],
    ['2', 'end', { dept: 2, sub: 0 }],
    ['2.', 'begin', { dept: 2, sub: 0 }],
    [' 3.5 ', 'begin', { dept: 3, sub: 50 }],
    ['9999.99', 'begin', { dept: 9999, sub: 99 }],
    ['0', 'begin', { dept: 0, sub: 0 }],
    ['2.001', 'begin', null],
    ['abc', 'begin', null],
    ['-2', 'begin', null],
    ['', 'begin', null],
    ['12345', 'begin', null],
  ] as const)('%j (%s) -> %o', (text, form, expected) => {
    expect(parseDeptSub(text, form)).toEqual(expected);
  });
});

describe('formatDeptSub and deptSubNum', () => {
  it.each([
    [{ dept: 2, sub: 1 }, '2.01'],
    [201, '2.01'],
    [{ dept: 12, sub: 0 }, '12.00'],
    [1200, '12.00'],
    [0, '0.00'],
    [{ dept: 9999, sub: 99 }, '9999.99'],
    [{ dept: 2, sub: 80 }, '2.80'],
  ])('%o -> %s', (d, expected) => {
    expect(formatDeptSub(d)).toBe(expected);
  });

  it('numbers a department as dept * 100 + sub; None is 0', () => {
    expect(deptSubNum(2, 1)).toBe(201);
    expect(deptSubNum(12, 0)).toBe(1200);
    expect(deptSubNum(0, 0)).toBe(0);
  });
});

describe('ranges with blank ends', () => {
  it.each([
    [201, null, null, true],
    [201, 200, null, true],
    [199, 200, null, false],
    [201, null, 300, true],
    [301, null, 300, false],
    [200, 200, 300, true],
    [300, 200, 300, true],
    [250, 300, 200, false],
    [289, parseDeptSubNum('2'), parseDeptSubNum('2.8', 'end'), true],
    [290, parseDeptSubNum('2'), parseDeptSubNum('2.8', 'end'), false],
  ])('%s in [%s, %s] -> %s', (v, begin, end, expected) => {
    expect(inRange(v, begin, end)).toBe(expected);
  });

  it('works on bigint money too', () => {
    expect(inRange(150n, 100n, null)).toBe(true);
    expect(inRange(50n, 100n, null)).toBe(false);
  });
});

describe('Set Department moves', () => {
  it.each([
    [{ dept: 8, sub: 80 }, { dept: 2, sub: 0 }, true, 'I', { dept: 2, sub: 80 }],
    [{ dept: 8, sub: 80 }, { dept: 2, sub: 0 }, false, 'I', { dept: 2, sub: 0 }],
    [{ dept: 8, sub: 80 }, { dept: 2, sub: 0 }, true, 'X', { dept: 2, sub: 0 }],
    [{ dept: 8, sub: 5 }, { dept: 12, sub: 0 }, true, 'S', { dept: 12, sub: 5 }],
    [{ dept: 1, sub: 0 }, { dept: 3, sub: 10 }, false, 'I', { dept: 3, sub: 10 }],
  ])('%o to %o keep=%s type %s -> %o', (current, target, keep, type, expected) => {
    expect(moveKeepingSub(current, target, keep, type)).toEqual(expected);
  });

  it('offers keep only for a department node (sub 00)', () => {
    expect(keepSubEnabled(200)).toBe(true);
    expect(keepSubEnabled(201)).toBe(false);
    expect(keepSubEnabled({ dept: 2, sub: 0 })).toBe(true);
  });

  it('enables the department batch only when the rows share one type', () => {
    expect(departmentBatchEnabled([])).toBe(false);
    expect(departmentBatchEnabled([{ InvType: 'I' }, { InvType: 'I' }])).toBe(true);
    expect(departmentBatchEnabled([{ InvType: 'I' }, { InvType: 'X' }])).toBe(false);
  });
});

const departments: DepartmentEntry[] = [
  { DeptSubNum: 0, DisplayDeptSub: 'None' },
  { DeptSubNum: 201, DisplayDeptSub: '2.01', DeptSubName: 'Candy', ItemTypeName: 'GR' },
  { DeptSubNum: 5000, DisplayDeptSub: '50.00', DeptSubName: 'Supplies', ItemTypeName: 'EX' },
];

describe('typed departments and the EX rule', () => {
  it.each([
    ['X', 'EX', true],
    ['X', 'GR', false],
    ['X', undefined, false],
    ['I', 'EX', true],
    ['I', 'GR', true],
    ['S', null, true],
  ])('type %s in a %s department -> %s', (type, itemTypeName, expected) => {
    expect(isDeptAllowedForType({ ItemTypeName: itemTypeName }, type)).toBe(expected);
  });

  it.each([
    ['2.01', { ok: true, value: { num: 201, existing: departments[1] } }],
    ['candy', { ok: true, value: { num: 201, existing: departments[1] } }],
    ['3.5', { ok: true, value: { num: 350, existing: null } }],
    ['xyz', { ok: false, code: 'INVALID_DEPT' }],
    ['0', { ok: false, code: 'INVALID_DEPT' }],
    ['', { ok: false, code: 'INVALID_DEPT' }],
  ])('Add Item accepts %j -> %o', (text, expected) => {
    expect(resolveTypedDepartment(text, departments)).toEqual(expected);
  });

  it.each([
    ['2.01', 'I', { ok: true, value: departments[1] }],
    ['3.5', 'I', { ok: false, code: 'MUST_BE_EXISTING_DEPT' }],
    ['2.01', 'X', { ok: false, code: 'MUST_BE_EXISTING_DEPT' }],
    ['50', 'X', { ok: true, value: departments[2] }],
    ['None', 'I', { ok: false, code: 'MUST_BE_EXISTING_DEPT' }],
  ])('the Item Adjustment cell %j for type %s -> %o', (text, type, expected) => {
    expect(resolveExistingDepartment(text, departments, type)).toEqual(expected);
  });
});

describe('department properties', () => {
  const d = fc.record({ dept: fc.integer({ min: 0, max: 9999 }), sub: fc.integer({ min: 0, max: 99 }) });

  it('a written DeptSub reads back the same in both forms', () => {
    fc.assert(
      fc.property(d, (x) => {
        const text = formatDeptSub(x);
        const b = parseDeptSub(text);
        const e = parseDeptSub(text, 'end');
        return b?.dept === x.dept && b.sub === x.sub && e?.dept === x.dept && e.sub === x.sub;
      }),
    );
  });

  it('the end form of a typed value never comes before its begin form', () => {
    const typed = fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.stringMatching(/^\d{0,2}$/));
    fc.assert(
      fc.property(typed, ([dept, sub]) => {
        const text = sub === '' ? String(dept) : `${dept}.${sub}`;
        return (parseDeptSubNum(text, 'end') as number) >= (parseDeptSubNum(text) as number);
      }),
    );
  });
});
