/**
 * The list's rows as the page reads them (domain OuRoot): incoming values, or the zone's where the
 * update brings none; the per-field comparison with the zone; the cost flag. The value fields are
 * named from the field registry (`api.ou`), the comparison flags from the change bits (sameFlag),
 * and the keys come in the order the domain's schema states them: the list's JSON is written from
 * these objects as they are (service.ts), so that order is the answer's.
 */
import {
  CHANGE_FLD,
  type ChangeFld,
  COST_SCALE,
  formatDeptSub,
  fromMinor,
  itemKey,
  MARGIN_SCALE,
  marginForDisplay,
  OU_COST_DECIMALS,
  type OuAction,
  OuOriginal,
  OuRoot,
  PRICE_SCALE,
  sameFlag,
  toMinor,
} from '@cpb/domain';
import { FIELDS, OU_FIELDS, type OuField } from '../../db/fields';
import type { IncomingValues, RootRow } from './queries';

const deptSub = (dept: number | null, sub: number | null) =>
  dept === null || sub === null ? null : formatDeptSub({ dept, sub });
const cost6 = (c: string | null) =>
  c === null ? null : fromMinor(toMinor(c, OU_COST_DECIMALS), OU_COST_DECIMALS);
const sign = (a: bigint, b: bigint): 0 | 1 | -1 => (a > b ? 1 : a < b ? -1 : 0);

/**
 * The comparison flag of a field: 0 when its bit is not set; else the direction of the incoming
 * value against the zone's (1 greater, -1 smaller), and 1 when they cannot be ordered or are
 * equal (the store differed from its own row, not from the zone's common value).
 */
function compare(flds: number, f: ChangeFld, order?: () => 0 | 1 | -1): 0 | 1 | -1 {
  if ((flds & CHANGE_FLD[f]) === 0) return 0;
  return order?.() || 1;
}

/**
 * Whether the incoming cost moves more than `percent` from the zone's cost (preference 7); 0
 * means no flagging. A cost from nothing is always a move.
 */
export function costMoves(incoming: string | null, current: string | null, percent: number): boolean {
  if (percent <= 0 || incoming === null || current === null) return false;
  const a = toMinor(incoming, COST_SCALE);
  const b = toMinor(current, COST_SCALE);
  const diff = a > b ? a - b : b - a;
  if (b === 0n) return diff > 0n;
  return diff * 100n > BigInt(percent) * (b < 0n ? -b : b);
}

/** The item groups an update brings: its item_groups when the item group bit is set. */
export function incomingGroups(r: Pick<RootRow, 'change_flds' | 'item_groups'>): string[] | null {
  if ((r.change_flds & CHANGE_FLD.itemGroup) === 0 || !Array.isArray(r.item_groups)) return null;
  return r.item_groups.map(String);
}

/** A key of a root of the list and how its value is read from the root's row. */
type Read = (r: RootRow, variancePercent: number) => unknown;

/** Each field's columns on a root's row: its incoming value and the zone's (`z_`). */
const COLS = Object.fromEntries(
  OU_FIELDS.map((f) => [f, [FIELDS[f].col, `z_${FIELDS[f].col}`] as Array<keyof RootRow>]),
) as Record<OuField, [keyof RootRow, keyof RootRow]>;

/** A field's value on a root: the incoming one, or the zone's where the update brings none. */
const shown = (r: RootRow, f: OuField) => r[COLS[f][0]] ?? r[COLS[f][1]];

/**
 * The value fields under their Outside Updates names (the registry's `api.ou`): the shown value,
 * but the department as 'dept.sub' (dept and sub share DeptSub) and the cost with 6 decimals.
 */
const FIELD_READS: Record<string, Read> = Object.fromEntries(
  OU_FIELDS.flatMap((f) =>
    FIELDS[f].api.ou === null ? [] : [[FIELDS[f].api.ou, (r: RootRow) => shown(r, f)]],
  ),
);
FIELD_READS[FIELDS.dept.api.ou] = (r) =>
  deptSub(shown(r, 'dept') as number | null, shown(r, 'sub') as number | null);
FIELD_READS[FIELDS.unitCost.api.ou] = (r) => cost6(shown(r, 'unitCost') as string | null);

type Order = (r: RootRow) => 0 | 1 | -1;
const orderOf = (x: bigint | null, y: bigint | null) => (x === null || y === null ? 0 : sign(x, y));
/** How a field's incoming money value orders against the zone's (0 when either is missing). */
const byMoney =
  (f: OuField, scale: number): Order =>
  (r) => {
    const [x, y] = [r[COLS[f][0]], r[COLS[f][1]]] as Array<string | null>;
    return orderOf(x === null ? null : toMinor(x, scale), y === null ? null : toMinor(y, scale));
  };
/** How a field's incoming number orders against the zone's (0 when either is missing). */
const byNumber =
  (f: OuField): Order =>
  (r) => {
    const [x, y] = [r[COLS[f][0]], r[COLS[f][1]]] as Array<number | null>;
    return orderOf(x === null ? null : BigInt(x), y === null ? null : BigInt(y));
  };
const deptNum = (d: number | null, s: number | null) =>
  d === null || s === null ? null : BigInt(d * 100 + s);

