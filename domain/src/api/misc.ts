/** Request schemas of the smaller calls: sign-in, lookups, translations and batch preview reports. */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { contract, ErrorAnswer, rawAnswer } from './contract';
import { MAX_SELECTED_ITEMS, NAME_MAX, rows, safeText } from './fields';
import { UserParams, UserZoneParams } from './params';
import {
  Department,
  ItemGroup,
  ItemType,
  Redemption,
  rootOf,
  TaxGroup,
  Uom,
  UserZone,
  Vendor,
} from './responses';
import { Session, Translation } from './shell';

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

// ---------- contracts: sign-in, lookups, translations, batch preview reports ----------

const Lookups = ['lookups'];
const list = <T extends z.ZodType>(row: T) => rootOf(z.array(row));
const zoneLookup = <const P extends string, T extends z.ZodType>(path: P, row: T) =>
  contract({ method: 'GET', path, params: UserZoneParams, response: list(row), tags: Lookups });

export const authCalls = {
  login: contract({
    method: 'POST',
    path: '/login',
    body: LoginBody,
    response: rootOf(z.strictObject({ userName: z.string() })),
    tags: ['auth'],
  }),
  logout: contract({ method: 'POST', path: '/logout', response: rootOf(z.literal(true)), tags: ['auth'] }),
  /** GET no longer logs off: always 405 with the message. */
  logoutByGet: contract({
    method: 'GET',
    path: '/logout',
    response: ErrorAnswer,
    status: 405,
    tags: ['auth'],
  }),
  session: contract({ method: 'GET', path: '/session', response: rootOf(Session), tags: ['auth'] }),
};

export const lookupCalls = {
  departments: contract({
    method: 'GET',
    path: '/departments/:user/:zone/ItemTypeName/:itemTypeName',
    params: DepartmentsParams,
    response: list(Department),
    tags: Lookups,
  }),
  taxGroups: zoneLookup('/taxgroups/:user/:zone', TaxGroup),
  redemptions: zoneLookup('/redemptions/:user/:zone', Redemption),
  redemptionsPerZone: zoneLookup('/redemptionsPerZone/:user/:zone', Redemption),
  itemGroups: zoneLookup('/itemgroups/:user/:zone', ItemGroup),
  itemTypes: zoneLookup('/itemtypes/:user/:zone', ItemType),
  uoms: zoneLookup('/items/uom/:user/:zone', Uom),
  vendors: contract({
    method: 'GET',
    path: '/vendors/:user',
    params: UserParams,
    response: list(Vendor),
    tags: Lookups,
  }),
  userZones: contract({
    method: 'GET',
    path: '/userZones/:user',
    params: UserParams,
    response: list(UserZone),
    tags: Lookups,
  }),
  tableVersion: contract({
    method: 'GET',
    path: '/tableVersion/:user',
    params: UserParams,
    response: rootOf(z.number()),
    tags: Lookups,
  }),
  translate: contract({
    method: 'GET',
    path: '/translate/:user/',
    params: UserParams,
    query: LanguageQuery,
    response: Translation,
    tags: Lookups,
  }),
};

export const reportCalls = {
  batchPreview: contract({
    method: 'POST',
    path: '/hbsreport/preview/:user/:zone/:zoneNo/:zoneName/:report',
    params: ReportParams,
    body: ReportBody,
    response: rawAnswer('application/pdf'),
    tags: ['reports'],
  }),
};
