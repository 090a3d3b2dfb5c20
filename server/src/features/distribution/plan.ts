/**
 * What a Distribute to Sites run sends to one site: the one planning function the site handler,
 * the Preview and the Item Conflicts reports all use.
 *
 * Modifications only: the items of `item_changes` rows above the site's watermark (up to the run's
 * target watermark) that cover the site (`site_id = N`, `N = any(site_ids)` or a site set holding
 * N, each set read once), then the site's current rows of those items (`site_items`, filtered with
 * keysIn()). Full (`initialize`): every
 * live row of the site. Deleted rows go as delete records; rows marked "Do not send to POS" are
 * left out of the file but count as distributed. Departments (MCT) and tax tables (TLT/TST) go
 * on a full send and whenever they differ from the last ones sent to the site (a fingerprint kept
 * in the result of the site's last finished distribution task).
 */

import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { NaxmlDepartment, NaxmlItem, NaxmlTaxLevel } from '../../exchange/naxml/naxml';
import type { Turn } from '../../lib/request-gate';
import { keysIn } from '../pricebook/layers';
import type { TaskSite } from '../transfers/types';
import type { PosItemRow } from './pos-row';

export type PlanAction = 'add' | 'change' | 'delete';

export interface PlanRow extends NaxmlItem {
  /** Row version at the time it was read: what site_item_sent records. */
  version: string;
  sendToPos: boolean;
  /** add: never sent to the site; change: sent before; delete: removed from the site. */
  action: PlanAction;
}

export interface SitePlan {
  site: TaskSite;
  full: boolean;
  fromWatermark: number;
  toWatermark: number;
  /** Every row the run distributes (marked sent), "Do not send to POS" ones included. */
  rows: PlanRow[];
  /** The rows that go in the file. */
  send: PlanRow[];
  departments: NaxmlDepartment[];
  taxLevels: NaxmlTaxLevel[];
  /** Fingerprint of the department and tax tables; sendTables when they go in this file. */
  tables: string;
  sendTables: boolean;
}

/** The kinds whose tasks distribute (DTS, and the DTS a Site Import starts). */
export const DTS_KINDS = ['DTS', 'DTS Import'] as const;

interface RowOut extends PosItemRow {
  version: string;
  sent_before: boolean;
}

const rowColumns = (siteId: number) => sql`si.item_id, si.pack_size, si.deleted, si.description,
  si.receipt_description, si.dept, si.sub, si.unit_list::text as unit_list, si.active, si.tax_group_id,
  si.inv_type, si.send_to_pos, si.version::text as version,
  exists (select 1 from site_item_sent d where d.site_id = ${siteId} and d.item_id = si.item_id
    and d.pack_size = si.pack_size) as sent_before`;

/** The site's watermark: the largest item_changes.id already distributed to it (0 before any). */
export async function siteWatermark(ex: Executor, siteId: number): Promise<number> {
  const [r] = await rows<{ wm: string }>(
    ex,
    sql`select change_watermark::text as wm from site_exchange where site_id = ${siteId}`,
  );
  return r ? Number(r.wm) : 0;
}

/** The newest item_changes.id (no lock: for previews; the handler uses safeWatermark()). */
export async function latestChange(ex: Executor): Promise<number> {
  const [r] = await rows<{ id: string }>(ex, sql`select coalesce(max(id), 0)::text as id from item_changes`);
  return Number(r.id);
}

/** Rows a report reads per statement (a page), each in its own turn at the database gate. */
export const REPORT_PAGE_ROWS = 2000;

const now: Turn = (work) => work();

/** How the rows are read: all at once (the site handler), or a page per turn (the reports). */
interface ReadOptions {
  turn: Turn;
  pageRows: number | null;
}

async function changedRows(
  ex: Executor,
  siteId: number,
  from: number,
  to: number,
  o: ReadOptions,
): Promise<RowOut[]> {
  const keys = await o.turn(() =>
    rows<{ item_id: string; pack_size: number }>(
      ex,
      sql`with range as (select * from item_changes c where c.id > ${from} and c.id <= ${to}),
        sets as (select id from site_sets
          where id in (select site_set_id from range) and ${siteId} = any(site_ids))
        select distinct item_id, pack_size from range c
        where c.site_id = ${siteId} or ${siteId} = any(c.site_ids) or c.site_set_id in (select id from sets)
        order by item_id, pack_size`,
    ),
  );
  const out: RowOut[] = [];
  const size = o.pageRows ?? Math.max(1, keys.length);
  for (let at = 0; at < keys.length; at += size) {
    const page = keys.slice(at, at + size);
    out.push(
      ...(await o.turn(() =>
        rows<RowOut>(
          ex,
          sql`select ${rowColumns(siteId)} from site_items si
            where si.site_id = ${siteId} and ${keysIn(
              'si',
              page.map((k) => ({ itemId: k.item_id, packSize: k.pack_size })),
            )}
            order by si.item_id, si.pack_size`,
        ),
      )),
    );
  }
  return out;
}

async function allRows(ex: Executor, siteId: number, o: ReadOptions): Promise<RowOut[]> {
  const base = sql`select ${rowColumns(siteId)} from site_items si where si.site_id = ${siteId} and not si.deleted`;
  if (o.pageRows === null) return rows<RowOut>(ex, sql`${base} order by si.item_id, si.pack_size`);
  const out: RowOut[] = [];
  let after: RowOut | null = null;
  for (;;) {
    const last: RowOut | null = after;
    const page: RowOut[] = await o.turn(() =>
      rows<RowOut>(
        ex,
        sql`${base} ${last ? sql`and (si.item_id, si.pack_size) > (${last.item_id}, ${last.pack_size})` : sql``}
          order by si.item_id, si.pack_size limit ${o.pageRows}`,
      ),
    );
    out.push(...page);
    if (page.length < (o.pageRows ?? 0) || page.length === 0) return out;
    after = page[page.length - 1];
  }
}

