/**
 * Distribute to Sites as the routes call it: resolve and check the chosen site numbers, start a
 * run (the ready pricing events merged first, events-merge.ts), and the two reports as rows or PDF.
 */
import type { DtsConflictRow, DtsPreviewRow } from '@cpb/domain';
import type { AppConfig } from '../../config';
import type { Db, Executor } from '../../db/client';
import type { Turn } from '../../lib/request-gate';
import { writableSiteNos } from '../auth/site-access';
import { type ReportColumn, renderTablePdf } from '../reports/pdf';
import { insertTransfer, type StartTransfer } from '../transfers/start';
import type { TaskSite } from '../transfers/types';
import { conflictRows, previewRows } from './dts-reports';
import { type MergeOutcome, mergeReadyEvents } from './events-merge';
import { sitesByNumber } from './plan';

/** Starts a transfer in the caller's transaction; returns its id (the queue's start once it is there). */
export type StartInTx = (ex: Executor, o: StartTransfer) => Promise<number>;

export type DtsReportName = 'preview' | 'invalidItemsPerSite';

export const DTS_REPORT_TITLES: Record<DtsReportName, string> = {
  preview: 'Distribute to Sites Preview',
  invalidItemsPerSite: 'Item Conflicts',
};

const PREVIEW_COLUMNS: ReportColumn[] = [
  { field: 'SiteNo', header: 'Site', numeric: true },
  { field: 'Action', header: 'Action' },
  { field: 'ID', header: 'ID' },
  { field: 'PackSize', header: 'Size', numeric: true },
  { field: 'Description', header: 'Description' },
  { field: 'DeptSub', header: 'Dept/Sub' },
  { field: 'UnitList', header: 'Unit List', numeric: true },
];

const CONFLICT_COLUMNS: ReportColumn[] = [
  { field: 'SiteNo', header: 'Site', numeric: true },
  { field: 'ID', header: 'ID' },
  { field: 'PackSize', header: 'Size', numeric: true },
  { field: 'Description', header: 'Description' },
  { field: 'Reason', header: 'Reason' },
];

export function dtsService(deps: { db: Db; config: AppConfig; start?: StartInTx }) {
  const start = deps.start ?? insertTransfer;

  /** The sites of these numbers: 403 unless every one is the user's (an unknown number alike). */
  async function userSites(userId: number, siteNos: number[]): Promise<TaskSite[]> {
    await writableSiteNos(deps.db, userId, siteNos);
    return (await sitesByNumber(deps.db, siteNos)).sites;
  }

  return {
    userSites,

    /** Merges the ready pricing events, then starts the run with one task per site (one transaction). */
    async start(o: {
      userId: number;
      userName: string;
      siteIds: number[];
      bModsOnly: boolean;
      kind?: 'DTS' | 'DTS Import';
      /** Extra options kept on the run (e.g. the Site Import that started it). */
      options?: Record<string, unknown>;
    }): Promise<{ transferId: number; events: MergeOutcome }> {
      const { siteIds } = o;
      return deps.db.transaction(async (tx) => {
        const events = await mergeReadyEvents(tx, { userId: o.userId, userName: o.userName, siteIds });
        const transferId = await start(tx, {
          kind: o.kind ?? 'DTS',
          userName: o.userName,
          siteIds,
          options: { ...o.options, bModsOnly: o.bModsOnly },
        });
        return { transferId, events };
      });
    },

    preview: (sites: TaskSite[], bModsOnly: boolean): Promise<DtsPreviewRow[]> =>
      previewRows(deps.db, sites, !bModsOnly),

    conflicts: (sites: TaskSite[], bModsOnly: boolean): Promise<DtsConflictRow[]> =>
      conflictRows(deps.db, sites, !bModsOnly),

    /**
     * The report as a PDF (letter portrait) and its file name. `turn`: the rows are read a page per
     * turn at the database gate, and the layout waits outside it (the route does not hold it).
     */
    async pdf(
      report: DtsReportName,
      o: { sites: TaskSite[]; bModsOnly: boolean; userName: string; turn?: Turn },
    ): Promise<{ pdf: Buffer; fileName: string }> {
      const rows =
        report === 'preview'
          ? await previewRows(deps.db, o.sites, !o.bModsOnly, o.turn)
          : await conflictRows(deps.db, o.sites, !o.bModsOnly, o.turn);
      const pdf = await renderTablePdf({
        title: DTS_REPORT_TITLES[report],
        subtitle: `Sites ${o.sites.map((s) => s.siteNo).join(', ')}`,
        note: o.bModsOnly ? 'Modifications only' : 'All items',
        userName: o.userName,
        columns: report === 'preview' ? PREVIEW_COLUMNS : CONFLICT_COLUMNS,
        rows,
        timeZone: deps.config.businessTimeZone,
      });
      return { pdf, fileName: `${report}.pdf` };
    },
  };
}

export type DtsService = ReturnType<typeof dtsService>;
