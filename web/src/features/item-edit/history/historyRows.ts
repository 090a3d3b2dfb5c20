/**
 * The History view's grid rows (spec §2.6): grouped by SiteNo. AG Grid Community has no row
 * grouping, so each site gets a group row followed by its changes; collapsed groups hide them.
 */
import type { ItemHistoryRow } from '@cpb/domain';
import dayjs from 'dayjs';

export type HistoryGridRow =
  | { kind: 'group'; id: string; SiteNo: number; SiteName: string; InZone: boolean; count: number }
  | ({ kind: 'change'; id: string } & ItemHistoryRow);

/**
 * Group rows by site: the zone's own stores first, then other zones' stores (a store that left the
 * zone, or one of another zone carrying the item), each by site number; each site's changes keep
 * the server's order (newest first).
 */
export function groupHistory(rows: readonly ItemHistoryRow[]): HistoryGridRow[] {
  const sites = new Map<number, ItemHistoryRow[]>();
  for (const r of rows) sites.set(r.SiteNo, [...(sites.get(r.SiteNo) ?? []), r]);
  return [...sites.entries()]
    .sort(([a, x], [b, y]) => Number(y[0].InZone) - Number(x[0].InZone) || a - b)
    .flatMap(([siteNo, changes]) => [
      {
        kind: 'group' as const,
        id: `site-${siteNo}`,
        SiteNo: siteNo,
        SiteName: changes[0].SiteName,
        InZone: changes[0].InZone,
        count: changes.length,
      },
      ...changes.map((c, i) => ({ kind: 'change' as const, id: `site-${siteNo}-${i}`, ...c })),
    ]);
}

/**
 * One page of the grouped rows, `size` sites a page: a site's group and its changes are never
 * split over two pages. `pages`: how many pages there are (at least 1).
 */
export function pageOfGroups(
  rows: readonly HistoryGridRow[],
  page: number,
  size: number,
): { rows: HistoryGridRow[]; pages: number } {
  const starts = rows.flatMap((r, i) => (r.kind === 'group' ? [i] : []));
  const pages = Math.max(1, Math.ceil(starts.length / size));
  const p = Math.min(Math.max(1, page), pages);
  const from = starts[(p - 1) * size] ?? rows.length;
  const to = starts[p * size] ?? rows.length;
  return { rows: rows.slice(from, to), pages };
}

/** Date and time of a change as the user reads them: MM/DD/YYYY hh:mm AM, on the user's clock. */
export function historyDate(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('MM/DD/YYYY hh:mm A') : iso;
}
