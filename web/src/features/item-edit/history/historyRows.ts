/**
 * The History view's grid rows (spec §2.6): grouped by SiteNo. AG Grid Community has no row
 * grouping, so each site gets a group row followed by its changes; collapsed groups hide them.
 */
import { formatUsDate } from '@cpb/domain';
import type { HistoryRow } from '../model/itemTypes';

export type HistoryGridRow =
  | { kind: 'group'; id: string; SiteNo: number; SiteName: string; count: number }
  | ({ kind: 'change'; id: string } & HistoryRow);

/** Group rows by site number (ascending); each site's changes keep the server's order (newest first). */
export function groupHistory(rows: readonly HistoryRow[]): HistoryGridRow[] {
  const sites = new Map<number, HistoryRow[]>();
  for (const r of rows) sites.set(r.SiteNo, [...(sites.get(r.SiteNo) ?? []), r]);
  return [...sites.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([siteNo, changes]) => [
      {
        kind: 'group' as const,
        id: `site-${siteNo}`,
        SiteNo: siteNo,
        SiteName: changes[0].SiteName,
        count: changes.length,
      },
      ...changes.map((c, i) => ({ kind: 'change' as const, id: `site-${siteNo}-${i}`, ...c })),
    ]);
}

/** Date as MM/DD/YYYY in the user's time zone. */
export function historyDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return formatUsDate(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`);
}
