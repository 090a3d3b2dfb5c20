/**
 * The list's rows as the page reads them (domain OuRoot, OuIncluded): incoming values, or the
 * zone's where the update brings none; the per-field comparison with the zone; the cost flag.
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
  type OuOriginal,
  type OuRoot,
  PRICE_SCALE,
  toMinor,
} from '@cpb/domain';
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

/** The root as it came in, before the user's first kept edit (its `incoming` values). */
function originalOf(r: RootRow, incoming: IncomingValues, variancePercent: number): OuOriginal {
  const o = presentRoot({ ...r, ...incoming, incoming: null }, variancePercent);
  return {
    Description: o.Description,
    ReceiptDescription: o.ReceiptDescription,
    DeptSub: o.DeptSub,
    Cost: o.Cost,
    Price: o.Price,
    Margin: o.Margin,
    TaxGroupID: o.TaxGroupID,
    Redemption: o.Redemption,
    MinOnHand: o.MinOnHand,
    MaxOnHand: o.MaxOnHand,
    MinPurchaseQty: o.MinPurchaseQty,
    ItemGroups: o.ItemGroups,
    changeFlds: o.changeFlds,
    isSameDescription: o.isSameDescription,
    isSameReceiptDescription: o.isSameReceiptDescription,
    isSameDeptSub: o.isSameDeptSub,
    isSamePrice: o.isSamePrice,
    isSameTaxGroup: o.isSameTaxGroup,
    isSameRedemption: o.isSameRedemption,
    isSameCost: o.isSameCost,
    isSameItemGroup: o.isSameItemGroup,
    isSameMin: o.isSameMin,
    isSameMax: o.isSameMax,
    isSameMinPurchaseQty: o.isSameMinPurchaseQty,
    CostVariance: o.CostVariance,
  };
}

/** A root as the list gives it; an edited one (incoming kept) says so and carries its Original. */
export function presentRoot(r: RootRow, variancePercent: number): OuRoot {
  const root = presentValues(r, variancePercent);
  if (!r.incoming) return root;
  return { ...root, Edited: true, Original: originalOf(r, r.incoming, variancePercent) };
}

function presentValues(r: RootRow, variancePercent: number): OuRoot {
  const flds = r.change_flds;
  const price = r.unit_list ?? r.z_unit_list;
  const cost = r.unit_cost ?? r.z_unit_cost;
  const invType = r.inv_type ?? r.z_inv_type;
  const dept = r.dept ?? r.z_dept;
  const sub = r.sub ?? r.z_sub;
  const margin =
    price === null || cost === null
      ? null
      : marginForDisplay({ list: toMinor(price, PRICE_SCALE), cost: toMinor(cost, COST_SCALE), invType });
  const money = (a: string | null, b: string | null, scale: number) => () =>
    a === null || b === null ? 0 : sign(toMinor(a, scale), toMinor(b, scale));
  const num = (a: number | null, b: number | null) => () =>
    a === null || b === null ? 0 : sign(BigInt(a), BigInt(b));
  const deptNum = (d: number | null, s: number | null) =>
    d === null || s === null ? null : d * 100 + (s ?? 0);
  return {
    OUID: r.id,
    Idcode: r.item_id,
    PackSize: r.pack_size,
    idplu: itemKey(r.item_id, r.pack_size),
    SetupTypeName: 'Zone',
    SetupId: r.zone_id,
    SetupDescription: r.zone_name,
    Source: r.source,
    Upccode: r.upc_code ?? r.z_upc_code,
    Upcpacksize: r.upc_pack_size ?? r.z_upc_pack_size,
    Description: r.description ?? r.z_description,
    ReceiptDescription: r.receipt_description ?? r.z_receipt_description,
    DeptSub: deptSub(dept, sub),
    Department: r.dept_name === null ? null : `${r.dept_name}${sub ? ` / ${r.sub_name}` : ''}`,
    ExistingDeptSub: deptSub(r.z_dept, r.z_sub),
    ItemType: invType,
    ItemTypeName: r.type_name,
    ItemStateName: r.is_new ? 'New' : 'Existing',
    Cost: cost6(cost),
    ExistingCost: cost6(r.z_unit_cost),
    Price: price,
    Margin: margin === null ? null : fromMinor(margin, MARGIN_SCALE),
    ZoneList: r.z_unit_list,
    TaxGroupID: r.tax_group_id ?? r.z_tax_group_id,
    Redemption: r.redemption_id ?? r.z_redemption_id,
    Active: r.active ?? r.z_active,
    VendorId: r.vendor_id ?? r.z_vendor_id,
    MinOnHand: r.min_on_hand ?? r.z_min_on_hand,
    MaxOnHand: r.max_on_hand ?? r.z_max_on_hand,
    MinPurchaseQty: r.min_purchase_qty ?? r.z_min_purchase_qty,
    ItemGroups: incomingGroups(r) ?? r.groups,
    Action: r.action as OuAction,
    impact: r.action === 'accept' ? 'accept' : 'none',
    isNew: r.is_new,
    changeFlds: flds,
    isSameDescription: compare(flds, 'description'),
    isSameReceiptDescription: compare(flds, 'receiptDescription'),
    isSameDeptSub: compare(flds, 'deptSub', num(deptNum(dept, sub), deptNum(r.z_dept, r.z_sub))),
    isSamePrice: compare(flds, 'price', money(r.unit_list, r.z_unit_list, PRICE_SCALE)),
    isSameTaxGroup: compare(flds, 'taxGroup'),
    isSameRedemption: compare(flds, 'redemption'),
    isSameCost: compare(flds, 'cost', money(r.unit_cost, r.z_unit_cost, COST_SCALE)),
    isSameItemGroup: compare(flds, 'itemGroup'),
    isSameActive: compare(flds, 'active'),
    isSameVendor: compare(flds, 'vendor'),
    isSameMin: compare(flds, 'min', num(r.min_on_hand, r.z_min_on_hand)),
    isSameMax: compare(flds, 'max', num(r.max_on_hand, r.z_max_on_hand)),
    isSameMinPurchaseQty: compare(flds, 'minPurchaseQty', num(r.min_purchase_qty, r.z_min_purchase_qty)),
    CostVariance: (flds & CHANGE_FLD.cost) !== 0 && costMoves(r.unit_cost, r.z_unit_cost, variancePercent),
    ImpactedSiteSetupIDs: r.origins,
    UpdateKey: r.root_key,
    ZoneUpdateKey: r.update_key,
    // A vendor file's two retails (issue 21), on the roots that have them.
    ...(r.vendor_list !== null || r.margin_list !== null
      ? { VendorRetail: r.vendor_list, MarginRetail: r.margin_list }
      : {}),
  };
}
