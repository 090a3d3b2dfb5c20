/**
 * The item as Add Item and Add/Edit Item see it (spec part 1 §3 item, UOM, vendor and linked item
 * rows): what the lookup answers and what a save answers for each saved item.
 */
import { COST_SCALE, displayMargin, formatDeptSub, fromMinor, itemKey, msg } from '@cpb/domain';
import type { ItemKey } from '../pricebook/summary';
import { type Catalogue, presentVendor, type RecipeRow, type Source, type UomRow } from './queries';

export const ADD_ITEM = 'Add Item';
export const UPDATE_BATCH_ITEM = 'UpdateBatchItem';

export const presentUom = (u: UomRow) => ({
  Unit: u.unit,
  Qty: u.qty,
  OldQty: u.qty,
  Status: 'Existing',
  InRecipes: u.recipe_count > 0,
  RecipeCount: u.recipe_count,
  UomType: u.description,
  ItemDisplayText: `${u.unit} - ${u.description}`,
});

export const presentRecipe = (r: RecipeRow) => ({
  ItemID: r.link_item_id,
  ItemPkSz: r.link_pack_size,
  Desc: r.description ?? '',
  Unit: r.unit,
  UnitQty: r.unit_qty,
  Qty: r.qty,
  Cost: r.cost,
  IngredientCost: r.ingredient_cost,
  status: 'Existing' as const,
});

export interface MissingUom {
  ItemID: string;
  ItemPkSz: number;
  Unit: string;
}

export interface PresentInput {
  key: ItemKey;
  zone: { id: number; zoneNo: number; name: string; sites: number };
  source: Source | null;
  catalogue: Catalogue;
  uniform: {
    is_price_uniform: boolean;
    is_cost_uniform: boolean;
    is_dept_sub_uniform: boolean;
    is_desc_uniform: boolean;
    is_uniform: boolean;
  } | null;
  hasHistory: boolean;
}

/**
 * One item in the spec's field names. New (found nowhere): defaults, cost 0.0000, 'Success: New
 * Item.'. Existing (in the zone): the values of the zone's highest-priority site carrying it,
 * 'Success: Existing Item.'. Out of zone: the values of the outside site that has it, named in
 * SourceSite and Message. Catalogue facts (UPC, UOMs, linked items, vendors, groups) come from the
 * catalogue whenever the item is in it.
 */
export function presentItem(p: PresentInput) {
  const { key, zone, source, catalogue } = p;
  const r = source?.row;
  const existing = source?.inZone === true;
  const outOfZone = source !== null && !existing;
  const list = r?.unit_list ?? '0.00';
  const cost = r?.unit_cost ?? fromMinor(0n, COST_SCALE);
  const invType = r?.inv_type ?? 'I';
  const site = r ? { SetupID: r.site_id, SiteNo: r.site_no, SiteName: r.site_name } : null;
  let message: string = msg('NEW_ITEM_FOUND');
  if (existing) message = msg('EXISTING_ITEM_FOUND');
  else if (site) message = `Item found outside the zone at site ${site.SiteNo} - ${site.SiteName}.`;
  return {
    ID: key.itemId,
    PackSize: key.packSize,
    idplu: itemKey(key.itemId, key.packSize),
    UpcCode: catalogue.item?.upc_code ?? null,
    UpcPackSize: catalogue.item?.upc_pack_size ?? 1,
    Description: r?.description ?? '',
    ReceiptDescription: r?.receipt_description ?? '',
    InvType: invType,
    DeptSub: r ? formatDeptSub({ dept: r.dept, sub: r.sub }) : null,
    Dept: r?.dept ?? null,
    SubDept: r?.sub ?? null,
    DeptSubNum: r ? r.dept * 100 + r.sub : null,
    UnitList: list,
    UnitCost: cost,
    Margin: displayMargin({ list, cost, invType }),
    TaxGroupId: r?.tax_group_id ?? null,
    CrvID: r?.redemption_id ?? null,
    ItemGroups: catalogue.groups,
    VendorId: r?.vendor_id ?? null,
    Vendors: catalogue.vendors.map(presentVendor),
    Active: r?.active ?? true,
    MinOnHand: r?.min_on_hand ?? null,
    MaxOnHand: r?.max_on_hand ?? null,
    MinPurchaseQty: r?.min_purchase_qty ?? null,
    SendToPos: r?.send_to_pos ?? true,
    RecipeInstructions: catalogue.item?.recipe_instructions ?? null,
    SizeDescs: catalogue.uoms.map(presentUom),
    Recipes: catalogue.recipes.map(presentRecipe),
    ExistingItem: existing,
    IsNew: source === null,
    OutOfZone: outOfZone,
    ItemOriginatedOutOfZone: outOfZone,
    SourceSite: site,
    UpdateKey: existing ? source.updateKey : null,
    SiteCount: existing ? source.siteCount : 0,
    ZoneSiteCount: zone.sites,
    ZoneSetupID: zone.id,
    ZoneNum: zone.zoneNo,
    ZoneName: zone.name,
    IsPriceUniform: p.uniform?.is_price_uniform ?? true,
    IsCostUniform: p.uniform?.is_cost_uniform ?? true,
    IsDeptSubUniform: p.uniform?.is_dept_sub_uniform ?? true,
    IsDescUniform: p.uniform?.is_desc_uniform ?? true,
    isUniform: p.uniform?.is_uniform ?? true,
    HasHistory: p.hasHistory,
    operation: existing ? UPDATE_BATCH_ITEM : ADD_ITEM,
    MissingUOMs: [] as MissingUom[],
    Message: message,
  };
}

export type ItemModel = ReturnType<typeof presentItem>;
