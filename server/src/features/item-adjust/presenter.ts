/** Shapes zone summary rows into the spec's item row (GetSSCSItemsResult items). */
import { displayMargin, formatDeptSub, itemKey } from '@cpb/domain';

export interface ZoneItemRow {
  zone_id: number;
  zone_no: number;
  item_id: string;
  pack_size: number;
  upc_code: string | null;
  upc_pack_size: number;
  description: string;
  receipt_description: string | null;
  inv_type: string;
  dept: number;
  sub: number;
  unit_list: string;
  unit_cost: string;
  margin: string | null;
  tax_group_id: number | null;
  redemption_id: number | null;
  active: boolean;
  min_on_hand: number | null;
  max_on_hand: number | null;
  min_purchase_qty: number | null;
  vendor_id: string | null;
  send_to_pos: boolean;
  site_count: number;
  is_price_uniform: boolean;
  is_cost_uniform: boolean;
  is_dept_sub_uniform: boolean;
  is_desc_uniform: boolean;
  is_uniform: boolean;
  update_key: string | number;
}

export function presentItem(r: ZoneItemRow) {
  return {
    ID: r.item_id,
    PackSize: r.pack_size,
    idplu: itemKey(r.item_id, r.pack_size),
    UpcCode: r.upc_code,
    UpcPackSize: r.upc_pack_size,
    Description: r.description,
    ReceiptDescription: r.receipt_description,
    InvType: r.inv_type,
    Dept: r.dept,
    SubDept: r.sub,
    DeptSub: formatDeptSub({ dept: r.dept, sub: r.sub }),
    DeptSubNum: r.dept * 100 + r.sub,
    UnitList: r.unit_list,
    UnitCost: r.unit_cost,
    // The one margin rule of every screen (blank for an expense item's negative margin).
    Margin: displayMargin({ list: r.unit_list, cost: r.unit_cost, invType: r.inv_type }),
    TaxGroupId: r.tax_group_id,
    CrvID: r.redemption_id,
    Active: r.active,
    MinOnHand: r.min_on_hand,
    MaxOnHand: r.max_on_hand,
    MinPurchaseQty: r.min_purchase_qty,
    VendorId: r.vendor_id,
    SendToPos: r.send_to_pos,
    SiteCount: r.site_count,
    ZoneSetupID: r.zone_id,
    ZoneNum: r.zone_no,
    IsPriceUniform: r.is_price_uniform,
    IsCostUniform: r.is_cost_uniform,
    IsDeptSubUniform: r.is_dept_sub_uniform,
    IsDescUniform: r.is_desc_uniform,
    isUniform: r.is_uniform,
    UpdateKey: String(r.update_key),
  };
}

export type ItemRow = ReturnType<typeof presentItem>;
