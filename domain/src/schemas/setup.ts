/**
 * Preferences, Vendor Import Setup and the mail form (spec part 2 §2, §3, §5).
 */
import { z } from 'zod';
import { hasControlCharacters } from '../api/fields';
import { MESSAGES } from '../messages';
import { COST_COMPARE_VARIANCE_MAX, COST_COMPARE_VARIANCE_MIN } from '../preferences';
import { looseText, parsed, parseWhole, requiredText } from './common';

/**
 * Preferences: six flags and ouPercent (Cost Compare Variance), a whole number
 * 0-99 ('Enter a minimum of 0.', 'Enter a maximum of 99.'); blank is null.
 */
export const preferencesSchema = z.object({
  applyVendorList: z.boolean(),
  disMaintainItemGroup: z.boolean(),
  canUpdateUnitCost: z.boolean(),
  enMinMaxItemAdjust: z.boolean(),
  enMinMaxOutsideUpdate: z.boolean(),
  isUnitCostOUEnabled: z.boolean(),
  ouPercent: parsed((t) => parseWhole(t, COST_COMPARE_VARIANCE_MIN, COST_COMPARE_VARIANCE_MAX)),
});
export type PreferencesForm = z.input<typeof preferencesSchema>;

export const VENDOR_SOURCE_TYPES = ['COREMARK', 'MCLANE'] as const;

/** A site number, 1-999 ('Value must be between 1 and 999'). */
export const siteNumber = looseText.transform((t, ctx) => {
  if (t === '') {
    ctx.addIssue({ code: 'custom', message: MESSAGES.REQUIRED });
    return z.NEVER;
  }
  const n = /^\d+$/.test(t) ? Number(t) : Number.NaN;
  if (!(n >= 1 && n <= 999)) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.SITE_RANGE });
    return z.NEVER;
  }
  return n;
});

/** The longest file mask, label, vendor zone and destination value a setup keeps. */
export const VENDOR_SETUP_TEXT_MAX = 60;

/** A setup's text: its bounds, and no control character (a NUL cannot even be stored). */
function setupString(min: number, message: string) {
  return z
    .string()
    .min(min, message)
    .max(VENDOR_SETUP_TEXT_MAX, MESSAGES.MAX_LENGTH_EXCEEDED)
    .refine((v) => !hasControlCharacters(v), MESSAGES.CONTROL_CHARACTERS);
}

/** The vendor zone may come as its text or as the picked entry `{ Text }`. */
const vendorZone = z
  .union([z.object({ Text: looseText }).transform((v) => v.Text), looseText])
  .pipe(setupString(1, MESSAGES.REQUIRED));

const setupText = (min = 1, message: string = MESSAGES.REQUIRED) =>
  requiredText().pipe(setupString(min, message));

/**
 * Vendor Import Setup: every field required ('Required.'); file mask at least 3
 * characters ('Min. 3 characters'); label at least 1. Add is enabled only when valid.
 */
export const vendorImportSetupSchema = z.object({
  src: z.object({
    SourceType: z.enum(VENDOR_SOURCE_TYPES, { error: MESSAGES.REQUIRED }),
    Site: siteNumber,
    FileMask: setupText(3, MESSAGES.MIN_3_CHARS),
    Label: setupText(),
    Vendor: vendorZone,
  }),
  dest: z.object({
    CDBZone: setupText(),
    CDBVendorID: setupText(),
  }),
});

/** The vendor zone search runs only when source type, site and file mask are all set. */
export function canSearchVendorZones(src: {
  SourceType?: unknown;
  Site?: unknown;
  FileMask?: unknown;
}): boolean {
  return [src.SourceType, src.Site, src.FileMask].every((v) => v != null && String(v).trim() !== '');
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** The addresses of a To or Cc text: separated by ',' or ';', blanks dropped. */
export const splitAddresses = (t: string): string[] =>
  t
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** Whether every address of a To or Cc text looks like an address. */
export const validAddresses = (t: string): boolean => splitAddresses(t).every((a) => EMAIL.test(a));

/** A list of addresses separated by ',' or ';'; each must look like an address. */
function addressList(required: boolean) {
  return looseText.transform((t, ctx) => {
    const list = splitAddresses(t);
    if (required && list.length === 0) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.REQUIRED_FIELD });
      return z.NEVER;
    }
    if (!validAddresses(t)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.INVALID_EMAIL });
      return z.NEVER;
    }
    return list;
  });
}

/** The mail form: To is required; To and Cc hold valid addresses. */
export const mailSchema = z.object({
  to: addressList(true),
  cc: addressList(false),
  subject: looseText,
  text: looseText,
});
