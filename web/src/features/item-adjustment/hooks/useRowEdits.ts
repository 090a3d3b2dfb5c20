/**
 * Grid edits of Item Adjustment: each row's pending (unsaved) edit, saved as one submitChange
 * when the user leaves the row; and the spec's row flags, modified and error.
 */
import { msg } from '@cpb/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../app/api';
import { notify } from '../../../app/notify';
import { submitChange } from '../api';
import { checkEdit, mergeEdit } from '../grid/cellEdits';
import { itemAdjustKeys } from '../queries';
import type { AdjustItem, Department, EditField, GridRow, ItemEdit, SearchResult } from '../types';

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
      })),
    [items, pending, modified, errors],
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

  const submit = useCallback(
    async (item: AdjustItem, change: ItemEdit) => {
      if (zoneId === null) return false;
      try {
        const saved = await submitChange(user, zoneId, item, change);
        queryClient.setQueriesData<SearchResult>(
          { queryKey: itemAdjustKeys.searches(user, zoneId) },
          (old) =>
            old ? { ...old, Items: old.Items.map((i) => (i.idplu === saved.idplu ? saved : i)) } : old,
        );
        flag(setModified, item.idplu, true);
        flag(setErrors, item.idplu, false);
        notify.info(msg('ITEM_KEY_SAVED', { item: saved.idplu }));
        return true;
      } catch (error) {
        notify.error(saveErrorText(error));
        flag(setErrors, item.idplu, true);
        return false;
      }
    },
    [user, zoneId, queryClient],
  );

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
  };
}
