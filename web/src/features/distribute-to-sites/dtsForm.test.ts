import {
  DistributeToSitesBody,
  DtsEmailBody,
  type DtsPreviewRow,
  DtsReportBody,
  type PickerSite,
  type PickerZone,
} from '@cpb/domain';
import { describe, expect, it } from 'vitest';
import {
  ACK_REFETCH_MS,
  ACK_WATCH_MS,
  ackRefetchInterval,
  DtsForm,
  distributedSites,
  dtsRules,
  INITIAL_VALUES,
  sortBySite,
  toEmailRequest,
  toReportRequest,
  toStartRequest,
  unconfirmedSites,
} from './dtsForm';

const v = (over: Partial<typeof INITIAL_VALUES> = {}) => ({ ...INITIAL_VALUES, ...over });
const idle = { pending: false, emailEnabled: true };

describe('Distribute to Sites rules', () => {
  it('starts with modifications only and no site; the form needs a site', () => {
    expect(INITIAL_VALUES).toEqual({ sites: [], bModsOnly: true });
    expect(DtsForm.safeParse(INITIAL_VALUES).error?.issues[0].message).toBe(
      'No Sites are selected. Please select a zone to select sites for import.',
    );
    expect(DtsForm.safeParse(v({ sites: [4] })).success).toBe(true);
  });

  it('Item Conflicts, Preview, E-mail Report and Distribute are off with no site selected', () => {
    expect(dtsRules(v(), idle)).toEqual({
      conflictsDisabled: true,
      distributeDisabled: true,
      previewDisabled: true,
      showEmail: true,
      emailDisabled: true,
      fullSendWarning: false,
    });
  });

  it('with a site all are on; while pending all are off', () => {
    const on = dtsRules(v({ sites: [1] }), idle);
    expect(on).toMatchObject({
      conflictsDisabled: false,
      distributeDisabled: false,
      previewDisabled: false,
      emailDisabled: false,
    });
    const busy = dtsRules(v({ sites: [1] }), { ...idle, pending: true });
    expect(busy).toMatchObject({
      conflictsDisabled: true,
      distributeDisabled: true,
      previewDisabled: true,
      emailDisabled: true,
    });
  });

  it('a full send (modifications only off) disables Preview and E-mail Report and warns', () => {
    const full = dtsRules(v({ sites: [1], bModsOnly: false }), idle);
    expect(full).toMatchObject({
      conflictsDisabled: false,
      distributeDisabled: false,
      previewDisabled: true,
      emailDisabled: true,
      fullSendWarning: true,
    });
  });

  it('E-mail Report shows only when the server can send mail', () => {
    expect(dtsRules(v({ sites: [1] }), { ...idle, emailEnabled: false }).showEmail).toBe(false);
  });
});

describe('Distribute to Sites requests', () => {
  it('sitenos is an ascending comma list; the bodies pass the server schemas', () => {
    const values = v({ sites: [12, 3, 10], bModsOnly: false });
    expect(toStartRequest(values)).toEqual({ sitenos: '3,10,12', bModsOnly: false });
    expect(DistributeToSitesBody.parse(toStartRequest(values)).sitenos).toEqual([3, 10, 12]);
    expect(toReportRequest(values)).toEqual({ sitenos: '3,10,12', bModsOnly: false });
    expect(DtsReportBody.safeParse(toReportRequest(values)).success).toBe(true);
  });

  it('the e-mail request mails the preview with the dialog’s form', () => {
    const mail = { to: 'a@example.com', cc: '', subject: 'S', text: 'T' };
    const body = toEmailRequest(v({ sites: [1, 2] }), mail);
    expect(body).toEqual({ sitenos: '1,2', bModsOnly: true, report: 'preview', emailInfo: mail });
    expect(DtsEmailBody.safeParse(body).success).toBe(true);
  });
});

const row = (SiteNo: number, ID: string): DtsPreviewRow => ({
  SiteNo,
  Action: 'change',
  ID,
  PackSize: 1,
  Description: ID,
  DeptSub: '01-01',
  UnitList: '1.99',
});

describe('sortBySite', () => {
  it('orders by site and keeps the server order within a site', () => {
    const rows = [row(10, 'b'), row(2, 'z'), row(10, 'a'), row(2, 'y')];
    expect(sortBySite(rows).map((r) => `${r.SiteNo}${r.ID}`)).toEqual(['2z', '2y', '10b', '10a']);
    // The input is left as it was.
    expect(rows[0].ID).toBe('b');
  });
});

const site = (SiteNo: number, confirmed: boolean | null): PickerSite => ({
  SetupID: SiteNo,
  SiteNo,
  SiteName: `Store ${SiteNo}`,
  LastDistribution:
    confirmed === null
      ? null
      : { File: 'f.xml', At: '2026-11-24T10:00:00Z', Confirmed: confirmed, Refused: 0 },
  LastImport: null,
});
const zone = (no: number, sites: PickerSite[]): PickerZone => ({
  ZoneSetupID: no,
  ZoneNo: no,
  ZoneName: `Zone ${no}`,
  CurZoneName: 'Zone 1',
  CurZoneNum: 1,
  ZoneSites: sites,
});

describe('waiting for the stores to confirm', () => {
  const zones = [zone(1, [site(1, true), site(2, false), site(3, null)]), zone(2, [site(2, false)])];

  it('lists the distributed sites without a confirmed file, each once', () => {
    expect(unconfirmedSites(zones, [1, 2, 3])).toEqual([2, 3]);
    expect(unconfirmedSites(zones, [1])).toEqual([]);
    expect(unconfirmedSites(undefined, [4, 5])).toEqual([4, 5]);
  });

  it('refetches while one is open, stops when all confirmed, when nothing was sent, or after the limit', () => {
    expect(ackRefetchInterval(zones, [1, 2], 0)).toBe(ACK_REFETCH_MS);
    expect(ackRefetchInterval(zones, [1], 0)).toBe(false);
    expect(ackRefetchInterval(zones, [], 0)).toBe(false);
    expect(ackRefetchInterval(zones, [2], ACK_WATCH_MS - 1)).toBe(ACK_REFETCH_MS);
    expect(ackRefetchInterval(zones, [2], ACK_WATCH_MS)).toBe(false);
  });
});

describe('distributedSites', () => {
  it('are the sites the run finished, not the failed ones', () => {
    expect(distributedSites(null)).toEqual([]);
    expect(
      distributedSites({
        TransferID: 1,
        ProcessType: 'DTS',
        Status: 'FAILED',
        Total: 2,
        Remaining: 0,
        Message: null,
        Sites: [
          { SiteNo: 4, Status: 'DONE', Error: null, Result: null },
          { SiteNo: 7, Status: 'FAILED', Error: 'disk full', Result: null },
        ],
      }),
    ).toEqual([4]);
  });
});
