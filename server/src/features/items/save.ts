/**
 * updateBatchItem: saves a list of item models in one transaction. New items and clones ('Add
 * Item') are created at every site of the zone; existing items ('UpdateBatchItem') change at the
 * zone's sites that carry them, through writeSiteItems. Catalogue facts are replaced where the
 * model sends them, and mark the item pending everywhere it is carried. Any refusal throws before
 * anything is written; the caller's transaction makes the whole list all or nothing.
 */
import { itemKey, MESSAGES, msg, normalizePackSize, parseItemId } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { listDepartments } from '../lookups/queries';
import { type ItemKey, refreshZoneSummary, zonesOfSites } from '../pricebook/summary';
import { checkUpdateKeys, writeSiteItems, zoneSiteIds } from '../pricebook/write';
import { beginWrite, type WriteScope } from '../pricebook/write-scope';
import { addUoms, catalogueDiffers, touchSites, type UomAddition, writeCatalogue } from './catalogue';
import { createSiteRows } from './create-rows';
import { lookupItem } from './lookup';
import { type FieldError, type ItemPlan, operationOf, planItem, type SaveContext, SOURCE_EDIT } from './plan';
import { type ItemModel, type MissingUom, UPDATE_BATCH_ITEM } from './presenter';
import { existingItems } from './queries';
import { SaveRefused } from './save-refused';

export { SaveRefused } from './save-refused';

export interface SaveOptions {
  ex: Executor;
  user: string;
  userId: number;
  zoneId: number;
  prefMask: number;
  items: Record<string, unknown>[];
}

export interface SaveResult {
  Saved: number;
  Items: ItemModel[];
  MissingUOMs: Array<MissingUom & { ForItem: string }>;
  Message: string;
}

async function loadContext(o: SaveOptions): Promise<SaveContext> {
  const { ex, zoneId } = o;
  const ids = async (query: ReturnType<typeof sql>) =>
    (await rows<{ id: number | string }>(ex, query)).map((r) => r.id);
  return {
    ex,
    user: o.user,
    zoneId,
    prefMask: o.prefMask,
    departments: await listDepartments(ex, zoneId, 'ALL'),
    taxGroups: new Set((await ids(sql`select id from tax_groups where zone_id = ${zoneId}`)) as number[]),
    redemptions: new Set(
      (await ids(
        sql`select redemption_id as id from redemption_zones where zone_id = ${zoneId}`,
      )) as number[],
    ),
    vendors: new Set((await ids(sql`select id from vendors`)) as string[]),
    uoms: new Set((await ids(sql`select unit as id from uoms`)) as string[]),
  };
}

interface Parsed {
  index: number;
  raw: Record<string, unknown>;
  key: ItemKey;
  op: 'add' | 'update';
  updateKey: string | null;
}

/** Keys and operations of the models; the errors of those that have none. */
function parseModels(items: Record<string, unknown>[]): { parsed: Parsed[]; errors: FieldError[] } {
  const parsed: Parsed[] = [];
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  items.forEach((raw, index) => {
    const fail = (Field: string, Message: string, idplu: string | null = null) =>
      errors.push({ Index: index, idplu, Field, Message });
    const op = operationOf(raw);
    if (op !== 'add' && op !== 'update') {
      fail('operation', `Unknown operation '${op}'; use 'Add Item' or '${UPDATE_BATCH_ITEM}'.`);
      return;
    }
    const rawId = raw.ID == null ? '' : String(raw.ID);
    const id = parseItemId(rawId);
    const isClone =
      (raw.CloneOf != null && raw.CloneOf !== '') ||
      (typeof raw.Status === 'string' && /^clon/i.test(raw.Status.trim()));
    if (!id.ok) {
      fail('ID', id.code === 'REQUIRED' && isClone ? msg('CLONE_ID_REQUIRED') : MESSAGES[id.code]);
      return;
    }
    const pack = normalizePackSize((raw.PackSize ?? '') as string | number);
    if (!pack.ok) {
      fail('PackSize', MESSAGES[pack.code], id.value);
      return;
    }
    const key = { itemId: id.value, packSize: pack.value };
    const k = itemKey(key.itemId, key.packSize);
    if (seen.has(k)) {
      fail('ID', msg('ITEM_ALREADY_ADDED', { item: k }), k);
      return;
    }
    seen.add(k);
    const uk = raw.UpdateKey;
    parsed.push({
      index,
      raw,
      key,
      op,
      updateKey: op === 'update' && uk != null && uk !== '' ? String(uk) : null,
    });
  });
  return { parsed, errors };
}

