/** The batch calls of Item Adjustment's dialogs (docs/api-item-adjust.md), which Outside Updates' Adjust Price uses too. */
import { api, seg } from '../api';

/** The key of a selected item in every batch call. */
export interface SelectedItem {
  ID: string;
  PackSize: number;
  UpdateKey: string;
}

export type BatchAnswer =
  | {
      Preview: true;
      Title: string;
      Rows: Record<string, string | number | boolean | null>[];
      /** The stores OK writes to, by number and name (Remove: the item is taken away there). */
      Sites: { SiteNo: number; SiteName: string; Remove: boolean }[];
    }
  | { Preview: false; Saved: number; Message: string };

/** POST /adjust/{user}/<call>: a batch update, or its preview with `Preview: true`. */
export function runBatchCall(
  user: string,
  call: string,
  body: Record<string, unknown> & { ZoneSetupID: number; SelectedItems: SelectedItem[] },
): Promise<BatchAnswer> {
  return api<BatchAnswer>(`/adjust/${seg(user)}/${call}`, { body });
}
