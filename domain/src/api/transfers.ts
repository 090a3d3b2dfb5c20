/**
 * The store loop's calls (spec part 2, sections 4 and 7 "Site import and distribute", "Reports and
 * e-mail"): the zone/site picker, starting a Site Import or a Distribute to Sites, polling the
 * transfer, the DTS reports and the report e-mail. The server declares these as its schemas; the
 * page reads the same types.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { validAddresses } from '../schemas/setup';
import { contract, rawAnswer } from './contract';
import { longText, safeText, ZoneId } from './fields';
import { UserParams, UserZoneParams } from './params';

/** ProcessType of GET /activeSites/{processType}/{user}. */
export const PROCESS_TYPES = ['Vendor Import', 'Site Import', 'DTS Import', 'DTS'] as const;
export const ProcessType = z.enum(PROCESS_TYPES);
export type ProcessType = z.infer<typeof ProcessType>;
export const ActiveSitesParams = z.object({ processType: ProcessType, user: z.string() });

/**
 * Polling of a transfer (spec section 4): the page asks GET /activeSites right after starting,
 * then every DELAY ms while the answer is a positive count, at once on -1, and stops at 0 (done)
 * or after MAXTRIES. MINTRIES polls are made before a 0 is believed (a run just queued may not
 * have claimed its first site yet). TIMEOUT bounds one request. Kept once, here.
 */
export const TRANSFER_POLL = { TIMEOUT: 10_000, DELAY: 1_000, MINTRIES: 2, MAXTRIES: 3_600 } as const;
/** Redirect after a Site Import completes (spec section 9). */
export const SITE_IMPORT_REDIRECT_MS = 1_200;

/** A comma list of site numbers (1-999), as the page sends `sitenos`; parsed to unique numbers. */
export const SiteNos = z
  .string()
  .max(4_000)
  .regex(/^\s*\d{1,3}(\s*,\s*\d{1,3})*\s*$/, 'a comma list of site numbers')
  .transform((s, ctx) => {
    const nos = [...new Set(s.split(',').map((x) => Number(x.trim())))];
    if (nos.some((n) => n < 1 || n > 999)) {
      ctx.addIssue({ code: 'custom', message: 'site numbers are 1 to 999' });
      return z.NEVER;
    }
    return nos;
  });

/** A site of the picker (spec entity Site) plus what the store loop knows of it. */
export const PickerSite = z.object({
  SetupID: z.number().int(),
  SiteNo: z.number().int(),
  SiteName: z.string(),
  Coverage: z.number().int().optional(),
  /** Beyond the spec: the last distribution to the site and whether the store confirmed it. */
  LastDistribution: z
    .object({
      File: z.string(),
      At: z.string(),
      /** True: the store acknowledged this file; false: not (yet); Refused: records it refused. */
      Confirmed: z.boolean(),
      Refused: z.number().int(),
    })
    .nullable(),
  /** The newest store item file imported, if any. */
  LastImport: z.object({ File: z.string(), At: z.string() }).nullable(),
  /** The store's newest file Site Import could not read (moved to from-site/rejected/), why, and when. */
  Rejected: z.object({ File: z.string(), Reason: z.string(), At: z.string() }).nullable().optional(),
});
export type PickerSite = z.infer<typeof PickerSite>;

/** A zone of the picker tree (spec entity Zone) with its sites in priority order. */
export const PickerZone = z.object({
  ZoneSetupID: z.number().int(),
  ZoneNo: z.number().int(),
  ZoneName: z.string(),
  CurZoneName: z.string(),
  CurZoneNum: z.number().int(),
  ZoneSites: z.array(PickerSite),
});
export type PickerZone = z.infer<typeof PickerZone>;
/** GET /zonesSites/{user}/{zone} and GET /refreshUserZones/{user}/{zone}: RootResults is this list. */
export const ZonesSitesResult = z.array(PickerZone);

/** POST /importSelectedSites/{user} */
export const ImportSelectedSitesBody = z.object({
  sitenos: SiteNos,
  bBuildMaster: z.boolean().default(false),
  bDoDTS: z.boolean().default(false),
  bModifiedOnly: z.boolean().default(true),
  Notes: longText(2_000).optional(),
});
export type ImportSelectedSitesBody = z.input<typeof ImportSelectedSitesBody>;

/** POST /distributeToSites/{user} */
export const DistributeToSitesBody = z.object({
  sitenos: SiteNos,
  bModsOnly: z.boolean().default(true),
  myconnectionid: z.string().max(200).optional(),
});
export type DistributeToSitesBody = z.input<typeof DistributeToSitesBody>;

/** RootResults of the two start calls. */
export const TransferStarted = z.object({ TransferID: z.number().int(), Sites: z.number().int() });
export type TransferStarted = z.infer<typeof TransferStarted>;

/** GET /transfers/{user}/latest/{processType}: the user's newest run of that kind (beyond the spec: progress and outcome). */
export const TransferStatus = z.object({
  TransferID: z.number().int(),
  ProcessType: ProcessType,
  /** PENDING, DONE or FAILED (some sites failed; the others finished). */
  Status: z.enum(['PENDING', 'DONE', 'FAILED']),
  Total: z.number().int(),
  Remaining: z.number().int(),
  /** The completion message, once done. */
  Message: z.string().nullable(),
  Sites: z.array(
    z.object({
      SiteNo: z.number().int(),
      Status: z.enum(['PENDING', 'RUNNING', 'DONE', 'FAILED']),
      Error: z.string().nullable(),
      /** What the task did, e.g. { Records: 120 } or { Differences: 3, NewItems: 1 }. */
      Result: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])).nullable(),
    }),
  ),
});
export type TransferStatus = z.infer<typeof TransferStatus>;

