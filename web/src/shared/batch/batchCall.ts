/** The batch calls of Item Adjustment's dialogs (docs/api-item-adjust.md), which Outside Updates' Adjust Price uses too. */
import {
  type AdjustItem,
  type BatchCall,
  type BatchContract,
  type BatchResult,
  type BodyIn,
  batchCalls,
} from '@cpb/domain';
import { call } from '../api';

/** The key of a selected item in every batch call: the grid row's ID, pack size and UpdateKey. */
export type SelectedItem = Pick<AdjustItem, 'ID' | 'PackSize' | 'UpdateKey'>;

/** What batch call `N` sends: its contract's body. */
export type BatchRequest<N extends BatchCall> = BodyIn<(typeof batchCalls)[N]>;

/** POST /adjust/{user}/<call>: a batch update, or its preview with `Preview: true`. */
export function runBatchCall<N extends BatchCall>(
  user: string,
  name: N,
  body: BatchRequest<N>,
): Promise<BatchResult> {
  const contract: BatchContract = batchCalls[name];
  return call(contract, { params: { user }, body: body as BatchRequest<BatchCall> });
}