/** The bits whose comparison has a direction: how the incoming value orders against the zone's. */
const ORDERS: Partial<Record<ChangeFld, Order>> = {
  deptSub: (r) => orderOf(deptNum(r.dept ?? r.z_dept, r.sub ?? r.z_sub), deptNum(r.z_dept, r.z_sub)),
  price: byMoney('unitList', PRICE_SCALE),
  cost: byMoney('unitCost', COST_SCALE),
  min: byNumber('minOnHand'),
  max: byNumber('maxOnHand'),
  minPurchaseQty: byNumber('minPurchaseQty'),
};

/** The comparison flag of every change bit, named from the bit (isSame...). */
const FLAG_READS: Record<string, Read> = Object.fromEntries(
  (Object.keys(CHANGE_FLD) as ChangeFld[]).map((b) => {
    const order = ORDERS[b];
    return [sameFlag(b), (r: RootRow) => compare(r.change_flds, b, order && (() => order(r)))];
  }),
);

function marginOf(r: RootRow): string | null {
  const price = shown(r, 'unitList') as string | null;
  const cost = shown(r, 'unitCost') as string | null;
  if (price === null || cost === null) return null;
  const invType = shown(r, 'invType') as string | null;
  const m = marginForDisplay({ list: toMinor(price, PRICE_SCALE), cost: toMinor(cost, COST_SCALE), invType });
  return m === null ? null : fromMinor(m, MARGIN_SCALE);
}

/** A vendor file's two retails (issue 21), on the roots that have them (undefined: left out). */
const hasRetails = (r: RootRow) => r.vendor_list !== null || r.margin_list !== null;

/** How each key of a root is read (a read giving undefined leaves its key out). */
const READS: Record<string, Read> = {
  ...FIELD_READS,
  ...FLAG_READS,
  OUID: (r) => r.id,
  Idcode: (r) => r.item_id,
  PackSize: (r) => r.pack_size,
  idplu: (r) => itemKey(r.item_id, r.pack_size),
  SetupTypeName: () => 'Zone',
  SetupId: (r) => r.zone_id,
  SetupDescription: (r) => r.zone_name,
  Source: (r) => r.source,
  Upccode: (r) => r.upc_code ?? r.z_upc_code,
  Upcpacksize: (r) => r.upc_pack_size ?? r.z_upc_pack_size,
  Department: (r) =>
    r.dept_name === null ? null : `${r.dept_name}${shown(r, 'sub') ? ` / ${r.sub_name}` : ''}`,
  ExistingDeptSub: (r) => deptSub(r.z_dept, r.z_sub),
  ItemTypeName: (r) => r.type_name,
  ItemStateName: (r) => (r.is_new ? 'New' : 'Existing'),
  ExistingCost: (r) => cost6(r.z_unit_cost),
  Margin: marginOf,
  ZoneList: (r) => r.z_unit_list,
  ItemGroups: (r) => incomingGroups(r) ?? r.groups,
  Action: (r) => r.action as OuAction,
  impact: (r) => (r.action === 'accept' ? 'accept' : 'none'),
  isNew: (r) => r.is_new,
  changeFlds: (r) => r.change_flds,
  CostVariance: (r, percent) =>
    (r.change_flds & CHANGE_FLD.cost) !== 0 && costMoves(r.unit_cost, r.z_unit_cost, percent),
  ImpactedSiteSetupIDs: (r) => r.origins,
  UpdateKey: (r) => r.root_key,
  ZoneUpdateKey: (r) => r.update_key,
  VendorRetail: (r) => (hasRetails(r) ? r.vendor_list : undefined),
  MarginRetail: (r) => (hasRetails(r) ? r.margin_list : undefined),
};

/** The keys a root is presented with (Edited and Original come after, on edited roots only). */
export const ROOT_READ_KEYS = Object.keys(READS);

/** The reads in the order of the domain's schema (OuRoot): the order of the list's JSON. */
const ROOT_PLAN = (Object.keys(OuRoot.shape) as string[]).flatMap((k) =>
  READS[k] ? [[k, READS[k]] as const] : [],
);
/** The keys of an edited root's Original (OuOriginal), in the schema's order. */
const ORIGINAL_KEYS = Object.keys(OuOriginal.shape) as Array<keyof OuOriginal>;

function presentValues(r: RootRow, variancePercent: number): OuRoot {
  const out: Record<string, unknown> = {};
  for (const [k, read] of ROOT_PLAN) {
    const v = read(r, variancePercent);
    if (v !== undefined) out[k] = v;
  }
  return out as OuRoot;
}

/** The root as it came in, before the user's first kept edit (its `incoming` values). */
function originalOf(r: RootRow, incoming: IncomingValues, variancePercent: number): OuOriginal {
  const o = presentValues({ ...r, ...incoming, incoming: null }, variancePercent);
  const out: Partial<OuOriginal> = {};
  for (const k of ORIGINAL_KEYS) (out as Record<string, unknown>)[k] = o[k];
  return out as OuOriginal;
}

/** A root as the list gives it; an edited one (incoming kept) says so and carries its Original. */
export function presentRoot(r: RootRow, variancePercent: number): OuRoot {
  const root = presentValues(r, variancePercent);
  if (!r.incoming) return root;
  return { ...root, Edited: true, Original: originalOf(r, r.incoming, variancePercent) };
}
