/**
 * Grid edits of Item Adjustment: each row's pending (unsaved) edit, saved as one submitChange
 * when the user leaves the row or ends an edit with Enter; the spec's row flags, modified and error; each row's save
 * state (editing, saving, saved, failed with the message); and Undo of the last saved change,
 * which writes the previous values back through the same UpdateKey-checked, historied call.
 */
import { msg } from '@cpb/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { i18n } from '../../../i18n';
import { ApiError } from '../../../shared/api';
import { notify } from '../../../shared/notify';
import { submitChange } from '../api';
import { checkEdit, mergeEdit } from '../grid/cellEdits';
import { itemAdjustKeys } from '../queries';
import type {
  AdjustItem,
  Department,
  EditField,
  GridRow,
  ItemEdit,
  RowSaveState,
  SearchResult,
} from '../types';

interface Pending {
  edit: ItemEdit;
  display: Partial<AdjustItem>;
}

const FIELD_PREFIX =
  /^(Description|ReceiptDescription|DeptSub|UnitList|UnitCost|Margin|TaxGroupId|CrvID|Active): /;

/** The text to show for a refused save: the spec's message itself for a refused value. */
export function saveErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return error.message.replace(FIELD_PREFIX, '');
  const detail = error instanceof Error ? error.message : String(error);
  return msg('SAVE_ITEM_FAILED', { detail });
}

/** A saved change that Undo can take back: the values the item had before it. */
export interface UndoEntry {
  key: string;
  ID: string;
  PackSize: number;
  /** The item's UpdateKey after the change: Undo is refused if the item changed since. */
  UpdateKey: string;
  previous: ItemEdit;
}

/** The fields `change` touched, with the values `item` had before it (a margin gives back the list). */
export function previousValues(item: AdjustItem, change: ItemEdit): ItemEdit {
  const before: ItemEdit = {};
  for (const field of Object.keys(change) as EditField[]) {
    if (field === 'Margin' || field === 'UnitList') before.UnitList = item.UnitList;
    else if (field === 'ReceiptDescription') before.ReceiptDescription = item.ReceiptDescription;
    else if (field === 'TaxGroupId') before.TaxGroupId = item.TaxGroupId;
    else if (field === 'CrvID') before.CrvID = item.CrvID;
    else if (field === 'Active') before.Active = item.Active;
    else before[field] = item[field];
  }
  return before;
}

interface SaveStatus {
  state: Exclude<RowSaveState, 'editing'>;
  message: string | null;
}

type SetFlags = (update: (s: ReadonlySet<string>) => ReadonlySet<string>) => void;

/** Turns one row's flag (modified, error) on or off. */
function flag(set: SetFlags, key: string, on: boolean): void {
  set((s) => {
    const next = new Set(s);
    if (on) next.add(key);
    else next.delete(key);
    return next;
  });
}

export interface RowEdits {
  rows: GridRow[];
  dirtyCount: number;
  /** Whether any row is unsaved, read at once (not at the next render). */
  hasPending: () => boolean;
  /** Checks and records an edit; false (with the message shown) when refused. */
  edit: (key: string, field: EditField, value: unknown) => boolean;
  /** Saves one row's pending edit; true when there was nothing to save or it saved. */
  saveRow: (key: string) => Promise<boolean>;
  saveAll: () => Promise<boolean>;
  discardAll: () => void;
  /** Saves a whole edit at once (the edit panel, the divergent-value pickers). */
  submit: (item: AdjustItem, edit: ItemEdit) => Promise<boolean>;
  markErrors: (keys: readonly string[]) => void;
  clearErrors: (keys: readonly string[]) => void;
  /** The last saved change, if Undo can take it back. */
  lastChange: UndoEntry | null;
  /** Writes the last saved change's previous values back (UpdateKey-checked); true when it did. */
  undo: () => Promise<boolean>;
}

