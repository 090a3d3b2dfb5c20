import type { APIRequestContext } from '@playwright/test';
import { DEMO } from '../support/env';

/** The item as lookUpBatchItem answers it (the fields the journeys check). */
export interface LookedUpItem {
  ID: string;
  PackSize: number;
  idplu: string;
  UpcCode: string | null;
  Description: string;
  ReceiptDescription: string;
  InvType: string;
  DeptSub: string | null;
  UnitList: string;
  UnitCost: string;
  TaxGroupId: number | null;
  MinOnHand: number | null;
  MaxOnHand: number | null;
  SendToPos: boolean;
  ExistingItem: boolean;
  IsNew: boolean;
  OutOfZone: boolean;
  SiteCount: number;
  ZoneSiteCount: number;
  ItemGroups: string[];
  Vendors: { VendorID: string; VendorItem: string }[];
  SizeDescs: { Unit: string; Qty: string }[];
  Recipes: { ItemID: string; Unit: string | null; Qty: string }[];
  MissingUOMs: { ItemID: string; Unit: string }[];
}

/** Looks an item up in a zone through the API, as Add Item does. */
export async function lookUp(
  request: APIRequestContext,
  id: string,
  zone: number,
  pack = 1,
): Promise<LookedUpItem> {
  const res = await request.post(`/additem/${DEMO.userName}/lookUpBatchItem`, {
    data: { ID: id, PackSize: pack, ZoneSetupID: zone },
  });
  if (!res.ok()) throw new Error(`lookUpBatchItem ${id}: ${res.status()} ${await res.text()}`);
  return (await res.json()).RootResults;
}

export interface GridItem {
  ID: string;
  PackSize: number;
  Description: string;
  UnitList: string;
  SiteCount: number;
}

/** Item Adjustment's search (POST /adjust/{user}/sscitems) by item ID. */
export async function searchItemAdjustment(
  request: APIRequestContext,
  id: string,
  zone: number,
): Promise<GridItem[]> {
  const res = await request.post(`/adjust/${DEMO.userName}/sscitems`, {
    data: { ZoneSetupID: zone, clientCriterias: { ApplyInventoryID: true, InventoryID: id } },
  });
  if (!res.ok()) throw new Error(`sscitems ${id}: ${res.status()} ${await res.text()}`);
  return (await res.json()).GetSSCSItemsResult.Items;
}
