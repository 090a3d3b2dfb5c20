/**
 * The Distribute to Sites reports, from the same plan the site handler writes (plan.ts):
 * - Preview: per site, the adds, changes and deletes that would go (what the file would hold);
 * - Item Conflicts: per site, the planned rows the register would refuse (a department or tax group
 *   the site's zones lack, a price out of range, a UPC used by two IDs) and the records the store
 *   refused in its last acknowledgement (`site_refusals`).
 */
import {
  type DtsConflictRow,
  type DtsPreviewRow,
  formatDeptSub,
  fromMinor,
  MAX_PRICE_CENTS,
  PRICE_SCALE,
  toMinor,
} from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { Turn } from '../../lib/request-gate';
import type { TaskSite } from '../transfers/types';
import { latestChange, type PlanRow, planSite, type SitePlan } from './plan';

const ACTION_ORDER = { add: 0, change: 1, delete: 2 } as const;

/** Read in short statements, each in its own turn at the database gate (none by default). */
const now: Turn = (work) => work();

async function plans(ex: Executor, sites: TaskSite[], full: boolean, turn: Turn): Promise<SitePlan[]> {
  const to = await turn(() => latestChange(ex));
  const out: SitePlan[] = [];
  for (const site of sites) out.push(await planSite(ex, site, { full, toWatermark: to, turn }));
  return out;
}

export async function previewRows(
  ex: Executor,
  sites: TaskSite[],
  full: boolean,
  turn: Turn = now,
): Promise<DtsPreviewRow[]> {
  return (await plans(ex, sites, full, turn)).flatMap((p) =>
    [...p.send]
      .sort(
        (a, b) =>
          ACTION_ORDER[a.action] - ACTION_ORDER[b.action] ||
          a.itemId.localeCompare(b.itemId) ||
          a.packSize - b.packSize,
      )
      .map((r) => ({
        SiteNo: p.site.siteNo,
        Action: r.action,
        ID: r.itemId,
        PackSize: r.packSize,
        Description: r.description,
        DeptSub: formatDeptSub({ dept: r.dept, sub: r.sub }),
        UnitList: r.unitList,
      })),
  );
}

export const MAX_PRICE = fromMinor(MAX_PRICE_CENTS, PRICE_SCALE);

/** The reasons a planned row would be refused, in a fixed order. */
function rowReasons(
  r: PlanRow,
  depts: Set<string>,
  taxGroups: Set<number>,
  sharedUpc: Map<string, string[]>,
): string[] {
  const out: string[] = [];
  const ds = formatDeptSub({ dept: r.dept, sub: r.sub });
  if (!depts.has(ds)) out.push(`Department ${ds} is not set up in the site's zones.`);
  if (r.taxGroupId !== null && !taxGroups.has(r.taxGroupId))
    out.push(`Tax group ${r.taxGroupId} is not set up in the site's zones.`);
  const c = toMinor(r.unitList, PRICE_SCALE);
  if (c <= 0n || c > MAX_PRICE_CENTS) out.push(`Price ${r.unitList} is out of range (0.01 to ${MAX_PRICE}).`);
  const others = sharedUpc.get(`${r.itemId}/${r.packSize}`);
  if (others) out.push(`UPC ${others[0]} is also used by ${others.slice(1).join(', ')}.`);
  return out;
}

export async function conflictRows(
  ex: Executor,
  sites: TaskSite[],
  full: boolean,
  turn: Turn = now,
): Promise<DtsConflictRow[]> {
  const out: DtsConflictRow[] = [];
  for (const p of await plans(ex, sites, full, turn)) {
    const live = p.send.filter((r) => !r.deleted);
    const depts = new Set(p.departments.map((d) => formatDeptSub({ dept: d.dept, sub: d.sub })));
    const taxGroups = new Set(
      (
        await turn(() =>
          rows<{ id: number }>(
            ex,
            sql`select distinct tg.id from tax_groups tg join zone_sites zs on zs.zone_id = tg.zone_id
            where zs.site_id = ${p.site.id}`,
          ),
        )
      ).map((t) => t.id),
    );
    // A UPC another item ID (any pack size) uses too: [upc, the other IDs...] per planned row.
    const shared = new Map<string, string[]>();
    if (live.length) {
      const found = await turn(() =>
        rows<{ item_id: string; pack_size: number; upc: string; others: string[] }>(
          ex,
          sql`select i.item_id, i.pack_size, i.upc_code as upc,
            array(select distinct o.item_id from items o where o.upc_code = i.upc_code and o.item_id <> i.item_id
              order by o.item_id) as others
          from items i
          where i.upc_code is not null and i.item_id = any(${pgArray(
            live.map((r) => r.itemId),
            'text',
          )})
            and exists (select 1 from items o where o.upc_code = i.upc_code and o.item_id <> i.item_id)`,
        ),
      );
      for (const f of found) shared.set(`${f.item_id}/${f.pack_size}`, [f.upc, ...f.others]);
    }
    const rowsOfSite: DtsConflictRow[] = [];
    for (const r of live) {
      for (const reason of rowReasons(r, depts, taxGroups, shared)) {
        rowsOfSite.push({
          SiteNo: p.site.siteNo,
          ID: r.itemId,
          PackSize: r.packSize,
          Description: r.description,
          Reason: reason,
        });
      }
    }
    const refused = await turn(() =>
      rows<{
        item_id: string;
        pack_size: number;
        reason: string;
        ack_file: string;
        description: string | null;
      }>(
        ex,
        sql`select f.item_id, f.pack_size, f.reason, f.ack_file, si.description
        from site_refusals f left join site_items si on si.site_id = f.site_id and si.item_id = f.item_id
          and si.pack_size = f.pack_size
        where f.site_id = ${p.site.id}`,
      ),
    );
    for (const f of refused) {
      rowsOfSite.push({
        SiteNo: p.site.siteNo,
        ID: f.item_id,
        PackSize: f.pack_size,
        Description: f.description ?? '',
        Reason: `Refused by the store (${f.ack_file}): ${f.reason}`,
      });
    }
    rowsOfSite.sort((a, b) => a.ID.localeCompare(b.ID) || a.PackSize - b.PackSize);
    out.push(...rowsOfSite);
  }
  return out;
}
