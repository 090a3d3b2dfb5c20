/**
 * Runs a batch operation of Item Adjustment: reads the selected items' zone values, lets the
 * operation plan the change (new values per item and the preview rows), then either returns the
 * preview or writes it in one transaction. The preview and the write come from the same plan, so
 * OK applies exactly what Preview showed.
 */
import {
  type BatchBase,
  type BatchContract,
  type BatchResult,
  type BodyOut,
  itemKey,
  msg,
  type PreviewRow,
  type PreviewSite,
} from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pgArray } from '../../db/arrays';
import type { Db, Executor } from '../../db/client';
import { onPostgres, rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { loadZoneAccess } from '../auth/prefs';
import { assertWritableSites } from '../auth/site-access';
import type { NegCostService } from '../negcost/service';
import type { FieldName } from '../pricebook/fields';
import { keysIn, keysTable } from '../pricebook/layers';
import type { ItemKey } from '../pricebook/summary';
import {
  assertCurrentKeys,
  type ItemChange,
  type LayoutRow,
  layoutQuery,
  listSome,
  type WriteRequest,
  type WriteResult,
  writeSiteItems,
} from '../pricebook/write';
import { beginWrite, FEW_ITEMS } from '../pricebook/write-scope';
import type { PricingEventService } from '../pricing-events/service';
import { type ItemRow, keptFlagsOf, type PriceItemRow } from './presenter';
import { ROW_SHAPES, type RowShape } from './zone-rows';

export interface SelectedItem {
  ID: string;
  PackSize: number;
  UpdateKey?: string | null;
}

/** What Item Adjustment uses of the app's services (services.ts): the database, and the features its operations write through. */
export interface ItemAdjustServices {
  db: Db;
  pricingEvents: PricingEventService;
  negCosts: NegCostService;
}

export interface BatchContext {
  ex: Executor;
  user: string;
  userId: number;
  zoneId: number;
  prefMask: number;
  /** What an operation calls for work besides site rows (pricing events, negotiated costs). */
  services: ItemAdjustServices;
}

export interface Plan {
  fields: FieldName[];
  changes: ItemChange[];
  /** The preview rows; a function when they need names read from the database (only Preview calls it). */
  preview: PreviewRow[] | (() => Promise<PreviewRow[]>);
  /** Work besides site rows (catalogue facts, events), done inside the same transaction. */
  extra?: (ex: Executor) => Promise<void>;
  /** When set, nothing is written to site rows (e.g. a pricing event is created instead). */
  skipSiteWrite?: boolean;
  savedCount?: number;
  message?: string;
}

/**
 * A batch operation: the call it answers (its body schema), the rows it reads of the selection
 * (whole zone rows, or fewer columns where the op needs less: ROW_SHAPES) and how it plans the
 * change from them.
 */
export interface BatchOp<C extends BatchContract = BatchContract, R extends PriceItemRow = ItemRow> {
  call: C;
  /** History source and report title. */
  name: string;
  rows: RowShape<R>;
  plan(ctx: BatchContext, body: BodyOut<C>, current: R[]): Promise<Plan>;
}

/** Defines the operation of a batch call; its body is the call's schema's output. Reads whole rows unless `rows` says. */
export function defineBatchOp<C extends BatchContract>(
  call: C,
  op: Omit<BatchOp<C>, 'call' | 'rows'>,
): BatchOp<C>;
export function defineBatchOp<C extends BatchContract, R extends PriceItemRow>(
  call: C,
  op: Omit<BatchOp<C, R>, 'call'>,
): BatchOp<C, R>;
export function defineBatchOp<C extends BatchContract>(call: C, op: Omit<BatchOp<C>, 'call' | 'rows'>) {
  return { call, rows: ROW_SHAPES.whole, ...op };
}

/** The zone's summary rows of the selected items, in selection order; unknown items are an error. */
export async function loadSelected<R extends PriceItemRow = ItemRow>(
  ex: Executor,
  zoneId: number,
  selected: SelectedItem[],
  shape: RowShape<R> = ROW_SHAPES.whole as unknown as RowShape<R>,
): Promise<R[]> {
  return (await readSelected(ex, zoneId, selected, null, shape)).current;
}

/**
 * loadSelected for a write, after beginWrite locked the zone, and in the same statement what
 * writeSiteItems would read next: whether any selected item has a live own row at some store
 * (`ownRows`) and at a store whose base zone is this one (`ownRowsAtBase`), and the write's layout
 * for this coverage (`layout`).
 */
export async function loadForWrite<R extends PriceItemRow = ItemRow>(
  ex: Executor,
  zoneId: number,
  selected: SelectedItem[],
  coverage: number[] | null = null,
  shape: RowShape<R> = ROW_SHAPES.whole as unknown as RowShape<R>,
): Promise<{
  current: R[];
  ownRows: boolean;
  ownRowsAtBase: boolean;
  layout: NonNullable<WriteRequest['layout']>;
}> {
  const named = (coverage ?? []).map(Math.abs);
  const r = await readSelected(ex, zoneId, selected, named, shape);
  return {
    current: r.current,
    ownRows: r.own,
    ownRowsAtBase: r.ownAtBase,
    layout: { named, rows: r.layout },
  };
}

/**
 * Selections of at least this many items read plain rows on PostgreSQL: node-postgres converts
 * 5,000 rows of 29 columns in about half the time of the same rows as JSON, which is worth the one
 * more round trip it costs (the write's facts come in a statement of their own). PGlite converts
 * JSON three times faster than rows, and a small call keeps its one statement.
 */
export const PLAIN_ROWS_FROM = 500;

/**
 * The selected items' rows in `shape` and, with `named` (the coverage's stores), the write's facts
 * (loadForWrite).
 */
export async function readSelected<R extends PriceItemRow>(
  ex: Executor,
  zoneId: number,
  selected: SelectedItem[],
  named: number[] | null,
  shape: RowShape<R>,
  plainRowsFrom = PLAIN_ROWS_FROM,
) {
  const keys = selected.map((s) => ({ itemId: s.ID, packSize: s.PackSize }));
  // A few items are looked up by the own rows' item index (keysIn), which a kept plan uses
  // too (fewItems); a join of their table is the plan for many.
  const ownOf =
    keys.length <= FEW_ITEMS
      ? sql`select 1 from site_exceptions e where ${keysIn('e', keys)} and not e.deleted`
      : sql`select 1 from ${keysTable(keys)} join site_exceptions e
          on e.item_id = k.item_id and e.pack_size = k.pack_size and not e.deleted`;
  // Also whether those rows are at the zone's base stores (a store whose base is another zone has
  // own rows of what it was written from this one): without, a zone that shares a store writes in
  // one statement (300 items on the demo: 26 ms, not 69 in six).
  const ownAtBase = sql`exists (${ownOf} and e.site_id in (select id from sites where base_zone_id = ${zoneId}))`;
  const forWrite = named
    ? sql`exists (${ownOf}) as own, ${ownAtBase} as own_base,
        (select coalesce(json_agg(l), '[]') from (${layoutQuery(zoneId, named)}) l) as layout`
    : null;
  const zoneRows = sql`from zone_items zi join zones z on z.id = zi.zone_id
    where zi.zone_id = ${zoneId} and ${keysIn('zi', keys)}`;
  type Facts = { own?: boolean; own_base?: boolean | null; layout?: LayoutRow[] };
  let found: R[];
  let facts: Facts = {};
  if (keys.length >= plainRowsFrom && onPostgres(ex)) {
    found = (await rows<Record<string, unknown>>(ex, sql`select ${shape.columns} ${zoneRows}`)).map(
      shape.fromRow,
    );
    if (forWrite) [facts] = await rows<Facts>(ex, sql`select ${forWrite}`);
  } else {
    // One JSON value rather than 5,000 rows of 29 columns, a JSON array per row (a third of the
    // bytes of an object per row).
    const [r] = await rows<Facts & { found: unknown[][] }>(
      ex,
      sql`select coalesce(json_agg(${shape.array}), '[]') as found ${forWrite ? sql`, ${forWrite}` : sql``} ${zoneRows}`,
    );
    found = r.found.map(shape.fromArray);
    facts = r;
  }
  const { own, own_base, layout } = facts;
  const byKey = new Map(found.map((r) => [r.idplu, r]));
  const missing = selected.filter((s) => !byKey.has(itemKey(s.ID, s.PackSize)));
  if (missing.length) {
    throw new AppError(
      'VALIDATION',
      `SelectedItems: not in this zone: ${listSome(missing.map((m) => itemKey(m.ID, m.PackSize)))}`,
    );
  }
  // Each item once, in the order first selected.
  const unique = [...new Set(selected.map((s) => itemKey(s.ID, s.PackSize)))];
  return {
    current: unique.map((k) => byKey.get(k)!),
    own: own ?? true,
    ownAtBase: own_base ?? own ?? true,
    layout: layout ?? [],
  };
}

/** The kept summary flags of the rows read after the zone was locked, by item (WriteRequest.flagsBefore). */
function flagsOf(current: PriceItemRow[]) {
  const byKey = new Map(current.map((r) => [r.idplu, r]));
  return (c: ItemKey) => {
    const r = byKey.get(itemKey(c.itemId, c.packSize));
    return r && keptFlagsOf(r);
  };
}

/** The selection by item key, built once per request (a batch looks up every item in it). */
const selectionIndex = new WeakMap<SelectedItem[], Map<string, SelectedItem>>();

/** A change for an item that carries the client's UpdateKey. */
export function changeFor(
  row: PriceItemRow,
  selected: SelectedItem[],
  values: ItemChange['values'],
): ItemChange {
  let index = selectionIndex.get(selected);
  if (!index) {
    index = new Map();
    for (const s of selected) {
      const k = itemKey(s.ID, s.PackSize);
      if (!index.has(k)) index.set(k, s);
    }
    selectionIndex.set(selected, index);
  }
  const sel = index.get(itemKey(row.ID, row.PackSize));
  return { itemId: row.ID, packSize: row.PackSize, values, updateKey: sel?.UpdateKey ?? null };
}

type BatchBaseBody = z.output<typeof BatchBase>;

export interface RunOptions<C extends BatchContract, R extends PriceItemRow> {
  /** Without the preference mask: a write reads it in beginWrite, a Preview with the zone check. */
  ctx: Omit<BatchContext, 'ex' | 'prefMask'>;
  op: BatchOp<C, R>;
  /** The call's body: what every batch carries (zone, selection, coverage, Preview) and the dialog's fields. */
  body: BodyOut<C> & BatchBaseBody;
  /** Where a failed batch's cause (SQL, parameters) goes; the client only hears that it failed. */
  log: { error(obj: object, message: string): void };
}

/** The stores OK writes to: the coverage's sites, or every site of the zone without one. */
async function previewSites(ex: Executor, zoneId: number, coverage: number[] | null): Promise<PreviewSite[]> {
  const found = coverage
    ? await rows<{ id: number; site_no: number; name: string }>(
        ex,
        sql`select id, site_no, name from sites where id = any(${pgArray(
          coverage.map((s) => Math.abs(s)),
          'int',
        )}) order by site_no`,
      )
    : await rows<{ id: number; site_no: number; name: string }>(
        ex,
        sql`select s.id, s.site_no, s.name from sites s join zone_sites zs on zs.site_id = s.id
          where zs.zone_id = ${zoneId} order by s.site_no`,
      );
  const removed = new Set((coverage ?? []).filter((s) => s < 0).map((s) => -s));
  return found.map((s) => ({ SiteNo: s.site_no, SiteName: s.name, Remove: removed.has(s.id) }));
}

export async function runBatch<C extends BatchContract, R extends PriceItemRow>({
  ctx,
  op,
  body,
  log,
}: RunOptions<C, R>): Promise<BatchResult> {
  const { db } = ctx.services;
  // Coverage carries SetupIDs, negative ones to remove the item there: each must be the user's.
  const coverageSites = (body.Coverage ?? []).map((s) => Math.abs(s));
  if (body.Preview) {
    const access = await loadZoneAccess(db, ctx.userId, ctx.zoneId);
    if (!access.allowed) throw new AppError('FORBIDDEN', msg('FORBIDDEN_ZONE'));
    await assertWritableSites(db, ctx.userId, coverageSites);
    const current = await loadSelected(db, ctx.zoneId, body.SelectedItems, op.rows);
    const plan = await op.plan({ ...ctx, prefMask: access.prefMask, ex: db }, body, current);
    const sites = await previewSites(db, ctx.zoneId, body.Coverage ?? null);
    const rows = typeof plan.preview === 'function' ? await plan.preview() : plan.preview;
    return { Preview: true, Title: op.name, Rows: rows, Sites: sites };
  }
  try {
    return await db.transaction(async (tx) => {
      const scope = await beginWrite(tx, {
        userId: ctx.userId,
        zoneId: ctx.zoneId,
        siteIds: coverageSites,
        // A refused zone reads as from the zone guard the reads use.
        zoneField: null,
        fewItems: body.SelectedItems.length <= FEW_ITEMS,
      });
      const { current, ownRows, ownRowsAtBase, layout } = await loadForWrite(
        tx,
        ctx.zoneId,
        body.SelectedItems,
        body.Coverage ?? null,
        op.rows,
      );
      const plan = await op.plan({ ...ctx, prefMask: scope.prefMask, ex: tx }, body, current);
      assertCurrentKeys(plan.changes, new Map(current.map((r) => [r.idplu, r.UpdateKey])));
      if (plan.extra) await plan.extra(tx);
      let result: WriteResult = {
        items: plan.savedCount ?? current.length,
        siteRows: 0,
        removed: 0,
        zones: [],
      };
      if (!plan.skipSiteWrite) {
        result = await writeSiteItems({
          ex: tx,
          scope,
          user: ctx.user,
          source: op.name,
          zoneId: ctx.zoneId,
          fields: plan.fields,
          changes: plan.changes,
          coverage: body.Coverage ?? null,
          // `current` was read after the zone was locked: its keys are the current ones.
          keysChecked: true,
          ownRows,
          ownRowsAtBase,
          layout,
          flagsBefore: flagsOf(current),
        });
      }
      const saved = plan.skipSiteWrite ? result.items : plan.changes.length;
      return {
        Preview: false as const,
        Saved: saved,
        Message: plan.message ?? msg('ITEMS_SAVED', { n: saved }),
        SiteRows: result.siteRows,
        Removed: result.removed,
        Zones: result.zones,
      };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The cause names tables, SQL and the request's values: for the log, not for the client.
    log.error({ err, batch: op.name, zoneId: ctx.zoneId, user: ctx.user }, 'batch update failed');
    throw new AppError('BATCH_FAILED', msg('BATCH_UPD_ERR'));
  }
}
