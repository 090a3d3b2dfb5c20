/**
 * updateBatchItem: saves a list of item models in one transaction. New items and clones ('Add
 * Item') are created at every site of the zone; existing items ('UpdateBatchItem') change at the
 * zone's sites that carry them, through writeSiteItems. Catalogue facts are replaced where the
 * model sends them, and mark the item pending everywhere it is carried. Any refusal throws before
 * anything is written; the caller's transaction makes the whole list all or nothing.
 */
import { itemKey, MESSAGES, msg, normalizePackSize, parseItemId } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { listDepartments } from '../lookups/queries';
import { HISTORY_VALUES } from '../pricebook/fields';
import { type ItemKey, refreshZoneSummary, zonesOfSites } from '../pricebook/summary';
import { checkUpdateKeys, NEXT_VERSION, writeSiteItems, zoneSiteIds } from '../pricebook/write';
import { beginWrite, type WriteScope } from '../pricebook/write-scope';
import { addUoms, catalogueDiffers, touchSites, type UomAddition, writeCatalogue } from './catalogue';
import { lookupItem } from './lookup';
import { type FieldError, type ItemPlan, operationOf, planItem, type SaveContext, SOURCE_EDIT } from './plan';
import { type ItemModel, type MissingUom, UPDATE_BATCH_ITEM } from './presenter';
import { existingItems } from './queries';

/** A save refused for the listed reasons: status 420 with every error. */
export class SaveRefused extends AppError {
  readonly errors: FieldError[];
  constructor(errors: FieldError[], multi: boolean) {
    super(
      'CANNOT_SAVE',
      errors.map((e) => `${multi && e.idplu ? `${e.idplu} ` : ''}${e.Field}: ${e.Message}`).join('; '),
    );
    this.errors = errors;
  }
}

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

/** Inserts the new items' rows at every site of the zone (reviving rows removed earlier), with history. */
async function createSiteRows(ex: Executor, user: string, adds: ItemPlan[], zoneSites: number[]) {
  if (adds.length === 0) return;
  const col = (f: keyof ItemPlan['values'], type: string) =>
    pgArray(
      adds.map((p) => p.values[f]),
      type,
    );
  const created = await rows<{ item_id: string; pack_size: number; n: number }>(
    ex,
    sql`with v as (
        select * from unnest(${pgArray(
          adds.map((p) => p.key.itemId),
          'text',
        )}, ${pgArray(
          adds.map((p) => p.key.packSize),
          'int',
        )}, ${col('description', 'text')}, ${col('receiptDescription', 'text')}, ${col('invType', 'text')},
          ${col('dept', 'int')}, ${col('sub', 'int')}, ${col('unitList', 'numeric')}, ${col('unitCost', 'numeric')},
          ${col('taxGroupId', 'int')}, ${col('redemptionId', 'int')}, ${col('active', 'boolean')},
          ${col('minOnHand', 'int')}, ${col('maxOnHand', 'int')}, ${col('minPurchaseQty', 'int')},
          ${col('vendorId', 'text')}, ${col('sendToPos', 'boolean')})
        as v(item_id, pack_size, description, receipt_description, inv_type, dept, sub, unit_list, unit_cost,
          tax_group_id, redemption_id, active, min_on_hand, max_on_hand, min_purchase_qty, vendor_id, send_to_pos)),
      ins as (
        insert into site_items (site_id, item_id, pack_size, description, receipt_description, inv_type, dept, sub,
          unit_list, unit_cost, tax_group_id, redemption_id, active, min_on_hand, max_on_hand, min_purchase_qty,
          vendor_id, send_to_pos, updated_by)
        select s.site_id, v.item_id, v.pack_size, v.description, v.receipt_description, v.inv_type, v.dept, v.sub,
          v.unit_list, v.unit_cost, v.tax_group_id, v.redemption_id, v.active, v.min_on_hand, v.max_on_hand,
          v.min_purchase_qty, v.vendor_id, v.send_to_pos, ${user}
        from v cross join unnest(${pgArray(zoneSites, 'int')}) as s(site_id)
        on conflict (site_id, item_id, pack_size) do update set description = excluded.description,
          receipt_description = excluded.receipt_description, inv_type = excluded.inv_type, dept = excluded.dept,
          sub = excluded.sub, unit_list = excluded.unit_list, unit_cost = excluded.unit_cost,
          tax_group_id = excluded.tax_group_id, redemption_id = excluded.redemption_id, active = excluded.active,
          min_on_hand = excluded.min_on_hand, max_on_hand = excluded.max_on_hand,
          min_purchase_qty = excluded.min_purchase_qty, vendor_id = excluded.vendor_id,
          send_to_pos = excluded.send_to_pos, deleted = false, version = ${NEXT_VERSION},
          updated_at = now(), updated_by = excluded.updated_by
          where site_items.deleted
        returning site_items.*),
      hist as (
        insert into item_history (site_id, item_id, pack_size, changed_by, source, dept, sub, unit_list, values_after)
        select site_id, item_id, pack_size, ${user}, ${adds[0].source}, dept, sub, unit_list, ${HISTORY_VALUES} from ins)
      select item_id, pack_size, count(*)::int as n from ins group by item_id, pack_size`,
  );
  const made = new Map(created.map((c) => [itemKey(c.item_id, c.pack_size), c.n]));
  const raced = adds.filter((p) => made.get(p.idplu) !== zoneSites.length);
  if (raced.length) {
    // Another save created the item at some site of the zone meanwhile.
    throw new SaveRefused(
      raced.map((p) => ({
        Index: p.index,
        idplu: p.idplu,
        Field: 'ID',
        Message: MESSAGES.ID_ALREADY_EXISTS,
      })),
      adds.length > 1,
    );
  }
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

  await createSiteRows(ex, user, adds, zoneSites);
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
