/**
 * The simulated store, as pure functions over its state (docs/store-sim.md): apply a NAXML
 * maintenance request (add/change/delete, refusing what a register would refuse), make local
 * "drift" changes from the seed's generator (server/src/seed/prng.ts), and export the item file (full list the first
 * time, then the records changed since the previous export).
 */
import {
  deptSubNum,
  divRound,
  fromDeptSubNum,
  fromMinor,
  PRICE_SCALE,
  RoundType,
  roundPrice,
  type StoreItemValues,
  toMinor,
} from '@cpb/domain';
import type { NaxmlDepartment, NaxmlItem } from '../../exchange/naxml/naxml';
import type { ParsedNaxml } from '../../exchange/naxml/naxml-read';
import type {
  AckRefusal,
  MaintenanceAck,
  StoreFileItem,
  StoreItemFile,
} from '../../exchange/naxml/store-files';
import type { Random } from '../../seed/prng';

export interface StoreItem extends StoreItemValues {
  active: boolean;
  invType: string;
  /** Changed at the store since its previous export (by head office's files or locally). */
  changed: boolean;
  /** Created at the store (drift), not by head office. */
  local: boolean;
}

type ItemValues = Omit<StoreItem, 'changed' | 'local'>;

/** The values a store keeps of an item, copied from a record or a stored item. */
const itemValues = (i: ItemValues): ItemValues => ({
  itemId: i.itemId,
  packSize: i.packSize,
  description: i.description,
  receiptDescription: i.receiptDescription,
  dept: i.dept,
  sub: i.sub,
  unitList: i.unitList,
  active: i.active,
  taxGroupId: i.taxGroupId,
  invType: i.invType,
});

export interface StoreDepartment {
  merchandiseCode: number;
  name: string;
  active: boolean;
  taxGroupId: number | null;
}

export interface AppliedFile {
  file: string;
  sha256: string;
  /** The acknowledgement, kept until it is written (a crash between the two writes it on the next run). */
  pendingAck: string | null;
  ackFile: string | null;
}

export interface StoreState {
  format: 'cpb-store-sim/1';
  siteNo: number;
  items: StoreItem[];
  /** Departments the register knows from MCT records; null = never received MCT, any department is accepted. */
  departments: StoreDepartment[] | null;
  /** Tax strategies known from TST records; null = never received, any is accepted. */
  taxGroups: number[] | null;
  /** Items deleted since the previous export (sent as delete records in the next `update`). */
  deletedSinceExport: { itemId: string; packSize: number }[];
  exports: number;
  lastExportAt: string | null;
  /** The last maintenance files applied (newest last, at most 200). */
  applied: AppliedFile[];
  /** Vendor invoices made so far (numbers invoices); absent in older files. */
  invoicesMade?: number;
}

export const emptyStore = (siteNo: number): StoreState => ({
  format: 'cpb-store-sim/1',
  siteNo,
  items: [],
  departments: null,
  taxGroups: null,
  deletedSinceExport: [],
  exports: 0,
  lastExportAt: null,
  applied: [],
});

export const itemKey = (itemId: string, packSize: number) => `${itemId}|${packSize}`;
const byKey = (a: StoreItem, b: StoreItem) =>
  a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : a.packSize - b.packSize;

const VALUE_FIELDS = [
  'description',
  'receiptDescription',
  'dept',
  'sub',
  'unitList',
  'active',
  'taxGroupId',
  'invType',
] as const;

const sameValues = (a: StoreItem, b: Omit<StoreItem, 'changed' | 'local'>) =>
  VALUE_FIELDS.every((f) => a[f] === b[f]);

