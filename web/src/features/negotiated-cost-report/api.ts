/** The Negotiated Cost Report's calls (domain negCostCalls; docs/decisions.md "Issue 23"). */
import { MESSAGES, type NegCostReportCriteria, type NegCostReportRowsBody, negCostCalls } from '@cpb/domain';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call } from '../../shared/api';
import { fetchPdf } from '../../shared/pdf';

/** POST /negCostCombo/{user}: the zone's negotiated costs for the combo. */
export const negCostComboQuery = (user: string, zone: number) =>
  queryOptions({
    queryKey: ['negcost', user, zone, 'combo'],
    queryFn: () =>
      call(negCostCalls.combo, { params: { user }, body: { userName: user, ZoneSetupID: zone } }),
  });

/** A page of the report view (POST /report/{user}/negcost/preview): invoices and the report's totals. */
export const fetchReportPage = (user: string, body: NegCostReportRowsBody) =>
  call(negCostCalls.reportRows, { params: { user }, body });

/** GET /report/{user}/negcost/negotiated: the PDF. */
export const fetchReportPdf = (user: string, criteria: NegCostReportCriteria) =>
  fetchPdf(negCostCalls.reportPdf, { params: { user }, query: criteria });

/** GET /report/{user}/negcost/claim: the recovery claim as CSV (beyond the spec). */
export const fetchClaimCsv = (user: string, criteria: NegCostReportCriteria) =>
  call(negCostCalls.reportClaimCsv, { params: { user }, query: criteria }) as Promise<Blob>;

/** Saves a file the browser holds (an object URL clicked as a download). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const emailReport = (
  user: string,
  body: Parameters<typeof call<typeof negCostCalls.reportEmail>>[1]['body'],
) => call(negCostCalls.reportEmail, { params: { user }, body });

/**
 * What a failed report call shows (spec §8): nothing matching, or the spec's server 500 with
 * 'duration is not defined', is 'Nothing to report for the given criteria!'; else the message.
 */
export function reportError(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof ApiError && e.status === 500 && message.includes('duration is not defined')) {
    return MESSAGES.NOTHING_TO_REPORT;
  }
  return message;
}
