import { describe, expect, it } from 'vitest';
import {
  INITIAL_VALUES,
  SiteImportForm,
  siteImportRules,
  stateAfterImport,
  toRequest,
} from './siteImportForm';

const v = (over: Partial<typeof INITIAL_VALUES> = {}) => ({ ...INITIAL_VALUES, ...over });

describe('Site Import rules', () => {
  it('submit needs a site and nothing pending; Refresh Zones only with no site selected', () => {
    expect(siteImportRules(v(), false)).toMatchObject({ submitDisabled: true, refreshDisabled: false });
    expect(siteImportRules(v({ sites: [1] }), false)).toMatchObject({
      submitDisabled: false,
      refreshDisabled: true,
    });
    expect(siteImportRules(v({ sites: [1] }), true).submitDisabled).toBe(true);
    expect(siteImportRules(v(), true).refreshDisabled).toBe(true);
  });

  it('the defaults warn of nothing; each change of an option warns as the spec says', () => {
    expect(siteImportRules(v(), false).warnings).toEqual([]);
    expect(siteImportRules(v({ bDoDTS: false }), false).warnings).toEqual(['SITE_IMPORT_NO_DTS_WARNING']);
    expect(siteImportRules(v({ bModsOnly: false }), false).warnings).toEqual([
      'SITE_IMPORT_ALL_ITEMS_WARNING',
    ]);
    const master = siteImportRules(v({ bBuildMaster: true, bModsOnly: false }), false);
    expect(master.showModsOnly).toBe(false);
    // Modified-only is hidden under build master, so its warning is not shown either.
    expect(master.warnings).toEqual(['SITE_IMPORT_BUILD_MASTER_WARNING']);
  });

  it('the request carries sitenos as a comma list and the flags', () => {
    expect(toRequest(v({ sites: [3, 1], Notes: '  weekly  ' }))).toEqual({
      sitenos: '1,3',
      bBuildMaster: false,
      bDoDTS: true,
      bModifiedOnly: true,
      Notes: 'weekly',
    });
    expect(toRequest(v({ sites: [2], bBuildMaster: true, bDoDTS: false }))).toEqual({
      sitenos: '2',
      bBuildMaster: true,
      bDoDTS: false,
      bModifiedOnly: false,
    });
  });

  it('no site fails validation with the spec message', () => {
    const r = SiteImportForm.safeParse(v());
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(
      'No Sites are selected. Please select a zone to select sites for import.',
    );
  });

  it('goes to Item Adjustment after a build master, else to Outside Updates', () => {
    expect(stateAfterImport(true)).toBe('main.itemAdjust');
    expect(stateAfterImport(false)).toBe('main.outsideUpd');
  });
});
