/**
 * Plans the save of one item model: reads what the item is now (its reference), merges the model
 * over it, validates every field with the spec's texts, and works out which site fields and which
 * catalogue facts change. Nothing is written here.
 */
import {
  COST_SCALE,
  can,
  type DepartmentEntry,
  fromMinor,
  itemKey,
  MESSAGES,
  makeItemSchema,
  msg,
  PRICE_SCALE,
  parseItemKey,
} from '@cpb/domain';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { FIELD_NAMES, type FieldName, type FieldValue } from '../pricebook/fields';
import type { ItemKey } from '../pricebook/summary';
import { type CatalogueTarget, catalogueOf, groupsDiffer, vendorsDiffer } from './catalogue';
import { lookupItem } from './lookup';
import { ADD_ITEM, type ItemModel, UPDATE_BATCH_ITEM } from './presenter';
import { Extras, type ExtrasOutput, FORCE_FLAGS, leadingKey } from './schema';

export interface FieldError {
  Index: number;
  idplu: string | null;
  Field: string;
  Message: string;
}

/** What the zone knows, loaded once per save. */
export interface SaveContext {
  ex: Executor;
  user: string;
  zoneId: number;
  prefMask: number;
  departments: DepartmentEntry[];
  taxGroups: Set<number>;
  redemptions: Set<number>;
  vendors: Set<string>;
  uoms: Set<string>;
}

export type SiteValues = Record<FieldName, FieldValue>;

export interface ItemPlan {
  index: number;
  key: ItemKey;
  idplu: string;
  op: 'add' | 'update';
  /** History source of the rows this item writes. */
  source: string;
  values: SiteValues;
  /** Site fields to write: every field for an add; the changed and forced ones for an update. */
  fields: FieldName[];
  catalogue: CatalogueTarget;
  /** The catalogue as stored now, to tell whether the save changes it. */
  stored: CatalogueTarget;
  missingUoms: NonNullable<ExtrasOutput['MissingUOMs']>;
}

export const SOURCE_ADD = 'Add Item';
export const SOURCE_EDIT = 'Edit Item';

const ARRAYS = ['ItemGroups', 'Vendors', 'SizeDescs', 'Recipes'] as const;
const DELETED = new Set(['delete', 'deleted']);

const isDeletedRow = (row: unknown) =>
  typeof row === 'object' &&
  row !== null &&
  ['operation', 'Status', 'status'].some((k) => {
    const v = (row as Record<string, unknown>)[k];
    return typeof v === 'string' && DELETED.has(v.trim().toLowerCase());
  });

/** Rows marked deleted leave the list; item groups may come as ids, 'ID - text' or {ID}. */
function cleanArray(name: (typeof ARRAYS)[number], v: unknown[]): unknown[] {
  const kept = v.filter((row) => !isDeletedRow(row));
  if (name !== 'ItemGroups') return kept;
  return kept.map((g) => {
    const id = typeof g === 'object' && g !== null ? (g as Record<string, unknown>).ID : g;
    return typeof id === 'string' ? leadingKey(id) : id;
  });
}

/**
 * The model merged over the reference: a key the model leaves out keeps the reference's value; a
 * null list (ItemGroups, Vendors, SizeDescs, Recipes) means "no change" and keeps it too.
 */
function merge(reference: ItemModel, raw: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...reference };
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    if ((ARRAYS as readonly string[]).includes(k)) {
      if (v === null) continue;
      merged[k] = Array.isArray(v) ? cleanArray(k as (typeof ARRAYS)[number], v) : v;
    } else merged[k] = v;
  }
  for (const k of ARRAYS) {
    if (Array.isArray(merged[k])) merged[k] = cleanArray(k, merged[k] as unknown[]);
  }
  merged.ID = raw.ID;
  merged.PackSize = raw.PackSize;
  return merged;
}

const siteValuesOf = (m: ItemModel): SiteValues => ({
  description: m.Description,
  receiptDescription: m.ReceiptDescription || null,
  invType: m.InvType,
  dept: m.Dept,
  sub: m.SubDept,
  unitList: m.UnitList,
  unitCost: m.UnitCost,
  taxGroupId: m.TaxGroupId,
  redemptionId: m.CrvID,
  active: m.Active,
  minOnHand: m.MinOnHand,
  maxOnHand: m.MaxOnHand,
  minPurchaseQty: m.MinPurchaseQty,
  vendorId: m.VendorId,
  sendToPos: m.SendToPos,
});

function readCloneOf(v: unknown): ItemKey | null | 'invalid' {
  if (v == null || v === '') return null;
  if (typeof v === 'string') {
    const k = parseItemKey(v.trim().toUpperCase());
    return k ? { itemId: k.id, packSize: k.packSize } : 'invalid';
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const id = typeof o.ID === 'string' ? o.ID.trim().toUpperCase() : '';
    const pack = Number(o.PackSize ?? 1);
    return id && Number.isInteger(pack) && pack >= 1 ? { itemId: id, packSize: pack } : 'invalid';
  }
  return 'invalid';
}

