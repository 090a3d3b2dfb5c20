/**
 * What the user does to single items: the divergent-value pickers and the edit-item panel.
 * Both save at once (submitChange), after any pending grid edit is saved.
 */
import { MESSAGES } from '@cpb/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../shared/notify';
import type { AdjustItem, DivergentField, GridRow, ItemEdit } from '../types';
import type { RowEdits } from './useRowEdits';

export interface ItemActions {
  picker: { row: GridRow; field: DivergentField } | null;
  editingRow: GridRow | null;
  busy: boolean;
  openPicker: (row: GridRow, field: DivergentField) => Promise<void>;
  closePicker: () => void;
  choose: (value: string) => Promise<void>;
  startEditing: (row: GridRow) => Promise<void>;
  stopEditing: () => void;
  saveEditing: (edit: ItemEdit) => Promise<void>;
}

export function useItemActions(opts: {
  rows: readonly GridRow[];
  items: readonly AdjustItem[];
  edits: RowEdits;
  flush: () => Promise<void>;
}): ItemActions {
  const { rows, items, edits, flush } = opts;
  const [picker, setPicker] = useState<{ key: string; field: DivergentField } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const saving = useMutation({
    mutationFn: ({ item, edit }: { item: AdjustItem; edit: ItemEdit }) => edits.submit(item, edit),
  });
  const pickerRow = picker ? rows.find((r) => r.idplu === picker.key) : undefined;
  const editingRow = editing ? (rows.find((r) => r.idplu === editing) ?? null) : null;
  const base = (key: string) => items.find((i) => i.idplu === key);

  const save = async (key: string, edit: ItemEdit) => {
    const item = base(key);
    if (!item) return false;
    return saving.mutateAsync({ item, edit });
  };

  return {
    picker: picker && pickerRow ? { row: pickerRow, field: picker.field } : null,
    editingRow,
    busy: saving.isPending,
    openPicker: async (row, field) => {
      await flush();
      setPicker({ key: row.idplu, field });
    },
    closePicker: () => setPicker(null),
    choose: async (value) => {
      if (!picker || !pickerRow) return;
      // Spec part 1 §5: an expense item's list price cannot be set through the picker.
      if (picker.field === 'UnitList' && pickerRow.InvType === 'X') {
        notify.error(MESSAGES.EXPENSE_LIST_LOCKED);
        return;
      }
      if (await save(picker.key, { [picker.field]: value })) setPicker(null);
    },
    startEditing: async (row) => {
      await flush();
      setEditing(row.idplu);
    },
    stopEditing: () => setEditing(null),
    saveEditing: async (edit) => {
      if (editing && (await save(editing, edit))) setEditing(null);
    },
  };
}
