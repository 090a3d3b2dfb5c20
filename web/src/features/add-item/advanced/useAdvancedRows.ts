/**
 * State of Add Item's advanced grid: rows, their lookups and one save for all of them (new and
 * cloned rows created, modified rows updated, in one transaction).
 */
import { type DepartmentEntry, type ItemAnswer, MESSAGES, msg, normalizePackSize } from '@cpb/domain';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api';
import { type ItemDraft, itemKeyOf } from '../../../shared/item-editor/model/itemDraft';
import { buildSaveModel } from '../../../shared/item-editor/model/itemSaveModel';
import {
  lookUpBatchItem,
  saveErrorDetail,
  saveErrorsByItem,
  updateBatchItem,
} from '../../../shared/item-editor/model/itemsApi';
import { validateDraft } from '../../../shared/item-editor/model/itemValidation';
import { notifySuccess } from '../../../shared/item-editor/model/notifySuccess';
import { ITEM_DEBOUNCE_MS } from '../../../shared/item-editor/model/useItemEditor';
import { useLeadingDebounce } from '../../../shared/item-editor/model/useLeadingDebounce';
import { notify } from '../../../shared/notify';
import {
  applyLookup,
  blankRow,
  cloneRows,
  deleteRows,
  editRow,
  type GridRow,
  isDirty,
  isDuplicate,
  isPending,
  loadRow,
  markFailed,
  markSaved,
  rowKey,
  setIdentity,
  statusOf,
  typedId,
} from './gridRows';

export interface AdvancedRowsOptions {
  user: string;
  zone: number | null;
  departments: readonly DepartmentEntry[];
  labels: Record<string, string>;
}

export interface AdvancedRows {
  rows: GridRow[];
  peek: (rowId: string) => GridRow | undefined;
  dirty: boolean;
  saving: boolean;
  /** The row whose item was found only outside the zone (its dialog is open). */
  outside: { rowId: string; item: ItemAnswer } | null;
  add: () => string;
  remove: (selected: ReadonlySet<string>) => void;
  clone: (selected: ReadonlySet<string>) => void;
  setId: (rowId: string, id: unknown, pack: unknown) => void;
  edit: (rowId: string, patch: Partial<ItemDraft>) => void;
  save: () => void;
  saveNow: () => Promise<boolean>;
  rezone: (zone: number | null) => void;
  validationOf: (r: GridRow) => ReturnType<typeof validateDraft>;
  outsideSave: (unitList: string) => Promise<void>;
  outsideEdit: (unitList: string) => void;
  outsideCancel: () => void;
}

const modeOf = (r: GridRow): 'add' | 'edit' =>
  (r.base?.ExistingItem && !r.cloneOf) || r.base?.OutOfZone ? 'edit' : 'add';

