import { describe, expect, it } from 'vitest';
import { buildMaintenanceRequest, type MaintenanceRequest } from '../../exchange/naxml/naxml';
import { parseNaxml } from '../../exchange/naxml/naxml-read';
import { makeRandom } from '../../seed/prng';
import { applyMaintenance, drift, emptyStore, exportItems, type StoreState } from './store';
import { item } from './test-support';

const now = new Date('2026-11-23T16:00:00Z');
let n = 0;
function apply(state: StoreState, r: Omit<MaintenanceRequest, 'storeNo'>) {
  const doc = parseNaxml(buildMaintenanceRequest({ storeNo: state.siteNo, ...r }));
  return applyMaintenance(state, doc, { file: `ITT${++n}.xml`, sha256: 'x', now });
}

const ids = (s: StoreState) => s.items.map((i) => i.itemId);

describe('applyMaintenance', () => {
  it('adds, changes and deletes items and flags what changed', () => {
    let s = emptyStore(4);
    const a = apply(s, {
      tableAction: 'update',
      items: [item('01111111111'), item('02222222222'), item('4011', { unitList: '0.59' })],
    });
    expect(a.ack).toMatchObject({ storeNo: 4, status: 'applied', records: 3, applied: 3, refused: [] });
    s = exportItems(a.state, { now }).state;
    expect(s.items.every((i) => !i.changed)).toBe(true);

    const b = apply(s, {
      tableAction: 'update',
      items: [
        item('01111111111', { unitList: '1.25' }),
        item('02222222222'),
        item('4011', { deleted: true }),
        item('03333333333', { deleted: true }),
      ],
    });
    expect(b.ack).toMatchObject({ records: 4, applied: 4, refused: [] });
    expect(ids(b.state)).toEqual(['01111111111', '02222222222']);
    expect(b.state.items.map((i) => [i.unitList, i.changed])).toEqual([
      ['1.25', true],
      ['1.00', false],
    ]);
    expect(b.state.deletedSinceExport).toEqual([{ itemId: '4011', packSize: 1 }]);
    expect(b.state.applied.map((x) => x.file)).toEqual([`ITT${n - 1}.xml`, `ITT${n}.xml`]);
  });

  it('accepts any department until MCT arrives, then refuses unknown ones with the reason', () => {
    const a = apply(emptyStore(1), { tableAction: 'update', items: [item('01111111111', { dept: 77 })] });
    expect(a.ack.refused).toEqual([]);
    const b = apply(a.state, {
      tableAction: 'update',
      departments: [{ dept: 1, sub: 0, name: 'GROCERY', active: true, taxGroupId: null }],
      taxLevels: [{ taxGroupId: 2, levelId: 1, rate: '8.25', description: 'STATE' }],
      items: [
        item('02222222222'),
        item('03333333333', { dept: 9, sub: 5 }),
        item('04444444444', { taxGroupId: 3 }),
        item('05555555555', { taxGroupId: 2 }),
      ],
    });
    expect(b.state.departments?.map((d) => d.merchandiseCode)).toEqual([100]);
    // 1 MCT record and 4 ITT records; the department and 2 items applied.
    expect(b.ack).toMatchObject({ records: 5, applied: 3 });
    expect(b.ack.refused).toEqual([
      {
        table: 'ITT',
        action: 'addchange',
        itemId: '03333333333',
        packSize: 1,
        posCode: '033333333330',
        merchandiseCode: 905,
        reason: 'department 905 is not set up at the register',
      },
      expect.objectContaining({
        itemId: '04444444444',
        reason: 'tax strategy 3 is not set up at the register',
      }),
    ]);
    expect(ids(b.state)).toEqual(['01111111111', '02222222222', '05555555555']);
  });

  it('refuses deleting a department items still use, and records the file problems', () => {
    const a = apply(emptyStore(1), {
      tableAction: 'update',
      departments: [
        { dept: 1, sub: 0, name: 'A', active: true, taxGroupId: null },
        { dept: 2, sub: 0, name: 'B', active: true, taxGroupId: null },
      ],
      items: [item('01111111111')],
    });
    const doc = parseNaxml(
      buildMaintenanceRequest({
        storeNo: 1,
        tableAction: 'update',
        items: [item('02222222222', { unitList: 'x' })],
      }),
    );
    doc.departments = {
      tableAction: 'update',
      records: [100, 200].map((mc) => ({
        action: 'delete' as const,
        merchandiseCode: mc,
        dept: mc / 100,
        sub: 0,
        name: '',
        active: true,
        taxGroupId: null,
        problems: [],
      })),
    };
    const b = applyMaintenance(a.state, doc, { file: 'f', sha256: 's', now });
    expect(b.state.departments?.map((d) => d.merchandiseCode)).toEqual([100]);
    expect(b.ack.refused.map((r) => [r.table, r.reason])).toEqual([
      ['MCT', 'department 100 is still used by 1 item(s)'],
      ['ITT', "RegularSellPrice 'x' is not a price"],
    ]);
  });

  it('initialize replaces the whole item list', () => {
    const a = apply(emptyStore(1), {
      tableAction: 'update',
      items: [item('01111111111'), item('02222222222')],
    });
    const b = apply(a.state, {
      tableAction: 'initialize',
      items: [item('02222222222'), item('03333333333')],
    });
    expect(ids(b.state)).toEqual(['02222222222', '03333333333']);
    expect(b.state.deletedSinceExport).toEqual([{ itemId: '01111111111', packSize: 1 }]);
  });
});