export function useRowEdits(opts: {
  user: string;
  zoneId: number | null;
  items: readonly AdjustItem[];
  departments: readonly Department[];
}): RowEdits {
  const { user, zoneId, items, departments } = opts;
  const queryClient = useQueryClient();
  const [pending, setPendingState] = useState<Record<string, Pending>>({});
  const pendingRef = useRef(pending);
  const [modified, setModified] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState<Record<string, SaveStatus>>({});
  const [history, setHistory] = useState<UndoEntry[]>([]);
  const historyRef = useRef(history);
  historyRef.current = history;
  // Row states and Undo belong to the zone they were made in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the zone changes
  useEffect(() => {
    setStatus({});
    setHistory([]);
    historyRef.current = [];
  }, [zoneId]);
  const mark = useCallback(
    (key: string, state: SaveStatus['state'], message: string | null = null) =>
      setStatus((s) => ({ ...s, [key]: { state, message } })),
    [],
  );
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const setPending = useCallback((next: (p: Record<string, Pending>) => Record<string, Pending>) => {
    pendingRef.current = next(pendingRef.current);
    setPendingState(pendingRef.current);
  }, []);
  const drop = useCallback(
    (key: string) =>
      setPending((p) => {
        const { [key]: _gone, ...rest } = p;
        return rest;
      }),
    [setPending],
  );

  const rows = useMemo<GridRow[]>(
    () =>
      items.map((i) => ({
        ...i,
        ...pending[i.idplu]?.display,
        isDirty: i.idplu in pending,
        isModified: modified.has(i.idplu),
        hasError: errors.has(i.idplu),
        saveState: i.idplu in pending ? 'editing' : (status[i.idplu]?.state ?? null),
        saveMessage: i.idplu in pending ? null : (status[i.idplu]?.message ?? null),
      })),
    [items, pending, modified, errors, status],
  );

  const edit = useCallback(
    (key: string, field: EditField, value: unknown) => {
      const base = itemsRef.current.find((i) => i.idplu === key);
      if (!base) return false;
      const current = pendingRef.current[key];
      const shown = { ...base, ...current?.display };
      const check = checkEdit(shown, field, value, departments);
      if (!check.ok) {
        notify.error(check.message);
        return false;
      }
      setPending((p) => ({
        ...p,
        [key]: {
          edit: mergeEdit(current?.edit ?? {}, check.edit),
          display: { ...current?.display, ...check.display },
        },
      }));
      return true;
    },
    [departments, setPending],
  );

  /** One submitChange; a change (not an undo) is remembered for Undo with the values before it. */
  const write = useCallback(
    async (
      item: Pick<AdjustItem, 'idplu' | 'ID' | 'PackSize' | 'UpdateKey'>,
      change: ItemEdit,
      before: ItemEdit | null,
    ) => {
      if (zoneId === null) return false;
      mark(item.idplu, 'saving');
      try {
        const saved = await submitChange(user, zoneId, item, change);
        queryClient.setQueriesData<SearchResult>(
          { queryKey: itemAdjustKeys.searches(user, zoneId) },
          (old) =>
            old ? { ...old, Items: old.Items.map((i) => (i.idplu === saved.idplu ? saved : i)) } : old,
        );
        flag(setModified, item.idplu, true);
        flag(setErrors, item.idplu, false);
        mark(item.idplu, 'saved');
        if (before)
          setHistory((h) => [
            ...h.slice(-49),
            {
              key: item.idplu,
              ID: item.ID,
              PackSize: item.PackSize,
              UpdateKey: saved.UpdateKey,
              previous: before,
            },
          ]);
        return true;
      } catch (error) {
        const message = saveErrorText(error);
        notify.error(message);
        flag(setErrors, item.idplu, true);
        mark(item.idplu, 'failed', message);
        return false;
      }
    },
    [user, zoneId, queryClient, mark],
  );

  const submit = useCallback(
    async (item: AdjustItem, change: ItemEdit) => {
      const ok = await write(item, change, previousValues(item, change));
      if (ok) notify.info(msg('ITEM_KEY_SAVED', { item: item.idplu }));
      return ok;
    },
    [write],
  );

  const undo = useCallback(async () => {
    const last = historyRef.current.at(-1);
    if (!last) return false;
    setHistory((h) => h.slice(0, -1));
    // The UpdateKey the change left: if anyone changed the item since, the server refuses.
    const ok = await write(
      { idplu: last.key, ID: last.ID, PackSize: last.PackSize, UpdateKey: last.UpdateKey },
      last.previous,
      null,
    );
    if (ok) notify.info(i18n.t('itemAdjust.undone', { item: last.key }));
    return ok;
  }, [write]);

  const saveRow = useCallback(
    async (key: string) => {
      const p = pendingRef.current[key];
      const base = itemsRef.current.find((i) => i.idplu === key);
      if (!p || !base) return true;
      drop(key);
      // A refused save reverts the row to the zone's values (the pending edit is dropped).
      return submit(base, p.edit);
    },
    [drop, submit],
  );

  const saveAll = useCallback(async () => {
    let ok = true;
    for (const key of Object.keys(pendingRef.current)) ok = (await saveRow(key)) && ok;
    return ok;
  }, [saveRow]);

  const discardAll = useCallback(() => setPending(() => ({})), [setPending]);
  const markErrors = useCallback((keys: readonly string[]) => {
    setErrors((s) => new Set([...s, ...keys]));
  }, []);
  const clearErrors = useCallback((keys: readonly string[]) => {
    setErrors((s) => new Set([...s].filter((k) => !keys.includes(k))));
  }, []);

  const hasPending = useCallback(() => Object.keys(pendingRef.current).length > 0, []);

  return {
    rows,
    dirtyCount: Object.keys(pending).length,
    hasPending,
    edit,
    saveRow,
    saveAll,
    discardAll,
    submit,
    markErrors,
    clearErrors,
    lastChange: history.at(-1) ?? null,
    undo,
  };
}