export function useAdvancedRows(o: AdvancedRowsOptions): AdvancedRows {
  const [rows, setRowsState] = useState<GridRow[]>(() => [blankRow()]);
  const [outside, setOutside] = useState<{ rowId: string; item: ItemAnswer } | null>(null);
  const ref = useRef(rows);
  const opts = useRef(o);
  const { mutateAsync: saveItems, isPending: saving } = useMutation({
    mutationFn: ({ zone, models }: { zone: number; models: Parameters<typeof updateBatchItem>[2] }) =>
      updateBatchItem(opts.current.user, zone, models),
  });
  opts.current = o;
  const setRows = useCallback((next: GridRow[]) => {
    ref.current = next;
    setRowsState(next);
  }, []);

  const { departments, labels } = o;
  const validationOf = useCallback(
    (r: GridRow) =>
      validateDraft(r.draft, { mode: modeOf(r), departments, labels, isClone: r.cloneOf !== null }),
    [departments, labels],
  );

  const lookupRow = useCallback(
    async (rowId: string) => {
      const row = ref.current.find((r) => r.rowId === rowId);
      const zone = opts.current.zone;
      if (!row || zone === null) return;
      const pack = normalizePackSize(row.draft.PackSize);
      if (!row.draft.ID || !pack.ok) {
        setRows(ref.current.map((r) => (r.rowId === rowId ? { ...r, loading: false } : r)));
        return;
      }
      try {
        const m = await lookUpBatchItem(opts.current.user, {
          ID: row.draft.ID,
          PackSize: pack.value,
          ZoneSetupID: zone,
        });
        const now = ref.current.find((r) => r.rowId === rowId);
        if (!now || now.draft.ID !== row.draft.ID || now.draft.PackSize !== row.draft.PackSize) return;
        const out = applyLookup(ref.current, rowId, m);
        setRows(out.rows);
        if (out.outcome === 'duplicate') notify.warning(msg('ITEM_ALREADY_ADDED', { item: m.idplu }));
        else if (out.outcome === 'taken') notify.warning(`${m.idplu}: ${MESSAGES.ID_ALREADY_EXISTS}`);
        else if (out.outcome === 'outside') setOutside({ rowId, item: m });
      } catch (e) {
        setRows(ref.current.map((r) => (r.rowId === rowId ? { ...r, loading: false } : r)));
        const status = e instanceof ApiError ? e.status : 0;
        notify.error(msg('LOOKUP_FAILED', { status, error: e instanceof Error ? e.message : String(e) }));
      }
    },
    [setRows],
  );

  const setId = useCallback(
    (rowId: string, idValue: unknown, packValue: unknown) => {
      const row = ref.current.find((r) => r.rowId === rowId);
      if (!row) return;
      const id = typedId(idValue);
      const packText = packValue == null ? '' : String(packValue).trim();
      const pack = packText === '' ? '1' : packText;
      if (id === row.draft.ID && pack === row.draft.PackSize) return;
      const key = id ? itemKeyOf({ ID: id, PackSize: pack }) : null;
      if (isDuplicate(ref.current, rowId, key)) {
        notify.warning(msg('ITEM_ALREADY_ADDED', { item: key ?? '' }));
        setRows([...ref.current]);
        return;
      }
      setRows(setIdentity(ref.current, rowId, id, pack));
      void lookupRow(rowId);
    },
    [setRows, lookupRow],
  );

  const edit = useCallback(
    (rowId: string, patch: Partial<ItemDraft>) => setRows(editRow(ref.current, rowId, patch)),
    [setRows],
  );

  const add = useCallback(() => {
    const row = blankRow();
    setRows([...ref.current, row]);
    return row.rowId;
  }, [setRows]);

  const remove = useCallback(
    (selected: ReadonlySet<string>) => {
      const next = deleteRows(ref.current, selected);
      setRows(next.length ? next : [blankRow()]);
    },
    [setRows],
  );

  const clone = useCallback(
    (selected: ReadonlySet<string>) => setRows(cloneRows(ref.current, selected)),
    [setRows],
  );

  const send = useCallback(
    async (targets: GridRow[]): Promise<boolean> => {
      const zone = opts.current.zone;
      if (zone === null) return false;
      const invalid = targets
        .map((r) => ({ r, v: validationOf(r) }))
        .filter((x) => !x.v.valid || !x.v.output);
      if (invalid.length) {
        const ids = new Set(invalid.map((x) => x.r.rowId));
        setRows(
          markFailed(ref.current, ids, (r) =>
            Object.entries(validationOf(r).errors).map(([f, m]) => `${f}: ${m}`),
          ),
        );
        const first = invalid[0];
        notify.error(`${rowKey(first.r) ?? ''} ${first.v.summary ?? MESSAGES.CORRECT_FIELDS}`.trim());
        return false;
      }
      const models = targets.map((r) => {
        const v = validationOf(r);
        return buildSaveModel({
          draft: r.draft,
          output: v.output!,
          base: r.base,
          cloneOf: r.cloneOf,
          status: r.cloneOf ? statusOf(r) : undefined,
        });
      });
      const ids = new Set(targets.map((r) => r.rowId));
      try {
        const result = await saveItems({ zone, models });
        setRows(markSaved(ref.current, ids, result.Items));
        notifySuccess(result.Message);
        return true;
      } catch (e) {
        const keys = targets.map((r) => rowKey(r) ?? '');
        const byItem = saveErrorsByItem(e, keys);
        const general = byItem.get('') ?? [];
        setRows(
          markFailed(ref.current, ids, (r) => [
            ...(byItem.get(rowKey(r) ?? '') ?? []),
            ...(targets.length === 1 ? general : []),
          ]),
        );
        notify.error(msg('SAVE_ITEM_FAILED', { detail: saveErrorDetail(e, msg('BACKEND_CANNOT_SAVE')) }));
        return false;
      }
    },
    [setRows, validationOf, saveItems],
  );

  const saveNow = useCallback(async () => {
    const targets = ref.current.filter(isPending);
    if (targets.length === 0) {
      notify.info(MESSAGES.NOT_MODIFIED_ANY_ITEM);
      return false;
    }
    return send(targets);
  }, [send]);

  const save = useLeadingDebounce(() => void saveNow(), ITEM_DEBOUNCE_MS);

  const rezone = useCallback(
    (zone: number | null) => {
      const kept = ref.current
        .filter((r) => r.draft.ID && !r.cloneOf)
        .map((r) => blankRow(r.draft.ID, r.draft.PackSize));
      const next = kept.length ? kept.map((r) => ({ ...r, loading: zone !== null })) : [blankRow()];
      setRows(next);
      setOutside(null);
      if (zone !== null) for (const r of kept) void lookupRow(r.rowId);
    },
    [setRows, lookupRow],
  );

  const outsideSave = useCallback(
    async (unitList: string) => {
      if (!outside) return;
      const row = ref.current.find((r) => r.rowId === outside.rowId);
      if (!row) return;
      const target: GridRow = { ...row, draft: { ...row.draft, UnitList: unitList } };
      if (await send([target])) setOutside(null);
    },
    [outside, send],
  );

  const outsideEdit = useCallback(
    (unitList: string) => {
      if (!outside) return;
      const next = loadRow(ref.current, outside.rowId, outside.item, 'outsideCopy');
      setRows(
        next.map((r) =>
          r.rowId === outside.rowId ? { ...r, draft: { ...r.draft, UnitList: unitList } } : r,
        ),
      );
      setOutside(null);
    },
    [outside, setRows],
  );

  const outsideCancel = useCallback(() => {
    if (!outside) return;
    setRows(
      ref.current.map((r) =>
        r.rowId === outside.rowId ? { ...blankRow(r.draft.ID, r.draft.PackSize), rowId: r.rowId } : r,
      ),
    );
    setOutside(null);
  }, [outside, setRows]);

  return {
    rows,
    /** A row as it is now, including changes not yet rendered. */
    peek: (rowId: string) => ref.current.find((r) => r.rowId === rowId),
    dirty: isDirty(rows),
    saving,
    outside,
    add,
    remove,
    clone,
    setId,
    edit,
    save,
    saveNow,
    rezone,
    validationOf,
    outsideSave,
    outsideEdit,
    outsideCancel,
  };
}
