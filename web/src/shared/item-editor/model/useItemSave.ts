/**
 * The save of one item (updateBatchItem): a mutation, which owns the busy and the error state (the
 * row shows Error and the form stays dirty until the next save, lookup or reset).
 */
import { msg, type SaveAnswer } from '@cpb/domain';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../notify';
import { type SaveItemModel, saveErrorDetail, updateBatchItem } from './itemsApi';
import { notifySuccess } from './notifySuccess';

export interface ItemSaveRequest {
  zone: number;
  model: SaveItemModel;
}

export function useItemSave(user: string, onSaved: (result: SaveAnswer) => void) {
  return useMutation({
    mutationFn: ({ zone, model }: ItemSaveRequest) => updateBatchItem(user, zone, [model]),
    onSuccess: (result) => {
      notifySuccess(result.Message);
      onSaved(result);
    },
    onError: (e) =>
      notify.error(msg('SAVE_ITEM_FAILED', { detail: saveErrorDetail(e, msg('BACKEND_CANNOT_SAVE')) })),
  });
}