/** Items named in MissingUOMs: a unit added to one marks it pending wherever it is carried. */
function missingUomKeys(items: Record<string, unknown>[]): ItemKey[] {
  return items
    .flatMap((raw) => (Array.isArray(raw.MissingUOMs) ? (raw.MissingUOMs as unknown[]) : []))
    .flatMap((m) => {
      const row = (m ?? {}) as Record<string, unknown>;
      const id = parseItemId(String(row.ItemID ?? ''));
      const pack = normalizePackSize((row.ItemPkSz ?? '') as string | number);
      return id.ok && pack.ok ? [{ itemId: id.value, packSize: pack.value }] : [];
    });
}

/**
 * Links must name an item of the catalogue or one this save creates; units added for a missing UOM
 * must belong to such an item too. Returns the errors and the additions for items outside the save.
 */
async function checkLinks(ex: Executor, plans: ItemPlan[]) {
  const errors: FieldError[] = [];
  const inSave = new Map(plans.map((p) => [p.idplu, p]));
  const named = plans.flatMap((p) => [
    ...p.catalogue.recipes.map((r) => ({ itemId: r.ItemID, packSize: r.ItemPkSz })),
    ...p.missingUoms.map((m) => ({ itemId: m.ItemID, packSize: m.ItemPkSz })),
  ]);
  const known = await existingItems(ex, named);
  const exists = (k: string) => known.has(k) || inSave.has(k);
  const external: UomAddition[] = [];
  for (const p of plans) {
    p.catalogue.recipes.forEach((r, i) => {
      const k = itemKey(r.ItemID, r.ItemPkSz);
      if (!exists(k))
        errors.push({
          Index: p.index,
          idplu: p.idplu,
          Field: `Recipes.${i}.ItemID`,
          Message: `Linked item ${k} does not exist.`,
        });
    });
    p.missingUoms.forEach((m, i) => {
      const k = itemKey(m.ItemID, m.ItemPkSz);
      if (!exists(k)) {
        errors.push({
          Index: p.index,
          idplu: p.idplu,
          Field: `MissingUOMs.${i}.ItemID`,
          Message: `Item ${k} does not exist.`,
        });
        return;
      }
      // The quantity of the unit: as given, else the UnitQty of a link naming it, else 1.
      const link = plans
        .flatMap((q) => q.catalogue.recipes)
        .find((r) => itemKey(r.ItemID, r.ItemPkSz) === k && r.Unit === m.Unit && r.UnitQty !== null);
      const qty = m.Qty ?? link?.UnitQty ?? '1';
      const target = inSave.get(k);
      if (target) {
        if (!target.catalogue.uoms.has(m.Unit)) target.catalogue.uoms.set(m.Unit, qty);
      } else external.push({ itemId: m.ItemID, packSize: m.ItemPkSz, unit: m.Unit, qty });
    });
  }
  return { errors, external };
}

/** Updates of existing items, grouped by the fields they write (writeSiteItems takes one field list). */
async function updateSiteRows(ex: Executor, scope: WriteScope, user: string, updates: ItemPlan[]) {
  const groups = new Map<string, ItemPlan[]>();
  for (const p of updates) {
    const sig = p.fields.join(',');
    groups.set(sig, [...(groups.get(sig) ?? []), p]);
  }
  for (const group of groups.values()) {
    const fields = group[0].fields;
    await writeSiteItems({
      ex,
      scope,
      user,
      source: group[0].source,
      zoneId: scope.zoneId,
      fields,
      // UpdateKeys were checked (and the rows locked) at the start of the save.
      changes: group.map((p) => ({
        itemId: p.key.itemId,
        packSize: p.key.packSize,
        values: Object.fromEntries(fields.map((f) => [f, p.values[f]])),
        updateKey: null,
      })),
    });
  }
}

