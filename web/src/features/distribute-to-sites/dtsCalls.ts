/**
 * Distribute to Sites calls (spec section 7 "Site import and distribute", "Reports and e-mail"):
 * start the run, the two reports as PDF or rows, and the report e-mail. Each is a useMutation; the
 * spec's error texts are shown from here.
 */
import {
  type DistributeToSitesBody,
  type DtsEmailBody,
  type DtsPreviewRow,
  type DtsReportBody,
  msg,
  transferCalls,
} from '@cpb/domain';
import { useMutation } from '@tanstack/react-query';
import { type TransferPoll, transferFailedText } from '../../components/transfers';
import { ApiError, call } from '../../shared/api';
import { notify } from '../../shared/notify';
import { fetchPdf } from '../../shared/pdf';

/** Which PDF report: Preview or Item Conflicts (the invalid items per site). */
export type DtsPdfReport = 'preview' | 'invalidItemsPerSite';

const PDF_CALLS = {
  preview: transferCalls.previewPdf,
  invalidItemsPerSite: transferCalls.conflictsPdf,
} as const;

/** POST /report/{user}/dts/pdf/preview or /report/{user}/pdf/invalidItemsPerSite. */
export const fetchDtsPdf = (user: string, report: DtsPdfReport, body: DtsReportBody) =>
  fetchPdf(PDF_CALLS[report], { params: { user }, body });

/** POST /hbsreport/dts/preview/{user}: the rows of the preview grid. */
export const fetchPreviewRows = (user: string, body: DtsReportBody) =>
  call(transferCalls.preview, { params: { user }, body });

/** 'fn=onPreviewReport,status=...,error=...' (spec section 8). */
export function previewFailedText(error: unknown): string {
  const status = error instanceof ApiError ? error.status : 0;
  return msg('PREVIEW_FAILED', { status, error: error instanceof Error ? error.message : String(error) });
}

/** POST /distributeToSites: starts the run, then the screen watches it. */
export function useStartDts(user: string, poll: TransferPoll) {
  return useMutation({
    mutationFn: (body: DistributeToSitesBody) =>
      call(transferCalls.distributeToSites, { params: { user }, body }),
    onSuccess: (started) => poll.start(started.Sites),
    onError: (error) => notify.error(transferFailedText(error)),
  });
}

/**
 * Item Conflicts: the PDF of the invalid items per site, or null with the spec's 'No Data to
 * Report' warning when the sites have no conflict (the rows are asked first: an empty PDF says less).
 */
export function useConflictsPdf(user: string) {
  return useMutation({
    mutationFn: async (body: DtsReportBody): Promise<Blob | null> => {
      const rows = await call(transferCalls.conflicts, { params: { user }, body });
      if (rows.length === 0) return null;
      return fetchDtsPdf(user, 'invalidItemsPerSite', body);
    },
    onSuccess: (pdf) => {
      if (pdf === null) notify.warning(msg('NO_DATA_TO_REPORT'));
    },
    onError: (error) => notify.error(previewFailedText(error)),
  });
}

/** What Preview shows: the PDF in the viewer and the rows in the grid view (null: they did not come). */
export interface DtsPreview {
  pdf: Blob | null;
  rows: DtsPreviewRow[] | null;
}

/**
 * Preview: the PDF and the grid's rows, asked together. Either may fail alone; each failure shows
 * the spec's preview error, and what came is shown.
 */
export function usePreview(user: string) {
  return useMutation({
    mutationFn: async (body: DtsReportBody): Promise<DtsPreview> => {
      const [pdf, rows] = await Promise.allSettled([
        fetchDtsPdf(user, 'preview', body),
        fetchPreviewRows(user, body),
      ]);
      for (const r of [pdf, rows]) if (r.status === 'rejected') notify.error(previewFailedText(r.reason));
      if (pdf.status === 'rejected' && rows.status === 'rejected') throw pdf.reason;
      return {
        pdf: pdf.status === 'fulfilled' ? pdf.value : null,
        rows: rows.status === 'fulfilled' ? rows.value : null,
      };
    },
  });
}

/** E-mail Report: POST /report/distributeToSites/{user}/email; 'Report was sent.' or 'fn=emailReport,...'. */
export function useEmailReport(user: string) {
  return useMutation({
    mutationFn: (body: DtsEmailBody) => call(transferCalls.dtsEmail, { params: { user }, body }),
    onSuccess: () => notify.info(msg('REPORT_SENT')),
    onError: (error) =>
      notify.error(
        msg('EMAIL_REPORT_FAILED', { detail: error instanceof Error ? error.message : String(error) }),
      ),
  });
}
