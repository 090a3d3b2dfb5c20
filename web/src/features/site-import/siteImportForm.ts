/**
 * Site Import's form and rules (spec sections 2, 4 and 5) as plain values and functions: the
 * options, the request they make, which buttons are enabled and which warnings show.
 */
import { type ImportSelectedSitesBody, MESSAGES, type MessageCode } from '@cpb/domain';
import { z } from 'zod';
import { siteNosText } from '../../components/transfers';

/** The form: the selected site numbers, the three options and the notes. */
export const SiteImportForm = z.object({
  sites: z.array(z.number().int()).min(1, MESSAGES.NO_SITES_SELECTED),
  bDoDTS: z.boolean(),
  bBuildMaster: z.boolean(),
  bModsOnly: z.boolean(),
  Notes: z.string().max(2_000),
});
export type SiteImportValues = z.infer<typeof SiteImportForm>;

/** Distribute to sites and modified items only start checked, build master not (each warns when changed). */
export const INITIAL_VALUES: SiteImportValues = {
  sites: [],
  bDoDTS: true,
  bBuildMaster: false,
  bModsOnly: true,
  Notes: '',
};

/** POST /importSelectedSites body: sitenos '1,2', the flags, and the notes when any. */
export function toRequest(v: SiteImportValues): ImportSelectedSitesBody {
  const notes = v.Notes.trim();
  return {
    sitenos: siteNosText(v.sites),
    bBuildMaster: v.bBuildMaster,
    bDoDTS: v.bDoDTS,
    // Build master imports the whole file; modified-only is hidden then and not applied.
    bModifiedOnly: v.bBuildMaster ? false : v.bModsOnly,
    ...(notes ? { Notes: notes } : {}),
  };
}

export interface SiteImportRules {
  submitDisabled: boolean;
  refreshDisabled: boolean;
  /** Modified items only is hidden while build master is on. */
  showModsOnly: boolean;
  /** Warnings of the options as they stand, in the order of the checkboxes. */
  warnings: MessageCode[];
}

/**
 * Submit needs a site and no run pending; Refresh Zones is for when no site is selected; build
 * master hides modified-only and warns of the pending state; unchecking distribute warns of the
 * lacking protection, unchecking modified-only that it is slower.
 */
export function siteImportRules(v: SiteImportValues, pending: boolean): SiteImportRules {
  const warnings: MessageCode[] = [];
  if (!v.bDoDTS) warnings.push('SITE_IMPORT_NO_DTS_WARNING');
  if (v.bBuildMaster) warnings.push('SITE_IMPORT_BUILD_MASTER_WARNING');
  else if (!v.bModsOnly) warnings.push('SITE_IMPORT_ALL_ITEMS_WARNING');
  return {
    submitDisabled: v.sites.length === 0 || pending,
    refreshDisabled: v.sites.length > 0 || pending,
    showModsOnly: !v.bBuildMaster,
    warnings,
  };
}

/** Where the screen goes after the import completes (spec section 2). */
export function stateAfterImport(bBuildMaster: boolean): 'main.itemAdjust' | 'main.outsideUpd' {
  return bBuildMaster ? 'main.itemAdjust' : 'main.outsideUpd';
}