/** Saves the models (see the module comment). Runs inside the caller's transaction. */
export async function saveItems(o: SaveOptions): Promise<SaveResult> {
  const { ex, user, zoneId } = o;
  const multi = o.items.length > 1;
  if (o.items.length === 0)
    throw new SaveRefused(
      [{ Index: 0, idplu: null, Field: 'Items', Message: msg('NOT_MODIFIED_ANY_ITEM') }],
      false,
    );
  const { parsed, errors } = parseModels(o.items);
  if (errors.length) throw new SaveRefused(errors, multi);
  // Catalogue changes mark the items pending wherever they are carried: lock those zones too.
  const scope = await beginWrite(ex, {
    userId: o.userId,
    zoneId,
    catalogueItems: [...parsed.map((p) => p.key), ...missingUomKeys(o.items)],
  });

  await checkUpdateKeys(
    ex,
    zoneId,
    parsed
      .filter((p) => p.updateKey !== null)
      .map((p) => ({ itemId: p.key.itemId, packSize: p.key.packSize, values: {}, updateKey: p.updateKey })),
  );

  const ctx = await loadContext(o);
  const plans: ItemPlan[] = [];
  for (const p of parsed) {
    const out = await planItem(ctx, p.index, p.raw, p.key, p.op);
    errors.push(...out.errors);
    if (out.plan) plans.push(out.plan);
  }
  if (errors.length) throw new SaveRefused(errors, multi);
  const links = await checkLinks(ex, plans);
  if (links.errors.length) throw new SaveRefused(links.errors, multi);

  const zoneSites = await zoneSiteIds(ex, zoneId);
  const adds = plans.filter((p) => p.op === 'add');
  if (adds.length && zoneSites.length === 0) {
    throw new SaveRefused(
      adds.map((p) => ({
        Index: p.index,
        idplu: p.idplu,
        Field: 'ZoneSetupID',
        Message: 'This zone has no sites.',
      })),
      multi,
    );
  }
  // An update writes when a site field or a catalogue fact changes; an unchanged item is left as is.
  const catalogueChanged = plans.filter((p) => catalogueDiffers(p.catalogue, p.stored));
  const updates = plans.filter(
    (p) => p.op === 'update' && (p.fields.length > 0 || catalogueChanged.includes(p)),
  );

  await writeCatalogue(
    ex,
    plans
      .filter((p) => p.op === 'add' || catalogueChanged.includes(p))
      .map((p) => ({ itemId: p.key.itemId, packSize: p.key.packSize, target: p.catalogue })),
  );
  const externallyChanged = await addUoms(ex, links.external);

  await createSiteRows(ex, { user, zoneId, adds, zoneSites });
  if (adds.length)
    await refreshZoneSummary(ex, {
      zoneIds: await zonesOfSites(ex, zoneSites),
      items: adds.map((p) => p.key),
    });
  await updateSiteRows(ex, scope, user, updates);

  // Catalogue changes mark the item pending at the sites outside the zone too.
  const touched: number[] = [];
  for (const source of new Set(catalogueChanged.map((p) => p.source))) {
    touched.push(
      ...(await touchSites(ex, {
        user,
        source,
        keys: catalogueChanged.filter((p) => p.source === source).map((p) => p.key),
        exceptZoneId: zoneId,
      })),
    );
  }
  touched.push(
    ...(await touchSites(ex, { user, source: SOURCE_EDIT, keys: externallyChanged, exceptZoneId: null })),
  );
  if (touched.length) {
    await refreshZoneSummary(ex, {
      zoneIds: await zonesOfSites(ex, [...new Set(touched)]),
      items: [...catalogueChanged.map((p) => p.key), ...externallyChanged],
    });
  }

  const items: ItemModel[] = [];
  for (const p of plans) {
    const item = await lookupItem(ex, zoneId, p.key);
    item.Message = msg('ITEM_KEY_SAVED', { item: p.idplu });
    items.push(item);
  }
  return {
    Saved: plans.length,
    Items: items,
    MissingUOMs: items.flatMap((i) => i.MissingUOMs.map((m) => ({ ...m, ForItem: i.idplu }))),
    Message:
      plans.length === 1
        ? msg('ITEM_KEY_SAVED', { item: plans[0].idplu })
        : msg('ITEMS_SAVED', { n: plans.length }),
  };
}
