/**
 * The item calls of Add Item and Add/Edit Item (spec part 1 §7 "Item calls"; docs/api-items.md).
 * Linked items and vendor item numbers come with the lookup's answer (the same rows that
 * getLinkedItems and vendorsPerItem answer), so the page does not call those two.
 */
import { ApiError, api, seg } from '../../api';
import type { HistoryRow, Ingredient, ItemModel, SaveResult } from './itemTypes';

export interface ItemLookupKey {
  ID: string;
  PackSize: string | number;
  ZoneSetupID: number;
}

export function lookUpBatchItem(user: string, key: ItemLookupKey, signal?: AbortSignal): Promise<ItemModel> {
  return api<ItemModel>(`/additem/${seg(user)}/lookUpBatchItem`, {
    body: { ...key, Action: 'LookUpBatchItem' },
    signal,
  });
}

/** Saves the models in one transaction; a refusal throws an ApiError (status 420 for a refused item). */
export function updateBatchItem(
  user: string,
  zoneSetupId: number,
  items: Record<string, unknown>[],
): Promise<SaveResult> {
  return api<SaveResult>(`/updateBatchItem/${seg(user)}`, {
    body: { ZoneSetupID: zoneSetupId, Items: items },
  });
}

export function getItemHistoryPerSite(user: string, key: ItemLookupKey): Promise<HistoryRow[]> {
  return api<HistoryRow[]>(`/additem/${seg(user)}/getItemHistoryPerSite`, { body: key });
}

export function listIngredients(user: string, zoneSetupId: number, search: string, limit: number) {
  const q = new URLSearchParams({ limit: String(limit) });
  if (search.trim()) q.set('search', search.trim());
  return api<Ingredient[]>(`/ingredients/${seg(user)}/${seg(zoneSetupId)}?${q}`);
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
