/** Reports: PDFs laid out in a worker thread (pdf.ts). Today the batch dialogs' preview reports. */
import type { BatchReportName } from '@cpb/domain';
import type { AppConfig } from '../../config';
import { type ReportColumn, renderTablePdf } from './pdf';

/** Titles of the batch preview reports (the names are the domain's BATCH_REPORT_NAMES). */
export const BATCH_REPORTS: Record<BatchReportName, string> = {
  batchvendorreview: 'Set Vendor Preview',
  batchtaxreview: 'Set Tax Group Preview',
  batchredemptionreview: 'Set Redemption Preview',
  batchpricepreview: 'Set Price Preview',
  batchnegcostpreview: 'Set Negotiated Cost Preview',
  batchminmaxreview: 'Set Min/Max Preview',
  batchitemgrpreview: 'Set Item Group Preview',
  batchinactivereview: 'Set Inactive Preview',
  batchdeptreview: 'Set Department Preview',
  batchcostpreview: 'Set Cost Preview',
};

export interface BatchPreviewOptions {
  report: BatchReportName;
  zoneNo: number | string;
  zoneName: string;
  /** Replaces the report's own title. */
  title?: string;
  note?: string;
  userName: string;
  columns: ReportColumn[];
  rows: Array<Record<string, unknown>>;
}

export function reportService(deps: { config: AppConfig }) {
  return {
    /** A batch dialog's preview rows as a PDF, stamped in the business time zone. */
    batchPreview: (o: BatchPreviewOptions): Promise<Buffer> =>
      renderTablePdf({
        title: o.title ?? BATCH_REPORTS[o.report],
        subtitle: `Zone ${o.zoneNo} - ${o.zoneName}`,
        note: o.note,
        userName: o.userName,
        columns: o.columns,
        rows: o.rows,
        timeZone: deps.config.businessTimeZone,
      }),
  };
}

export type ReportService = ReturnType<typeof reportService>;
