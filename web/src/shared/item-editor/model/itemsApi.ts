/**
 * The item calls of Add Item and Add/Edit Item (spec part 1 §7 "Item calls"; docs/api-items.md),
 * through the domain's contracts. Linked items and vendor item numbers come with the lookup's
 * answer (the same rows that getLinkedItems and vendorsPerItem answer), so the page does not call
 * those two.
 */
import { type BodyIn, itemCalls } from '@cpb/domain';
import { ApiError, call } from '../../api';

export interface ItemLookupKey {
  ID: string;
  PackSize: string | number;
  ZoneSetupID: number;
}

/** One item model of a save, as updateBatchItem's body carries it. */
export type SaveItemModel = NonNullable<
  NonNullable<BodyIn<typeof itemCalls.updateBatchItem>['Items']>[number]
>;

export function lookUpBatchItem(user: string, key: ItemLookupKey, signal?: AbortSignal) {
  return call(itemCalls.lookUpBatchItem, {
    params: { user },
    body: { ...key, Action: 'LookUpBatchItem' },
    signal,
  });
}

/** Saves the models in one transaction; a refusal throws an ApiError (status 420 for a refused item). */
export function updateBatchItem(user: string, zoneSetupId: number, items: SaveItemModel[]) {
  return call(itemCalls.updateBatchItem, {
    params: { user },
    body: { ZoneSetupID: zoneSetupId, Items: items },
  });
}

export function getItemHistoryPerSite(user: string, key: ItemLookupKey) {
  return call(itemCalls.itemHistory, { params: { user }, body: key });
}

export function listIngredients(user: string, zoneSetupId: number, search: string, limit: number) {
  return call(itemCalls.ingredients, {
    params: { user, zone: zoneSetupId },
    query: { limit, search: search.trim() || undefined },
  });
}

/**
 * The toast of a failed save (spec §8): 'Error : Unable to save item, error={detail}'; a refusal
 * (status 420) names 'Backend server cannot save this item' before the server's reasons.
 */
export function saveErrorDetail(error: unknown, backendCannotSave: string): string {
  if (error instanceof ApiError) {
    return error.status === 420 ? `${backendCannotSave} (${error.message})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The server's reasons, split per item when it names them 'ID@pack Field: message'. */
export function saveErrorsByItem(error: unknown, keys: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!(error instanceof ApiError)) return out;
  for (const part of error.message.split('; ')) {
    const key = keys.find((k) => part.startsWith(`${k} `));
    const list = out.get(key ?? '') ?? [];
    list.push(key ? part.slice(key.length + 1) : part);
    out.set(key ?? '', list);
  }
  return out;
}
