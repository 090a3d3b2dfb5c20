/** Shapes zone summary rows into the spec's item row (GetSSCSItemsResult items). */
import { displayMargin, formatDeptSub, itemKey } from '@cpb/domain';
import type { KeptFlag } from '../../db/fields';
import type { zoneItems } from '../../db/schema';
import type { SnakeRow } from '../../db/select';

/** A zone_items row as ZONE_ITEM_COLUMNS reads it; a bigint arrives as text from PostgreSQL. */
export type ZoneItemRow = SnakeRow<
  Omit<typeof zoneItems.$inferSelect, 'refreshedAt' | 'updateKey' | 'othersUniform'>
> & {
  zone_no: number;
  update_key: string | number;
};

/** The zone_items columns a price change reads of its selection (presentPriceItem). */
export const PRICE_COLUMNS = [
  'item_id',
  'pack_size',
  'description',
  'inv_type',
  'dept',
  'sub',
  'unit_list',
  'update_key',
  'is_price_uniform',
  'is_cost_uniform',
  'is_dept_sub_uniform',
  'is_desc_uniform',
] as const satisfies readonly (keyof ZoneItemRow)[];

/**
 * What a price change reads of an item row: the item, what Set Price prices and previews, the
 * UpdateKey and the kept flags (the whole row's fields of the same names, presentItem).
 */
export function presentPriceItem(r: Pick<ZoneItemRow, (typeof PRICE_COLUMNS)[number]>) {
  return {
    ID: r.item_id,
    PackSize: r.pack_size,
    idplu: itemKey(r.item_id, r.pack_size),
    Description: r.description,
    InvType: r.inv_type,
    DeptSub: formatDeptSub({ dept: r.dept, sub: r.sub }),
    UnitList: r.unit_list,
    IsPriceUniform: r.is_price_uniform,
    IsCostUniform: r.is_cost_uniform,
    IsDeptSubUniform: r.is_dept_sub_uniform,
    IsDescUniform: r.is_desc_uniform,
    UpdateKey: String(r.update_key),
  };
}

export type PriceItemRow = ReturnType<typeof presentPriceItem>;

/** The spec's item row (its fields in the response schema's order); the price change's fields from presentPriceItem. */
export function presentItem(r: ZoneItemRow) {
  const p = presentPriceItem(r);
  return {
    ID: p.ID,
    PackSize: p.PackSize,
    idplu: p.idplu,
    UpcCode: r.upc_code,
    UpcPackSize: r.upc_pack_size,
    Description: p.Description,
    ReceiptDescription: r.receipt_description,
    InvType: p.InvType,
    Dept: r.dept,
    SubDept: r.sub,
    DeptSub: p.DeptSub,
    DeptSubNum: r.dept * 100 + r.sub,
    UnitList: p.UnitList,
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
    IsPriceUniform: p.IsPriceUniform,
    IsCostUniform: p.IsCostUniform,
    IsDeptSubUniform: p.IsDeptSubUniform,
    IsDescUniform: p.IsDescUniform,
    isUniform: r.is_uniform,
    UpdateKey: p.UpdateKey,
  };
}

export type ItemRow = ReturnType<typeof presentItem>;

/** The zone summary's kept flags of a presented row (db/fields.ts, KEPT_FLAGS). */
export const keptFlagsOf = (r: PriceItemRow): Record<KeptFlag, boolean> => ({
  is_price_uniform: r.IsPriceUniform,
  is_cost_uniform: r.IsCostUniform,
  is_dept_sub_uniform: r.IsDeptSubUniform,
  is_desc_uniform: r.IsDescUniform,
});