/** 'Add Item' or 'UpdateBatchItem' from `operation` (or `Action`); absent: by ExistingItem. */
export function operationOf(raw: Record<string, unknown>): 'add' | 'update' | string {
  const given = [raw.operation, raw.Action].find(
    (v) => typeof v === 'string' && v.trim() !== '' && v !== 'LookUpBatchItem',
  ) as string | undefined;
  if (given === undefined) return raw.ExistingItem === true ? 'update' : 'add';
  if (given.trim().toLowerCase() === ADD_ITEM.toLowerCase()) return 'add';
  if (given.trim().toLowerCase() === UPDATE_BATCH_ITEM.toLowerCase()) return 'update';
  return given;
}

const issuesOf = (error: z.ZodError) => {
  const seen = new Set<string>();
  const out: Array<{ Field: string; Message: string }> = [];
  for (const i of error.issues) {
    const field = i.path.join('.') || 'model';
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ Field: field, Message: i.message });
  }
  return out;
};

const FORBIDDEN = {
  cost: 'Your preferences do not allow changing unit costs.',
  minMax: 'Your preferences do not allow changing min/max.',
  vendor: 'Your preferences do not allow setting vendors.',
  groups: 'Your preferences do not allow maintaining item groups.',
};

export interface PlanOutcome {
  plan: ItemPlan | null;
  errors: FieldError[];
}

/**
 * Plans one model of a save (see the module comment). `key` is the model's parsed ID and pack
 * size; errors carry the spec's texts and the field they belong to.
 */
