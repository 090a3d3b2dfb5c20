import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO } from './env';

/** A root of the Outside Updates list as the API gives it (docs/api-outside-updates.md). */
export interface OuRootApi {
  Idcode: string;
  PackSize: number;
  idplu: string;
  Price: string | null;
  ZoneList: string | null;
  Description: string | null;
  DeptSub: string | null;
  changeFlds: number;
  isNew: boolean;
  ImpactedSiteSetupIDs: number[];
  /** The action kept on the root (the page keeps each choice as it is made). */
  Action: string;
  ItemGroups: string[];
  ItemType: string | null;
  /** The root holds values a user edited and kept; Original: what the store sent before. */
  Edited?: boolean;
  Original?: { Price: string | null; Description: string | null; changeFlds: number };
}

/** The action the server keeps for an item of the zone's list (undefined: not listed). */
export async function keptAction(
  request: APIRequestContext,
  zoneId: number,
  idplu: string,
): Promise<string | undefined> {
  return (await outsideUpdatesApi(request, zoneId)).find((r) => r.idplu === idplu)?.Action;
}

/** The price bit of changeFlds (domain CHANGE_FLD.price). */
export const PRICE_BIT = 1 << 3;

/** Imports the stores' changes through the API (what Site Import does) and waits for the transfer. */
export async function importSites(request: APIRequestContext, sitenos: string): Promise<void> {
  const res = await request.post(`/importSelectedSites/${DEMO.userName}`, { data: { sitenos } });
  expect(res.ok(), await res.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const r = await request.get(`/activeSites/Site%20Import/${DEMO.userName}`);
        const body = await r.json();
        return typeof body === 'number' ? body : body.RootResults;
      },
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBe(0);
}

export async function outsideUpdatesApi(request: APIRequestContext, zoneId: number): Promise<OuRootApi[]> {
  const res = await request.get(`/outsideupdates/${DEMO.userName}/${zoneId}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).root;
}