/** The mail dialog's form (spec entity "Mail form"). */
export const EmailInfo = z.object({
  to: z.string().trim().min(1, 'Required.').max(1_000).refine(validAddresses, MESSAGES.INVALID_EMAIL),
  cc: z.string().trim().max(1_000).refine(validAddresses, MESSAGES.INVALID_EMAIL).optional().default(''),
  subject: safeText(300).optional().default(''),
  text: longText(20_000).optional().default(''),
});
export type EmailInfo = z.input<typeof EmailInfo>;

/** Body of the DTS reports: the selected sites and the modifications-only choice. */
export const DtsReportBody = z.object({
  sitenos: SiteNos,
  bModsOnly: z.boolean().default(true),
  ZoneSetupID: ZoneId.optional(),
});
export type DtsReportBody = z.input<typeof DtsReportBody>;

/** POST /report/distributeToSites/{user}/email: which report goes as the attachment. */
export const DtsEmailBody = DtsReportBody.extend({
  report: z.enum(['preview', 'invalidItemsPerSite']).default('preview'),
  emailInfo: EmailInfo,
});
export type DtsEmailBody = z.input<typeof DtsEmailBody>;

/** A row of the DTS preview grid page (POST /hbsreport/dts/preview/{user}). */
export const DtsPreviewRow = z.object({
  SiteNo: z.number().int(),
  Action: z.enum(['add', 'change', 'delete']),
  ID: z.string(),
  PackSize: z.number().int(),
  Description: z.string(),
  DeptSub: z.string(),
  UnitList: z.string(),
});
export type DtsPreviewRow = z.infer<typeof DtsPreviewRow>;

/** A row of the Item Conflicts report (POST /hbsreport/dts/invalidItemsPerSite/{user}). */
export const DtsConflictRow = z.object({
  SiteNo: z.number().int(),
  ID: z.string(),
  PackSize: z.number().int(),
  Description: z.string(),
  Reason: z.string(),
});
export type DtsConflictRow = z.infer<typeof DtsConflictRow>;

/** A report sent by e-mail: the attachment's name and the message. */
export const ReportSent = z.strictObject({ fpath: z.string(), Message: z.string() });
export type ReportSent = z.infer<typeof ReportSent>;

// ---------- contracts ----------

const SiteImport = ['site import'];
const Dts = ['distribute to sites'];
const Transfers = ['transfers'];
const root = <T extends z.ZodType>(value: T) => z.object({ RootResults: value });
const picker = <const P extends string>(path: P) =>
  contract({
    method: 'GET',
    path,
    params: UserZoneParams,
    response: root(ZonesSitesResult),
    tags: SiteImport,
  });
const dtsPdf = <const P extends string>(path: P) =>
  contract({
    method: 'POST',
    path,
    params: UserParams,
    body: DtsReportBody,
    response: rawAnswer('application/pdf'),
    tags: Dts,
  });

export const transferCalls = {
  zonesSites: picker('/zonesSites/:user/:zone'),
  refreshUserZones: picker('/refreshUserZones/:user/:zone'),
  importSelectedSites: contract({
    method: 'POST',
    path: '/importSelectedSites/:user',
    params: UserParams,
    body: ImportSelectedSitesBody,
    response: root(TransferStarted),
    tags: SiteImport,
  }),
  distributeToSites: contract({
    method: 'POST',
    path: '/distributeToSites/:user',
    params: UserParams,
    body: DistributeToSitesBody,
    response: root(TransferStarted),
    tags: Dts,
  }),
  conflictsPdf: dtsPdf('/report/:user/pdf/invalidItemsPerSite'),
  previewPdf: dtsPdf('/report/:user/dts/pdf/preview'),
  conflicts: contract({
    method: 'POST',
    path: '/hbsreport/dts/invalidItemsPerSite/:user',
    params: UserParams,
    body: DtsReportBody,
    response: root(z.array(DtsConflictRow)),
    tags: Dts,
  }),
  preview: contract({
    method: 'POST',
    path: '/hbsreport/dts/preview/:user',
    params: UserParams,
    body: DtsReportBody,
    response: root(z.array(DtsPreviewRow)),
    tags: Dts,
  }),
  dtsEmail: contract({
    method: 'POST',
    path: '/report/distributeToSites/:user/email',
    params: UserParams,
    body: DtsEmailBody,
    response: root(ReportSent),
    tags: Dts,
  }),
  /** The page's poll: a positive count while running, -1 to ask again at once, 0 when done. */
  activeSites: contract({
    method: 'GET',
    path: '/activeSites/:processType/:user',
    params: ActiveSitesParams,
    response: z.number().int(),
    tags: Transfers,
  }),
  latest: contract({
    method: 'GET',
    path: '/transfers/:user/latest/:processType',
    params: z.object({ user: z.string(), processType: ProcessType }),
    response: root(TransferStatus),
    tags: Transfers,
  }),
};
