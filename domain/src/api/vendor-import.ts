/**
 * Vendor Import Setup and Vendor Import calls (spec part 2 section 7 "Vendor import setup and
 * vendor import", entity "Vendor import setup row"). The create and delete calls answer the whole
 * updated list; an edit in the grid is POST /updateVendorImportSetup/{user} (beyond the spec, the
 * spec names no update call: docs/decisions.md, issue 21).
 */
import { z } from 'zod';
import { VENDOR_SOURCE_TYPES, vendorImportSetupSchema } from '../schemas/setup';
import { contract } from './contract';
import { int32, safeText } from './fields';
import { UserParams } from './params';
import { rootOf } from './responses';

/** Vendor import polling is capped at 100 tries (spec sections 4 and 9). */
export const VENDOR_IMPORT_MAX_TRIES = 100;
/** Debounces of the setup screen (spec section 9). */
export const VENDOR_ZONE_SEARCH_DEBOUNCE_MS = 1_000;
export const VENDOR_SETUP_ADD_DEBOUNCE_MS = 2_000;
export const VENDOR_SETUP_DELETE_DEBOUNCE_MS = 1_000;
/** The Import Type, File Location and zone lists show at most this many entries (spec: list limit 12). */
export const VENDOR_SETUP_LIST_LIMIT = 12;

/** A setup row (spec entity "Vendor import setup row"). */
export const VendorImportSetupRow = z.object({
  MasterID: z.number().int(),
  SourceType: z.enum(VENDOR_SOURCE_TYPES),
  SiteNo: z.string(),
  SiteNoInt: z.number().int(),
  FileMask: z.string(),
  Vendor: z.string(),
  VendorID: z.string(),
  VendorZone: z.string(),
  CDBZone: z.number().int(),
  CDBZoneName: z.string(),
  CDBZoneNo: z.number().int(),
  CDBZoneType: z.string(),
  CDBVendorID: z.string(),
});
export type VendorImportSetupRow = z.infer<typeof VendorImportSetupRow>;

/** The create payload: the form (src, dest), checked by the screen's own schema. */
export const VendorImportSetupBody = vendorImportSetupSchema;
export type VendorImportSetupBody = z.input<typeof VendorImportSetupBody>;

/** The delete payload: the selected row (its MasterID names it). */
export const DelVendorImportSetupBody = z.object({ MasterID: int32(1) }).passthrough();
export type DelVendorImportSetupBody = z.input<typeof DelVendorImportSetupBody>;

/** The update payload: the row's MasterID and the form. */
export const UpdateVendorImportSetupBody = vendorImportSetupSchema.extend({ MasterID: int32(1) });
export type UpdateVendorImportSetupBody = z.input<typeof UpdateVendorImportSetupBody>;

/** GET /vendorImportZones/{user}/GetVendorImportZones?SiteNumber&MclaneExtension&CmarkExtension */
export const VendorZonesQuery = z.object({
  SiteNumber: z.coerce.number().int().min(1).max(999),
  /** The setup's file mask when its import type is MCLANE (resp. COREMARK); the other is blank. */
  MclaneExtension: safeText(100).optional().default(''),
  CmarkExtension: safeText(100).optional().default(''),
});
export type VendorZonesQuery = z.input<typeof VendorZonesQuery>;

/** A vendor zone found in the files (the picker's entry: Text is what the setup keeps). */
export const VendorZone = z.object({ Text: z.string(), Value: z.string() });
export type VendorZone = z.infer<typeof VendorZone>;

/** GET /vendorImport/status/{user}: the newest run's state and its status log. */
export const VendorImportStatus = z.object({
  Status: z.enum(['IDLE', 'PENDING', 'DONE', 'FAILED']),
  TransferID: z.number().int().nullable(),
  Log: z.array(z.string()),
});
export type VendorImportStatus = z.infer<typeof VendorImportStatus>;

export const VendorImportStarted = z.object({ TransferID: z.number().int(), Sites: z.number().int() });

const tags = ['vendor import'];
const list = rootOf(z.array(VendorImportSetupRow));

export const vendorImportCalls = {
  setups: contract({
    method: 'GET',
    path: '/vendorImportSetup/:user',
    params: UserParams,
    response: list,
    tags,
  }),
  types: contract({
    method: 'GET',
    path: '/vendorImportTypes/:user',
    params: UserParams,
    response: rootOf(z.array(z.enum(VENDOR_SOURCE_TYPES))),
    tags,
  }),
  zones: contract({
    method: 'GET',
    path: '/vendorImportZones/:user/GetVendorImportZones',
    params: UserParams,
    query: VendorZonesQuery,
    response: rootOf(z.array(VendorZone)),
    tags,
  }),
  create: contract({
    method: 'POST',
    path: '/createVendorImportSetup/:user',
    params: UserParams,
    body: VendorImportSetupBody,
    response: list,
    tags,
  }),
  update: contract({
    method: 'POST',
    path: '/updateVendorImportSetup/:user',
    params: UserParams,
    body: UpdateVendorImportSetupBody,
    response: list,
    tags,
  }),
  remove: contract({
    method: 'POST',
    path: '/delVendorImportSetup/:user',
    params: UserParams,
    body: DelVendorImportSetupBody,
    response: list,
    tags,
  }),
  /** Starts the import (a GET that changes data: it requires the session's X-CSRF-Token). */
  start: contract({
    method: 'GET',
    path: '/vendorImport/:user',
    params: UserParams,
    response: rootOf(VendorImportStarted),
    tags,
  }),
  status: contract({
    method: 'GET',
    path: '/vendorImport/status/:user',
    params: UserParams,
    response: rootOf(VendorImportStatus),
    tags,
  }),
};
