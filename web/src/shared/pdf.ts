/**
 * The one way the page fetches a PDF (a report, a batch preview): through the API client's
 * `apiBlob`, so the answer's ErrorMessage becomes the error and a 401 re-checks the sign-in
 * (spec section 6: a 401 during report viewing goes back through authentication).
 */
import { apiBlob, seg } from './api';
import type { Zone } from './queries';

/** GET `path` (no body) or POST `body` to it; the PDF as a Blob. */
export function fetchPdf(path: string, body?: unknown): Promise<Blob> {
  return apiBlob(path, { accept: 'application/pdf', body });
}

export interface PdfColumn {
  field: string;
  header: string;
  numeric?: boolean;
}

/** POST /hbsreport/preview/{user}/{zone}/{zoneNo}/{zoneName}/{report}: a batch preview rendered as PDF. */
export function fetchPreviewPdf(
  user: string,
  zone: Zone,
  report: string,
  body: { title: string; note?: string; columns: PdfColumn[]; entities: unknown[] },
): Promise<Blob> {
  const path = ['/hbsreport/preview', user, zone.ZoneSetupID, zone.ZoneNo, zone.ZoneName, report]
    .map((p, i) => (i === 0 ? p : seg(p)))
    .join('/');
  return fetchPdf(path, body);
}