export async function planItem(
  ctx: SaveContext,
  index: number,
  raw: Record<string, unknown>,
  key: ItemKey,
  op: 'add' | 'update',
): Promise<PlanOutcome> {
  const idplu = itemKey(key.itemId, key.packSize);
  const errors: FieldError[] = [];
  const fail = (Field: string, Message: string) => errors.push({ Index: index, idplu, Field, Message });
  const done = (): PlanOutcome => ({ plan: null, errors });

  const self = await lookupItem(ctx.ex, ctx.zoneId, key);
  let reference = self;
  if (op === 'update' && !self.ExistingItem) {
    fail('ID', `${idplu} is not in this zone; save it with operation '${ADD_ITEM}'.`);
    return done();
  }
  if (op === 'add') {
    if (self.ExistingItem) {
      fail('ID', MESSAGES.ID_ALREADY_EXISTS);
      return done();
    }
    const cloneOf = readCloneOf(raw.CloneOf);
    if (cloneOf === 'invalid') {
      fail('CloneOf', 'Give the original as ID@PackSize.');
      return done();
    }
    if (cloneOf) {
      reference = await lookupItem(ctx.ex, ctx.zoneId, cloneOf);
      if (reference.IsNew) {
        fail('CloneOf', `${itemKey(cloneOf.itemId, cloneOf.packSize)} was not found.`);
        return done();
      }
    }
  }

  const merged = merge(reference, raw);
  // A UPC is required for a new item or a clone, not for an item saved from outside the zone.
  const base = makeItemSchema({
    mode: op === 'add' && !self.OutOfZone ? 'add' : 'edit',
    departments: ctx.departments,
  }).safeParse(merged);
  const extra = Extras.safeParse(merged);
  if (!base.success) for (const i of issuesOf(base.error)) fail(i.Field, i.Message);
  if (!extra.success) for (const i of issuesOf(extra.error)) fail(i.Field, i.Message);
  if (!base.success || !extra.success) return done();
  const o = base.data;
  const e = extra.data;

  const values: SiteValues = {
    description: o.Description,
    receiptDescription: o.ReceiptDescription || null,
    invType: o.InvType,
    dept: o.DeptSub.dept,
    sub: o.DeptSub.sub,
    unitList: fromMinor(o.UnitList, PRICE_SCALE),
    unitCost: fromMinor(o.UnitCost, COST_SCALE),
    taxGroupId: e.TaxGroupId,
    redemptionId: e.CrvID,
    active: o.Active,
    minOnHand: o.MinOnHand,
    maxOnHand: o.MaxOnHand,
    minPurchaseQty: o.MinPurchaseQty,
    vendorId: e.VendorId,
    sendToPos: o.SendToPos,
  };
  const refValues = siteValuesOf(reference);
  const changed = FIELD_NAMES.filter((f) => values[f] !== refValues[f]);
  if (changed.includes('dept') !== changed.includes('sub'))
    changed.push(changed.includes('dept') ? 'sub' : 'dept');
  const forced: FieldName[] = Object.entries(FORCE_FLAGS).flatMap(([flag, fields]) =>
    e[flag as keyof typeof FORCE_FLAGS] === true ? [...fields] : [],
  );
  const written =
    op === 'add' ? FIELD_NAMES : FIELD_NAMES.filter((f) => changed.includes(f) || forced.includes(f));
  const gated = op === 'add' ? changed : written;

  // Lookups the written values name must exist in the zone.
  if (written.includes('dept')) {
    const num = (values.dept as number) * 100 + (values.sub as number);
    if (!ctx.departments.some((d) => d.DeptSubNum === num && num !== 0)) {
      fail('DeptSub', msg('INVALID_DEPT_SELECTED', { value: String(merged.DeptSub ?? '').trim() }));
    }
  }
  if (written.includes('taxGroupId') && e.TaxGroupId !== null && !ctx.taxGroups.has(e.TaxGroupId)) {
    fail('TaxGroupId', `No tax group ${e.TaxGroupId} in this zone.`);
  }
  if (written.includes('redemptionId') && e.CrvID !== null && !ctx.redemptions.has(e.CrvID)) {
    fail('CrvID', `No redemption ${e.CrvID} in this zone.`);
  }
  if (written.includes('vendorId') && e.VendorId !== null && !ctx.vendors.has(e.VendorId)) {
    fail('VendorId', `No vendor '${e.VendorId}'.`);
  }
  if (gated.includes('unitList') && (values.invType === 'X' || reference.InvType === 'X')) {
    fail('UnitList', msg('EXPENSE_LIST_LOCKED'));
  }

  // Catalogue facts.
  const uoms = new Map<string, string>();
  e.SizeDescs.forEach((u, i) => {
    if (!ctx.uoms.has(u.Unit)) fail(`SizeDescs.${i}.Unit`, `Unknown unit of measure '${u.Unit}'.`);
    else if (uoms.has(u.Unit)) fail(`SizeDescs.${i}.Unit`, `Unit '${u.Unit}' is listed more than once.`);
    uoms.set(u.Unit, u.Qty);
  });
  const vendors = new Map<string, string>();
  e.Vendors.forEach((v, i) => {
    if (!ctx.vendors.has(v.VendorID)) fail(`Vendors.${i}.VendorID`, `No vendor '${v.VendorID}'.`);
    else if (vendors.has(v.VendorID))
      fail(`Vendors.${i}.VendorID`, `Vendor '${v.VendorID}' is listed more than once.`);
    vendors.set(v.VendorID, v.VendorItem);
  });
  const links = new Set<string>();
  e.Recipes.forEach((r, i) => {
    const k = itemKey(r.ItemID, r.ItemPkSz);
    if (k === idplu) fail(`Recipes.${i}.ItemID`, 'An item cannot be linked to itself.');
    else if (links.has(k)) fail(`Recipes.${i}.ItemID`, `Duplicate: ${k} is linked more than once.`);
    links.add(k);
    if (r.Unit !== null && !ctx.uoms.has(r.Unit))
      fail(`Recipes.${i}.Unit`, `Unknown unit of measure '${r.Unit}'.`);
  });
  (e.MissingUOMs ?? []).forEach((m, i) => {
    if (!ctx.uoms.has(m.Unit)) fail(`MissingUOMs.${i}.Unit`, `Unknown unit of measure '${m.Unit}'.`);
  });
  const catalogue: CatalogueTarget = {
    upcCode: o.UpcCode || null,
    upcPackSize: o.UpcPackSize,
    recipeInstructions: e.RecipeInstructions,
    uoms,
    vendors,
    groups: [...new Set(o.ItemGroups ?? [])].sort(),
    recipes: e.Recipes,
  };
  const refCatalogue = catalogueOf(reference);

  // Preference flags gate what the save changes (spec part 1 §6).
  if (gated.includes('unitCost') && !can.updateUnitCost(ctx.prefMask)) fail('UnitCost', FORBIDDEN.cost);
  for (const [f, field] of [
    ['minOnHand', 'MinOnHand'],
    ['maxOnHand', 'MaxOnHand'],
    ['minPurchaseQty', 'MinPurchaseQty'],
  ] as const) {
    if (gated.includes(f) && !can.minMaxInItemAdjust(ctx.prefMask)) fail(field, FORBIDDEN.minMax);
  }
  if (gated.includes('vendorId') && !can.applyVendor(ctx.prefMask)) fail('VendorId', FORBIDDEN.vendor);
  if (vendorsDiffer(catalogue, refCatalogue) && !can.applyVendor(ctx.prefMask))
    fail('Vendors', FORBIDDEN.vendor);
  if (groupsDiffer(catalogue, refCatalogue) && !can.maintainItemGroups(ctx.prefMask))
    fail('ItemGroups', FORBIDDEN.groups);

  if (errors.length) return done();
  return {
    errors,
    plan: {
      index,
      key,
      idplu,
      op,
      source: op === 'add' ? SOURCE_ADD : SOURCE_EDIT,
      values,
      fields: written,
      catalogue,
      stored: catalogueOf(self),
      missingUoms: e.MissingUOMs ?? [],
    },
  };
}