/** Applies one parsed maintenance request: MCT and TST first, then ITT. Returns the new state and its acknowledgement. */
export function applyMaintenance(
  state: StoreState,
  doc: ParsedNaxml,
  ctx: { file: string; sha256: string; now: Date },
): { state: StoreState; ack: MaintenanceAck } {
  const refused: AckRefusal[] = [];
  let records = 0;
  let applied = 0;
  const items = new Map(state.items.map((i) => [itemKey(i.itemId, i.packSize), { ...i }]));
  const deleted = new Map(state.deletedSinceExport.map((d) => [itemKey(d.itemId, d.packSize), d]));

  let departments = state.departments;
  if (doc.departments) {
    const depts = new Map(
      (doc.departments.tableAction === 'initialize' ? [] : (departments ?? [])).map((d) => [
        d.merchandiseCode,
        d,
      ]),
    );
    for (const r of doc.departments.records) {
      records++;
      const refuse = (reason: string) =>
        refused.push({
          table: 'MCT',
          action: r.action,
          itemId: null,
          packSize: null,
          posCode: null,
          merchandiseCode: r.merchandiseCode,
          reason,
        });
      if (r.problems.length) refuse(r.problems.join('; '));
      else if (r.action === 'delete') {
        const users = [...items.values()].filter(
          (i) => deptSubNum(i.dept, i.sub) === r.merchandiseCode,
        ).length;
        if (users) refuse(`department ${r.merchandiseCode} is still used by ${users} item(s)`);
        else {
          depts.delete(r.merchandiseCode);
          applied++;
        }
      } else {
        depts.set(r.merchandiseCode, {
          merchandiseCode: r.merchandiseCode,
          name: r.name,
          active: r.active,
          taxGroupId: r.taxGroupId,
        });
        applied++;
      }
    }
    departments = [...depts.values()].sort((a, b) => a.merchandiseCode - b.merchandiseCode);
  }

  let taxGroups = state.taxGroups;
  if (doc.taxStrategies) {
    const known = new Set(doc.taxStrategies.tableAction === 'initialize' ? [] : (taxGroups ?? []));
    for (const t of doc.taxStrategies.records) known.add(t.taxGroupId);
    taxGroups = [...known].sort((a, b) => a - b);
  }

  if (doc.items) {
    const knownDepts = departments ? new Set(departments.map((d) => d.merchandiseCode)) : null;
    const knownTax = taxGroups ? new Set(taxGroups) : null;
    const seen = new Set<string>();
    for (const r of doc.items.records) {
      records++;
      const i = r.item;
      const key = itemKey(i.itemId, i.packSize);
      seen.add(key);
      const refuse = (reason: string) =>
        refused.push({
          table: 'ITT',
          action: r.action,
          itemId: i.itemId,
          packSize: i.packSize,
          posCode: r.posCode,
          merchandiseCode: r.merchandiseCode,
          reason,
        });
      if (r.problems.length) {
        refuse(r.problems.join('; '));
        continue;
      }
      if (r.action === 'delete') {
        // Deleting an item the register does not have leaves it as asked: applied.
        if (items.delete(key)) deleted.set(key, { itemId: i.itemId, packSize: i.packSize });
        applied++;
        continue;
      }
      const mc = r.merchandiseCode ?? 0;
      if (knownDepts && !knownDepts.has(mc)) {
        refuse(`department ${mc} is not set up at the register`);
        continue;
      }
      if (knownTax && i.taxGroupId !== null && !knownTax.has(i.taxGroupId)) {
        refuse(`tax strategy ${i.taxGroupId} is not set up at the register`);
        continue;
      }
      const next = itemValues(i);
      const old = items.get(key);
      if (!old || !sameValues(old, next)) items.set(key, { ...next, changed: true, local: false });
      else old.local = false;
      deleted.delete(key);
      applied++;
    }
    if (doc.items.tableAction === 'initialize') {
      // A full reload: what the file does not name leaves the register.
      for (const [key, it] of items) {
        if (!seen.has(key)) {
          items.delete(key);
          deleted.set(key, { itemId: it.itemId, packSize: it.packSize });
        }
      }
    }
  }

  return {
    state: {
      ...state,
      items: [...items.values()].sort(byKey),
      departments,
      taxGroups,
      deletedSinceExport: [...deleted.values()],
      applied: [
        ...state.applied,
        { file: ctx.file, sha256: ctx.sha256, pendingAck: null, ackFile: null },
      ].slice(-200),
    },
    ack: {
      storeNo: state.siteNo,
      file: ctx.file,
      sha256: ctx.sha256,
      status: 'applied',
      processedAt: ctx.now.toISOString(),
      error: null,
      records,
      applied,
      refused,
    },
  };
}

/**
 * The item file to export, or null when nothing changed since the previous export. The first
 * export (or `full`) is `initialize` with every item; later ones are `update` with the changed
 * items and delete records for items removed since. The returned state has the flags cleared. A
 * store that never held an item exports nothing.
 */
export function exportItems(
  state: StoreState,
  o: { full?: boolean; now: Date },
): { file: StoreItemFile | null; state: StoreState } {
  const first = state.exports === 0;
  const toFile = (i: StoreItem): StoreFileItem => ({
    ...itemValues(i),
    deleted: false,
    changed: first || i.changed,
  });
  let file: StoreItemFile | null;
  if (first && !state.items.length) {
    // A store never loaded has no item file yet; an empty full list would read as "the store has no items".
    file = null;
  } else if (first || o.full) {
    file = { storeNo: state.siteNo, tableAction: 'initialize', items: state.items.map(toFile) };
  } else {
    const items = [
      ...state.items.filter((i) => i.changed).map(toFile),
      ...state.deletedSinceExport.map(
        (d): StoreFileItem => ({
          itemId: d.itemId,
          packSize: d.packSize,
          deleted: true,
          description: '',
          receiptDescription: null,
          dept: 0,
          sub: 0,
          unitList: '',
          active: false,
          taxGroupId: null,
          invType: '',
          changed: true,
        }),
      ),
    ];
    file = items.length ? { storeNo: state.siteNo, tableAction: 'update', items } : null;
  }
  if (!file) return { file, state };
  return {
    file,
    state: {
      ...state,
      items: state.items.map((i) => (i.changed ? { ...i, changed: false } : i)),
      deletedSinceExport: [],
      exports: state.exports + 1,
      lastExportAt: o.now.toISOString(),
    },
  };
}

