/**
 * The item being edited, as the form holds it: every typed value as text, lists as rows.
 * `draftFromModel` reads what the item calls answer; `itemKeyOf` names it 'ID@pack'.
 */
import {
  formatCurrency,
  type ItemAnswer,
  itemKey,
  normalizeItemId,
  PRICE_SCALE,
  parseMoneyInput,
} from '@cpb/domain';
import type { MissingUom, RecipeRow, UomRow, VendorRow } from './itemTypes';

export interface ItemDraft {
  ID: string;
  PackSize: string;
  UpcCode: string;
  UpcPackSize: string;
  InvType: string;
  Description: string;
  ReceiptDescription: string;
  /** As typed or chosen: 'D.SS', a department name, or blank. */
  DeptSub: string;
  UnitList: string;
  UnitCost: string;
  SendToPos: boolean;
  Active: boolean;
  MinOnHand: string;
  MaxOnHand: string;
  MinPurchaseQty: string;
  TaxGroupId: string | null;
  CrvID: string | null;
  VendorId: string | null;
  ItemGroups: string[];
  Vendors: VendorRow[];
  SizeDescs: UomRow[];
  Recipes: RecipeRow[];
  /** Units the linked items lack, added through the Missing UOM notice; sent with the save. */
  MissingUOMs: MissingUom[];
  RecipeInstructions: string;
}

/** Item fields a section of the form edits (the advanced grid's dialogs edit one section each). */
export type DraftField = keyof ItemDraft;

const text = (v: string | number | null | undefined): string => (v == null ? '' : String(v));

/** An item reduced to its ID and pack size (spec §4: a changed ID, pack size or zone resets the item). */
export function emptyDraft(id = '', packSize = '1'): ItemDraft {
  return {
    ID: id,
    PackSize: packSize,
    UpcCode: '',
    UpcPackSize: '1',
    InvType: 'I',
    Description: '',
    ReceiptDescription: '',
    DeptSub: '',
    UnitList: '',
    UnitCost: '0.0000',
    SendToPos: true,
    Active: true,
    MinOnHand: '',
    MaxOnHand: '',
    MinPurchaseQty: '',
    TaxGroupId: null,
    CrvID: null,
    VendorId: null,
    ItemGroups: [],
    Vendors: [],
    SizeDescs: [],
    Recipes: [],
    MissingUOMs: [],
    RecipeInstructions: '',
  };
}

/** A list price as the currency input shows it ('1.79' -> '$1.79'). */
function moneyText(v: string | null | undefined): string {
  const r = parseMoneyInput(v ?? '', PRICE_SCALE);
  return r.ok && r.value !== null ? formatCurrency(r.value, PRICE_SCALE) : (v ?? '');
}

/** The form values of an item the server answered. */
export function draftFromModel(m: ItemAnswer): ItemDraft {
  return {
    ID: m.ID,
    PackSize: text(m.PackSize),
    UpcCode: text(m.UpcCode),
    UpcPackSize: text(m.UpcPackSize ?? 1),
    InvType: m.InvType || 'I',
    Description: m.Description ?? '',
    ReceiptDescription: m.ReceiptDescription ?? '',
    DeptSub: text(m.DeptSub),
    UnitList: moneyText(m.UnitList),
    UnitCost: m.UnitCost ?? '0.0000',
    SendToPos: m.SendToPos,
    Active: m.Active,
    MinOnHand: text(m.MinOnHand),
    MaxOnHand: text(m.MaxOnHand),
    MinPurchaseQty: text(m.MinPurchaseQty),
    TaxGroupId: m.TaxGroupId == null ? null : String(m.TaxGroupId),
    CrvID: m.CrvID == null ? null : String(m.CrvID),
    VendorId: m.VendorId,
    ItemGroups: [...(m.ItemGroups ?? [])],
    Vendors: (m.Vendors ?? []).map((v) => ({ ...v })),
    SizeDescs: (m.SizeDescs ?? []).map((u) => ({ ...u })),
    Recipes: (m.Recipes ?? []).map((r) => ({ ...r })),
    MissingUOMs: [],
    RecipeInstructions: text(m.RecipeInstructions),
  };
}

/**
 * Clone (spec §4 "Cloning"): a copy of the item with the ID cleared; the pack size stays so the
 * user only types the new ID. The UPC is cleared too, so two IDs do not silently share one UPC
 * (the clone needs its own, as every new item does). UOM and linked item rows become New rows.
 */
export function cloneDraft(d: ItemDraft): ItemDraft {
  return {
    ...d,
    ID: '',
    UpcCode: '',
    Vendors: d.Vendors.map((v) => ({ ...v })),
    SizeDescs: d.SizeDescs.map((u) => ({ ...u, Status: 'New', InRecipes: false, RecipeCount: 0 })),
    Recipes: d.Recipes.map((r) => ({ ...r, status: 'New' as const })),
    MissingUOMs: [],
  };
}

/** 'ID@pack' of the draft, with the ID normalised as the lookup will; null without an ID. */
export function itemKeyOf(d: Pick<ItemDraft, 'ID' | 'PackSize'>): string | null {
  const id = normalizeItemId(d.ID);
  if (!id) return null;
  return itemKey(id, d.PackSize.trim() || '1');
}

/** True when two drafts hold the same values (the form is pristine when it equals its base). */
export function sameDraft(a: ItemDraft, b: ItemDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