/** The departments of the site's zones (its base zone's name first where two zones differ). */
async function siteDepartments(ex: Executor, siteId: number): Promise<NaxmlDepartment[]> {
  const found = await rows<{ dept: number; sub: number; name: string }>(
    ex,
    sql`select distinct on (d.dept, d.sub) d.dept, d.sub, d.sub_name as name
      from departments d join zone_sites zs on zs.zone_id = d.zone_id join sites s on s.id = zs.site_id
      where zs.site_id = ${siteId}
      order by d.dept, d.sub, (d.zone_id = s.base_zone_id) desc, zs.priority, d.zone_id`,
  );
  return found.map((d) => ({ dept: d.dept, sub: d.sub, name: d.name, active: true, taxGroupId: null }));
}

async function siteTaxLevels(ex: Executor, siteId: number): Promise<NaxmlTaxLevel[]> {
  // Every tax group of the site's zones is a strategy the register must know, with or without levels.
  const found = await rows<{
    tax_group_id: number;
    level_id: number | null;
    rate: string | null;
    description: string;
  }>(
    ex,
    sql`select distinct on (tg.id, tl.level_id) tg.id as tax_group_id, tl.level_id, tl.rate::text as rate,
        coalesce(tl.description, tg.description) as description
      from tax_groups tg join zone_sites zs on zs.zone_id = tg.zone_id join sites s on s.id = zs.site_id
      left join tax_levels tl on tl.zone_id = tg.zone_id and tl.tax_group_id = tg.id
      where zs.site_id = ${siteId}
      order by tg.id, tl.level_id, (tg.zone_id = s.base_zone_id) desc, zs.priority, tg.zone_id`,
  );
  return found.map((t) => ({
    taxGroupId: t.tax_group_id,
    levelId: t.level_id,
    rate: t.rate,
    description: t.description,
  }));
}

/** The tables fingerprint of the site's last finished distribution, if any. */
async function lastTablesSent(ex: Executor, siteId: number): Promise<string | null> {
  const [r] = await rows<{ tables: string | null }>(
    ex,
    sql`select tt.result->>'Tables' as tables from transfer_tasks tt join transfers t on t.id = tt.transfer_id
      where tt.site_id = ${siteId} and tt.status = 'DONE' and t.kind in ('DTS', 'DTS Import')
        and tt.result ? 'Tables'
      order by tt.finished_at desc nulls last, tt.id desc limit 1`,
  );
  return r?.tables ?? null;
}

const toPlanRow = (r: RowOut): PlanRow => ({
  itemId: r.item_id,
  packSize: r.pack_size,
  deleted: r.deleted,
  description: r.description,
  receiptDescription: r.receipt_description,
  dept: r.dept,
  sub: r.sub,
  unitList: r.unit_list,
  active: r.active,
  taxGroupId: r.tax_group_id,
  invType: r.inv_type,
  version: r.version,
  sendToPos: r.send_to_pos,
  action: r.deleted ? 'delete' : r.sent_before ? 'change' : 'add',
});

/**
 * Plans one site's file; `toWatermark` is the run's target (see safeWatermark in dts-site.ts).
 * With `turn` (the reports), rows are read a page at a time, each statement in its own turn.
 */
export async function planSite(
  ex: Executor,
  site: TaskSite,
  o: { full: boolean; toWatermark: number; turn?: Turn },
): Promise<SitePlan> {
  const read: ReadOptions = o.turn
    ? { turn: o.turn, pageRows: REPORT_PAGE_ROWS }
    : { turn: now, pageRows: null };
  const t = read.turn;
  const fromWatermark = await t(() => siteWatermark(ex, site.id));
  const found = o.full
    ? await allRows(ex, site.id, read)
    : await changedRows(ex, site.id, fromWatermark, o.toWatermark, read);
  const planned = found.map(toPlanRow);
  const departments = await t(() => siteDepartments(ex, site.id));
  const taxLevels = await t(() => siteTaxLevels(ex, site.id));
  const tables = createHash('sha256').update(JSON.stringify({ departments, taxLevels })).digest('hex');
  const sendTables = o.full || (await t(() => lastTablesSent(ex, site.id))) !== tables;
  return {
    site,
    full: o.full,
    fromWatermark,
    toWatermark: Math.max(o.toWatermark, fromWatermark),
    rows: planned,
    send: planned.filter((r) => r.sendToPos || r.deleted),
    departments,
    taxLevels,
    tables,
    sendTables,
  };
}

/** The sites of these numbers, in number order; numbers with no site are returned apart. */
export async function sitesByNumber(
  ex: Executor,
  siteNos: readonly number[],
): Promise<{ sites: TaskSite[]; unknown: number[] }> {
  const found = await rows<{ id: number; site_no: number; name: string; exchange_dir: string | null }>(
    ex,
    sql`select id, site_no, name, exchange_dir from sites where site_no in (${sql.join(
      siteNos.map((n) => sql`${n}`),
      sql`, `,
    )}) order by site_no`,
  );
  const sites = found.map((s) => ({
    id: s.id,
    siteNo: s.site_no,
    name: s.name,
    exchangeDir: s.exchange_dir,
  }));
  return { sites, unknown: siteNos.filter((n) => !sites.some((s) => s.siteNo === n)) };
}