describe('exportItems', () => {
  it('exports the full list first, then only changes and deletes, then nothing', () => {
    expect(exportItems(emptyStore(2), { now }).file).toBeNull();
    const a = apply(emptyStore(2), {
      tableAction: 'update',
      items: [item('01111111111'), item('02222222222')],
    });
    const first = exportItems(a.state, { now });
    expect(first.file?.tableAction).toBe('initialize');
    expect(first.file?.items.map((i) => [i.itemId, i.changed])).toEqual([
      ['01111111111', true],
      ['02222222222', true],
    ]);
    expect(first.state).toMatchObject({ exports: 1, lastExportAt: now.toISOString() });
    expect(exportItems(first.state, { now }).file).toBeNull();

    const b = apply(first.state, {
      tableAction: 'update',
      items: [item('01111111111', { description: 'NEW NAME' }), item('02222222222', { deleted: true })],
    });
    const second = exportItems(b.state, { now });
    expect(second.file?.tableAction).toBe('update');
    expect(second.file?.items.map((i) => [i.itemId, i.deleted, i.changed, i.description])).toEqual([
      ['01111111111', false, true, 'NEW NAME'],
      ['02222222222', true, true, ''],
    ]);
    expect(exportItems(second.state, { now }).file).toBeNull();
    const full = exportItems(second.state, { now, full: true });
    expect(full.file?.tableAction).toBe('initialize');
    expect(full.file?.items.map((i) => [i.itemId, i.changed])).toEqual([['01111111111', false]]);
  });
});

describe('drift', () => {
  const base = () =>
    apply(emptyStore(5), {
      tableAction: 'update',
      departments: [
        { dept: 1, sub: 0, name: 'A', active: true, taxGroupId: null },
        { dept: 2, sub: 0, name: 'B', active: true, taxGroupId: null },
      ],
      items: Array.from({ length: 20 }, (_, k) =>
        item(`0${String(k).padStart(10, '0')}`, { unitList: '2.00' }),
      ),
    }).state;

  it('makes N repeatable local changes of every kind', () => {
    const s = exportItems(base(), { now }).state;
    const a = drift(s, 40, makeRandom(42));
    const b = drift(s, 40, makeRandom(42));
    expect(a).toEqual(b);
    expect(a.changes).toHaveLength(40);
    expect(new Set(a.changes.map((c) => c.kind))).toEqual(
      new Set(['price', 'description', 'department', 'new']),
    );
    expect(drift(s, 40, makeRandom(43)).changes).not.toEqual(a.changes);
    const changed = a.state.items.filter((i) => i.changed);
    expect(changed.length).toBeGreaterThan(5);
    for (const i of a.state.items.filter((x) => x.local)) {
      expect(i.itemId).toMatch(/^4\d{10}$/);
      expect([100, 200]).toContain(i.dept * 100 + i.sub);
    }
    for (const c of a.changes.filter((x) => x.kind === 'price')) {
      const it = a.state.items.find((i) => i.itemId === c.itemId);
      expect(it?.unitList).toMatch(/^\d+\.\d9$/);
    }
    // The originals are untouched (pure).
    expect(s.items.every((i) => !i.changed && i.unitList === '2.00')).toBe(true);
    // What drift changed is what the next export sends.
    const ex = exportItems(a.state, { now });
    expect(ex.file?.items.map((i) => i.itemId).sort()).toEqual(changed.map((i) => i.itemId).sort());
  });

  it('starts an empty store with a new local item', () => {
    const d = drift(emptyStore(1), 3, makeRandom(1));
    expect(d.changes).toHaveLength(3);
    expect(d.changes[0].kind).toBe('new');
    expect(d.state.items.length).toBe(d.changes.filter((c) => c.kind === 'new').length);
  });
});