/**
 * A drifted list price: `cents` 5% to 25% up or down (in hundredths of a percent), rounded the
 * way stores price (last digit 9, the domain's rounding), never under 0.09 and never the same.
 */
function driftPrice(cents: bigint, random: Random): bigint {
  const change = divRound(cents * BigInt(random.int(500, 2500)), 10_000n);
  const moved = random.next() < 0.5 ? cents - change : cents + change;
  const next = roundPrice(moved < 10n ? 10n : moved, RoundType.Last9);
  return next === cents ? next + 10n : next;
}

export interface DriftChange {
  kind: 'price' | 'description' | 'department' | 'new';
  itemId: string;
  packSize: number;
}

/**
 * `n` local changes a real store makes: price changes, description edits, department moves and
 * new local items (11-digit IDs starting with 4, the in-store number system). Repeatable for a
 * given seed of `random` (`makeRandom(seed)`).
 */
export function drift(
  state: StoreState,
  n: number,
  random: Random,
): { state: StoreState; changes: DriftChange[] } {
  const items = state.items.map((i) => ({ ...i }));
  const changes: DriftChange[] = [];
  const depts = (
    state.departments
      ? state.departments.filter((d) => d.active).map((d) => d.merchandiseCode)
      : [...new Set(items.map((i) => deptSubNum(i.dept, i.sub)))]
  ).sort((a, b) => a - b);
  const ids = new Set(items.map((i) => itemKey(i.itemId, i.packSize)));
  for (let k = 0; k < n; k++) {
    const roll = random.next();
    let kind: DriftChange['kind'] =
      roll < 0.4 ? 'price' : roll < 0.6 ? 'description' : roll < 0.8 ? 'department' : 'new';
    if (!items.length) kind = 'new';
    if (kind === 'department' && depts.length < 2) kind = 'price';
    if (kind === 'new') {
      let id: string;
      do {
        let body = '4';
        for (let d = 0; d < 10; d++) body += String(random.int(0, 9));
        id = body;
      } while (ids.has(itemKey(id, 1)));
      ids.add(itemKey(id, 1));
      const mc = depts.length ? random.pick(depts) : 100;
      const like = items.length ? random.pick(items) : null;
      items.push({
        itemId: id,
        packSize: 1,
        description: `LOCAL ITEM ${id.slice(-4)}`,
        receiptDescription: null,
        ...fromDeptSubNum(mc),
        // 0.99 to 19.99
        unitList: fromMinor(99n + BigInt(random.int(0, 19)) * 100n, PRICE_SCALE),
        active: true,
        taxGroupId: like?.taxGroupId ?? null,
        invType: like?.invType ?? 'I',
        changed: true,
        local: true,
      });
      changes.push({ kind, itemId: id, packSize: 1 });
      continue;
    }
    const it = random.pick(items);
    if (kind === 'price') {
      it.unitList = fromMinor(driftPrice(toMinor(it.unitList, PRICE_SCALE), random), PRICE_SCALE);
    } else if (kind === 'description') {
      const base = it.description.replace(/ L\d+$/, '').slice(0, 29);
      let d: string;
      do d = `${base} L${random.int(1, 999)}`;
      while (d === it.description);
      it.description = d;
    } else {
      const current = deptSubNum(it.dept, it.sub);
      const others = depts.filter((m) => m !== current);
      const { dept, sub } = fromDeptSubNum(random.pick(others));
      it.dept = dept;
      it.sub = sub;
    }
    it.changed = true;
    changes.push({ kind, itemId: it.itemId, packSize: it.packSize });
  }
  return { state: { ...state, items: items.sort(byKey) }, changes };
}

/**
 * A store already holding `items` (e.g. the demo's site rows), so a demo starts with loaded
 * registers. `baseline`: head office already has this list, so the first export is an `update`
 * with only what changes from here on (else it is the full list).
 */
export function storeFromItems(
  siteNo: number,
  items: NaxmlItem[],
  o: { departments?: NaxmlDepartment[]; baseline?: boolean } = {},
): StoreState {
  const byId = new Map<string, StoreItem>();
  for (const i of items) {
    if (i.deleted) continue;
    byId.set(itemKey(i.itemId, i.packSize), {
      ...itemValues(i),
      changed: false,
      local: false,
    });
  }
  return {
    ...emptyStore(siteNo),
    items: [...byId.values()].sort(byKey),
    departments: o.departments
      ? o.departments
          .map((d) => ({
            merchandiseCode: deptSubNum(d.dept, d.sub),
            name: d.name,
            active: d.active,
            taxGroupId: d.taxGroupId,
          }))
          .sort((a, b) => a.merchandiseCode - b.merchandiseCode)
      : null,
    exports: o.baseline ? 1 : 0,
  };
}
