/**
 * The one way the page fetches a PDF (a report, a batch preview): a contract whose answer is a
 * PDF, called through the typed client (`call`, i.e. `apiBlob`), so the answer's ErrorMessage
 * becomes the error and a 401 re-checks the sign-in (spec section 6: a 401 during report viewing
 * goes back through authentication).
 */
import { type BatchReportName, type BodyIn, type Contract, type RawAnswer, reportCalls } from '@cpb/domain';
import { type CallParts, call } from './api';
import type { Zone } from './queries';

/** A call whose answer is a PDF. */
export type PdfContract = Contract & { response: RawAnswer };

/** Calls the PDF contract `c`; the PDF as a Blob. */
export function fetchPdf<C extends PdfContract>(c: C, parts: CallParts<C>): Promise<Blob> {
  return call(c, parts) as Promise<Blob>;
}

/**
 * POST /hbsreport/preview/{user}/{zone}/{zoneNo}/{zoneName}/{report}: a batch preview rendered as
 * PDF. `report` is one of BATCH_REPORT_NAMES (the server refuses any other name); Item
 * Adjustment's batch definitions still give it as a plain string.
 */
export function fetchPreviewPdf(
  user: string,
  zone: Zone,
  report: BatchReportName | (string & {}),
  body: BodyIn<typeof reportCalls.batchPreview>,
): Promise<Blob> {
  return fetchPdf(reportCalls.batchPreview, {
    params: {
      user,
      zone: zone.ZoneSetupID,
      zoneNo: String(zone.ZoneNo),
      zoneName: zone.ZoneName,
      report: report as BatchReportName,
    },
    body,
  });
}
