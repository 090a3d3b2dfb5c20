import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO } from './env';

/** The fields of an Item Adjustment row the journeys check (docs/api-item-adjust.md). */
export interface ApiItem {
  ID: string;
  PackSize: number;
  idplu: string;
  Description: string;
  ReceiptDescription: string | null;
  InvType: string;
  DeptSub: string;
  UnitList: string;
  IsPriceUniform: boolean;
}

/** Searches the zone through the API, as the page does, to know the demo data independently of the screen. */
export async function searchApi(
  request: APIRequestContext,
  zoneId: number,
  criteria: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<{ TotalCount: number; Items: ApiItem[] }> {
  const res = await request.post(`/adjust/${DEMO.userName}/sscitems`, {
    data: { ZoneSetupID: zoneId, clientCriterias: criteria, PageSize: 100, ...extra },
  });
  if (!res.ok()) throw new Error(`sscitems ${res.status()}: ${await res.text()}`);
  return (await res.json()).GetSSCSItemsResult;
}

export async function itemApi(request: APIRequestContext, zoneId: number, id: string): Promise<ApiItem> {
  const { Items } = await searchApi(request, zoneId, {
    ApplyInventoryID: true,
    InventoryID: id,
    ApplyPackSize: true,
    PackSize: '1',
  });
  const item = Items.find((i) => i.ID === id && i.PackSize === 1);
  if (!item) throw new Error(`no item ${id}@1 in zone ${zoneId}`);
  return item;
}

export async function mostCommonApi(
  request: APIRequestContext,
  zoneId: number,
  id: string,
  field: string,
): Promise<{ Key: string; Value: string; Count: number }[]> {
  const res = await request.get(
    `/adjust/${DEMO.userName}/mostCommon?ZoneSetupID=${zoneId}&ID=${id}&PS=1&FieldName=${field}`,
  );
  return (await res.json()).RootResults;
}

/** '5.49' -> 549: a two-decimal price as whole cents, by its digits (no float arithmetic). */
export function cents(price: string): number {
  const [whole, frac = ''] = price.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
}

/** 549 -> '$5.49', as the grid shows a price in en-US. */
/** 389 -> '3.89': whole cents as the API writes a price. */
export function decimal(c: number): string {
  return `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
}

export function dollars(c: number): string {
  const whole = Math.floor(c / 100);
  return `$${whole.toLocaleString('en-US')}.${String(c % 100).padStart(2, '0')}`;
}

/**
 * Zone 3's items whose ID starts 0120 (no journey reads them) get +0.10 through the batch call Item
 * Adjustment makes, so that "modifications only" has something to send; returns their IDs.
 */
export async function changeZone3Prices(request: APIRequestContext): Promise<string[]> {
  const { Items } = await searchApi(
    request,
    3,
    { ApplyInventoryID: true, InventoryID: '0120' },
    { PageSize: 500 },
  );
  expect(Items.length).toBeGreaterThan(300);
  const res = await request.post(`/adjust/${DEMO.userName}/updateSSCSItemsPriceChange`, {
    data: {
      ZoneSetupID: 3,
      SelectedItems: Items.map((i) => ({ ID: i.ID, PackSize: i.PackSize, UpdateKey: null })),
      UpdateType: 2,
      RoundType: 0,
      ChangeAmount: '0.10',
      Preview: false,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return Items.map((i) => i.ID);
}
