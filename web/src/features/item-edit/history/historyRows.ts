/**
 * The History view's grid rows (spec §2.6): grouped by SiteNo. AG Grid Community has no row
 * grouping, so each site gets a group row followed by its changes; collapsed groups hide them.
 */
import type { ItemHistoryRow } from '@cpb/domain';
import dayjs from 'dayjs';

export type HistoryGridRow =
  | { kind: 'group'; id: string; SiteNo: number; SiteName: string; count: number }
  | ({ kind: 'change'; id: string } & ItemHistoryRow);

/** Group rows by site number (ascending); each site's changes keep the server's order (newest first). */
export function groupHistory(rows: readonly ItemHistoryRow[]): HistoryGridRow[] {
  const sites = new Map<number, ItemHistoryRow[]>();
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

/** Date and time of a change as the user reads them: MM/DD/YYYY hh:mm AM, on the user's clock. */
export function historyDate(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('MM/DD/YYYY hh:mm A') : iso;
}
