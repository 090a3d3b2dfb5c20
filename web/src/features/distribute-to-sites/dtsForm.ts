/**
 * Distribute to Sites' form and rules (spec sections 2, 4 and 5; RULES "Distribution") as plain
 * values and functions: the choice, the requests it makes, which buttons are enabled, and how long
 * the site list is refetched until the stores confirm the new file.
 */
import {
  type DistributeToSitesBody,
  type DtsEmailBody,
  type DtsPreviewRow,
  type DtsReportBody,
  MESSAGES,
  type PickerZone,
  type TransferStatus,
} from '@cpb/domain';
import { z } from 'zod';
import type { MailForm } from '../../components/mail/MailDialog';
import { siteNosText } from '../../components/transfers';

/** The form: the selected site numbers and "Distribute modifications only" (spec entity "Distribute form"). */
export const DtsForm = z.object({
  sites: z.array(z.number().int()).min(1, MESSAGES.NO_SITES_SELECTED),
  bModsOnly: z.boolean(),
});
export type DtsValues = z.infer<typeof DtsForm>;

/** Modifications only is on by default (RULES "Distribution"); turning it off warns. */
export const INITIAL_VALUES: DtsValues = { sites: [], bModsOnly: true };

/** POST /distributeToSites body. */
export function toStartRequest(v: DtsValues): DistributeToSitesBody {
  return { sitenos: siteNosText(v.sites), bModsOnly: v.bModsOnly };
}

/** Body of the two reports (Item Conflicts, Preview), as rows or PDF. */
export function toReportRequest(v: DtsValues): DtsReportBody {
  return { sitenos: siteNosText(v.sites), bModsOnly: v.bModsOnly };
}

/** POST /report/distributeToSites/{user}/email body: the preview report with the mail form. */
export function toEmailRequest(v: DtsValues, mail: MailForm): DtsEmailBody {
  return { ...toReportRequest(v), report: 'preview', emailInfo: mail };
}

export interface DtsRules {
  /** Item Conflicts and Distribute: a site selected and nothing pending (spec section 2). */
  conflictsDisabled: boolean;
  distributeDisabled: boolean;
  /** Preview needs modifications only as well (spec section 5, RULES "Distribution"). */
  previewDisabled: boolean;
  /** E-mail Report shows only when e-mail is enabled, and mails the preview: Preview's rule. */
  showEmail: boolean;
  emailDisabled: boolean;
  /** Distributing everything overwrites the sites' items and unit costs: the note becomes a warning. */
  fullSendWarning: boolean;
}

/**
 * The screen's enable rules. `pending`: a start or a report call is running, or a run is watched;
 * `emailEnabled`: the server can send mail (GET /appConfig).
 */
export function dtsRules(v: DtsValues, o: { pending: boolean; emailEnabled: boolean }): DtsRules {
  const noSites = v.sites.length === 0;
  const blocked = noSites || o.pending;
  return {
    conflictsDisabled: blocked,
    distributeDisabled: blocked,
    previewDisabled: blocked || !v.bModsOnly,
    showEmail: o.emailEnabled,
    emailDisabled: blocked || !v.bModsOnly,
    fullSendWarning: !v.bModsOnly,
  };
}

/** The preview grid's rows sorted by site; within a site the server's order (adds, changes, deletes). */
export function sortBySite(rows: readonly DtsPreviewRow[]): DtsPreviewRow[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => a.row.SiteNo - b.row.SiteNo || a.i - b.i)
    .map((x) => x.row);
}

/** The preview grid page's page sizes (spec section 9). */
export const PREVIEW_PAGE_SIZES = [100, 200, 300] as const;

/** How often the site list is read again while a distributed store has not confirmed its file. */
export const ACK_REFETCH_MS = 2_000;
/** After this long the list stops asking; the next visit shows the confirmation. */
export const ACK_WATCH_MS = 90_000;

/**
 * The distributed sites whose newest file the store has not confirmed yet, as the picker's answer
 * shows them (a site in several zones counts once).
 */
export function unconfirmedSites(
  zones: readonly PickerZone[] | undefined,
  siteNos: readonly number[],
): number[] {
  if (!zones) return [...siteNos];
  const open = new Set<number>();
  for (const zone of zones)
    for (const s of zone.ZoneSites)
      if (siteNos.includes(s.SiteNo) && !s.LastDistribution?.Confirmed) open.add(s.SiteNo);
  return [...open].sort((a, b) => a - b);
}

/**
 * The picker's refetch interval after a distribution ended: every ACK_REFETCH_MS while a
 * distributed store has not confirmed its file, for at most ACK_WATCH_MS; else none.
 */
export function ackRefetchInterval(
  zones: readonly PickerZone[] | undefined,
  siteNos: readonly number[],
  elapsedMs: number,
): number | false {
  if (siteNos.length === 0 || elapsedMs >= ACK_WATCH_MS) return false;
  return unconfirmedSites(zones, siteNos).length > 0 ? ACK_REFETCH_MS : false;
}

/** The sites a finished run distributed to (their files now wait for the stores' confirmation). */
export function distributedSites(outcome: TransferStatus | null): number[] {
  return (outcome?.Sites ?? []).filter((s) => s.Status === 'DONE').map((s) => s.SiteNo);
}
