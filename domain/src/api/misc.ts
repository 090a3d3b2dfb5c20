/** Request schemas of the smaller calls: sign-in, lookups, translations and batch preview reports. */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { MAX_SELECTED_ITEMS, NAME_MAX, rows, safeText } from './fields';
import { UserParams, UserZoneParams } from './params';

/** Sign-in ('This field is required' for a blank box, as the sign-in page says). */
export const LoginBody = z.object({
  userName: safeText(100)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'This field is required')),
  password: z.string().min(1, 'This field is required').max(200),
});

export const DepartmentsParams = UserZoneParams.extend({ itemTypeName: safeText(10) });
export const LanguageQuery = z.object({
  lang: z
    .string()
    .regex(/^[a-z]{2}_[A-Z]{2}$/, MESSAGES.INVALID_LANGUAGE)
    .default('en_US'),
});
export const I18nFileParams = z.object({ file: safeText(50) });

export const BATCH_REPORT_NAMES = [
  'batchvendorreview',
  'batchtaxreview',
  'batchredemptionreview',
  'batchpricepreview',
  'batchnegcostpreview',
  'batchminmaxreview',
  'batchitemgrpreview',
  'batchinactivereview',
  'batchdeptreview',
  'batchcostpreview',
] as const;
export type BatchReportName = (typeof BATCH_REPORT_NAMES)[number];

export const ReportParams = UserZoneParams.extend({
  zoneNo: safeText(20),
  zoneName: safeText(NAME_MAX),
  report: z.enum(BATCH_REPORT_NAMES),
});
const cell = z.union([safeText(1000), z.number(), z.boolean(), z.null()]);
export const ReportBody = z.object({
  title: safeText(NAME_MAX).optional(),
  /** A line under the title: the stores the change reaches, by number and name. */
  note: safeText(20_000).optional(),
  columns: rows(
    z.object({ field: safeText(100), header: safeText(NAME_MAX), numeric: z.boolean().optional() }),
    30,
  ).min(1),
  entities: rows(z.record(safeText(100), cell.optional()), MAX_SELECTED_ITEMS),
});

export { UserParams, UserZoneParams };
