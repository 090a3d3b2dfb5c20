/**
 * The Outside Updates report's calls (docs/api-outside-updates.md "Report"): the PDF of the zone's
 * list and the same PDF sent by e-mail. The spec's texts: 'fn=onPreviewReport,...' when the PDF
 * does not come, 'Report was sent.' or 'fn=emailReport,...' for the e-mail.
 */
import { msg, type OuReportEmailBody, ouCalls, type UserZone } from '@cpb/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, call } from '../../shared/api';
import { notify } from '../../shared/notify';
import { fetchPdf } from '../../shared/pdf';

/** GET /report/outsideupdates/{user}/{zone}/{zoneNo}/{zoneName}: the PDF; a refusal is an ApiError. */
export const fetchOuReportPdf = (user: string, zone: UserZone): Promise<Blob> =>
  fetchPdf(ouCalls.reportPdf, {
    params: { user, zone: zone.ZoneSetupID, zoneNo: String(zone.ZoneNo), zoneName: zone.ZoneName },
  });

const detail = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** View Report: the PDF for the viewer. */
export function useOuReportPdf(user: string) {
  return useMutation({
    mutationFn: (zone: UserZone) => fetchOuReportPdf(user, zone),
    onError: (error) =>
      notify.error(
        msg('PREVIEW_FAILED', { status: error instanceof ApiError ? error.status : 0, error: detail(error) }),
      ),
  });
}

/** E-mail Report: POST /report/outsideupdates/{user}/email. */
export function useEmailOuReport(user: string) {
  return useMutation({
    mutationFn: (body: OuReportEmailBody) => call(ouCalls.reportEmail, { params: { user }, body }),
    onSuccess: () => notify.info(msg('REPORT_SENT')),
    onError: (error) => notify.error(msg('EMAIL_REPORT_FAILED', { detail: detail(error) })),
  });
}
