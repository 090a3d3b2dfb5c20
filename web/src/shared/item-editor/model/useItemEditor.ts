/**
 * One item being added or edited (Add Item's simple mode and Add/Edit Item): lookup by ID and
 * pack size, editing, cloning, saving, and the statuses of spec part 1 §4. The values live in the
 * form (useItemForm, `@mantine/form`), the save is a mutation (useItemSave); this hook keeps what
 * was looked up and the clone and outside-zone states (itemEditorStatus).
 */
import {
  type DepartmentEntry,
  type ItemAnswer,
  itemKey,
  MESSAGES,
  msg,
  normalizeItemId,
  normalizePackSize,
  type SaveAnswer,
} from '@cpb/domain';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../api';
import { notify } from '../../notify';
import { cloneDraft, draftFromModel, emptyDraft, type ItemDraft } from './itemDraft';
import {
  type EditorMeta,
  editMode,
  INITIAL_META,
  isDirty,
  isReady,
  panelStatusOf,
  rowStatusOf,
} from './itemEditorStatus';
import { buildSaveModel } from './itemSaveModel';
import type { PanelStatus, RowStatus } from './itemStatus';
import { lookUpBatchItem } from './itemsApi';
import { type DraftValidation, validateDraft } from './itemValidation';
import { notifySuccess } from './notifySuccess';
import { useItemForm } from './useItemForm';
import { useItemSave } from './useItemSave';
import { useLeadingDebounce } from './useLeadingDebounce';

/** Lookup and submit are debounced by 1000 ms (spec §9). */
export const ITEM_DEBOUNCE_MS = 1000;

export interface ItemEditorOptions {
  user: string;
  zone: number | null;
  departments: readonly DepartmentEntry[];
  /** Field name -> label, for '{fields} is required.'. */
  labels: Record<string, string>;
  onExisting?: (item: ItemAnswer) => void;
  onOutside?: (item: ItemAnswer) => void;
  onSaved?: (result: SaveAnswer) => void;
}

export interface ItemEditor {
  draft: ItemDraft;
  base: ItemAnswer | null;
  status: PanelStatus;
  rowStatus: RowStatus | null;
  cloneOf: string | null;
  dirty: boolean;
  saving: boolean;
  /** Fields other than ID and pack size may be edited (the lookup is READY). */
  ready: boolean;
  canSearch: boolean;
  validation: DraftValidation;
  /** Errors of the fields the user has left (all of them after a refused save). */
  visibleErrors: Record<string, string>;
  setIdentity: (patch: Partial<Pick<ItemDraft, 'ID' | 'PackSize'>>) => void;
  normalizeId: () => void;
  /** Pack size left: defaults to 1 and runs the lookup. */
  packSizeBlur: () => void;
  lookup: () => void;
  update: (patch: Partial<ItemDraft>) => void;
  touch: (field: string) => void;
  clone: () => void;
  uncloneTo: () => void;
  /** Saves now (not debounced); resolves true when saved. */
  saveNow: (override?: Partial<ItemDraft>) => Promise<boolean>;
  /** The Save button: debounced by 1000 ms. */
  save: () => void;
  reset: (id?: string, pack?: string) => void;
  load: (item: ItemAnswer, how?: { outsideCopy?: boolean; saved?: boolean }) => void;
  resolveOutside: () => void;
}

function lookupError(e: unknown): string {
  const status = e instanceof ApiError ? e.status : 0;
  const error = e instanceof Error ? e.message : String(e);
  return msg('LOOKUP_FAILED', { status, error });
}

const itemKeyText = (d: ItemDraft) => `${normalizeItemId(d.ID)}@${d.PackSize.trim() || '1'}`;

export function useItemEditor(o: ItemEditorOptions): ItemEditor {
  const [meta, setMeta] = useState<EditorMeta>(INITIAL_META);
  // Every change goes through `patch`, which keeps the ref current synchronously, so async
  // lookups and saves read the state as it is now, not as it was at their last render.
  const ref = useRef(meta);
  const opts = useRef(o);
  opts.current = o;
  const seq = useRef(0);
  const patch = useCallback((p: Partial<EditorMeta>) => {
    ref.current = { ...ref.current, ...p };
    setMeta(ref.current);
  }, []);

  const form = useItemForm({
    mode: editMode(meta),
    departments: o.departments,
    labels: o.labels,
    isClone: meta.cloneOf !== null,
  });
  const saving = useItemSave(o.user, (result) => opts.current.onSaved?.(result));
  const failed = saving.isError;
  const failedRef = useRef(failed);
  failedRef.current = failed;
  const resetSave = saving.reset;

  /** Back to an item of only these values: nothing looked up, no failed save, nothing left or shown. */
  const start = useCallback(
    (values: ItemDraft, next: Partial<EditorMeta> = {}) => {
      patch({ ...INITIAL_META, ...next });
      form.resetTo(values);
      resetSave();
    },
    [patch, form.resetTo, resetSave],
  );

  const applyLookup = useCallback(
    (m: ItemAnswer) => {
      if (ref.current.cloneOf) {
        if (!m.IsNew) {
          notify.warning(`${m.idplu}: ${MESSAGES.ID_ALREADY_EXISTS}`);
          patch({ loading: false, cloneChecked: false });
          form.update({ ID: '' });
          return;
        }
        patch({ loading: false, cloneChecked: true });
        form.update({ ID: m.ID, PackSize: String(m.PackSize) });
        return;
      }
      start(draftFromModel(m), { base: m, outsidePending: m.OutOfZone });
      if (m.OutOfZone) opts.current.onOutside?.(m);
      else if (m.ExistingItem) {
        notifySuccess(msg('EXISTING_ITEM_FOUND'));
        opts.current.onExisting?.(m);
      } else notifySuccess(msg('NEW_ITEM_FOUND'));
    },
    [patch, start, form.update],
  );

  const runLookup = useCallback(async () => {
    const draft = form.current();
    const zone = opts.current.zone;
    const id = normalizeItemId(draft.ID);
    const pack = normalizePackSize(draft.PackSize);
    if (!id || !pack.ok || zone === null) return;
    const mine = ++seq.current;
    patch({ loading: true });
    try {
      const m = await lookUpBatchItem(opts.current.user, { ID: id, PackSize: pack.value, ZoneSetupID: zone });
      if (mine === seq.current) applyLookup(m);
    } catch (e) {
      if (mine !== seq.current) return;
      patch({ loading: false });
      notify.error(lookupError(e));
    }
  }, [patch, applyLookup, form.current]);

  const lookup = useLeadingDebounce(
    () => void runLookup(),
    ITEM_DEBOUNCE_MS,
    () => `${opts.current.zone}|${itemKeyText(form.current())}|${ref.current.cloneOf ?? ''}`,
  );

  const setIdentity = useCallback(
    (p: Partial<Pick<ItemDraft, 'ID' | 'PackSize'>>) => {
      const st = ref.current;
      const draft = form.current();
      const id = p.ID ?? draft.ID;
      const pack = p.PackSize ?? draft.PackSize;
      seq.current++;
      if (st.cloneOf) {
        patch({ cloneChecked: false, loading: false });
        form.update({ ID: id, PackSize: pack });
      } else if (st.base || st.loading || failedRef.current) {
        // Spec §4: a changed ID or pack size resets the item to only those two fields.
        start(emptyDraft(id, pack));
      } else {
        form.rebase({ ID: id, PackSize: pack }, emptyDraft(id, pack));
      }
    },
    [patch, start, form.current, form.update, form.rebase],
  );

  const normalizeId = useCallback(() => {
    const id = form.current().ID;
    const n = normalizeItemId(id);
    if (n !== id) setIdentity({ ID: n });
  }, [setIdentity, form.current]);

  const packSizeBlur = useCallback(() => {
    if (form.current().PackSize.trim() === '') setIdentity({ PackSize: '1' });
    lookup();
  }, [setIdentity, lookup, form.current]);

  const update = useCallback(
    (p: Partial<ItemDraft>) => {
      form.update(p);
      if (ref.current.saved) patch({ saved: false });
    },
    [form.update, patch],
  );

  const clone = useCallback(() => {
    const st = ref.current;
    if (!st.base?.ExistingItem || st.cloneOf) return;
    patch({ cloneOf: itemKey(st.base.ID, st.base.PackSize), cloneChecked: false, saved: false });
    form.update(cloneDraft(form.current()));
    form.resetTouched();
    resetSave();
  }, [patch, form.update, form.current, form.resetTouched, resetSave]);

  const uncloneTo = useCallback(() => {
    const st = ref.current;
    if (!st.cloneOf || !st.base) return;
    patch({ cloneOf: null, cloneChecked: false });
    form.update(form.base());
    form.resetTouched();
    resetSave();
  }, [patch, form.update, form.base, form.resetTouched, resetSave]);

  const reset = useCallback(
    (id = '', pack = '1') => {
      seq.current++;
      start(emptyDraft(id, pack));
    },
    [start],
  );

  const load = useCallback(
    (item: ItemAnswer, how: { outsideCopy?: boolean; saved?: boolean } = {}) => {
      seq.current++;
      start(draftFromModel(item), {
        base: item,
        outsideCopy: how.outsideCopy ?? false,
        saved: how.saved ?? false,
      });
    },
    [start],
  );

  const resolveOutside = useCallback(() => patch({ outsidePending: false }), [patch]);

  const saveNow = useCallback(
    async (override: Partial<ItemDraft> = {}): Promise<boolean> => {
      const st = ref.current;
      const zone = opts.current.zone;
      const draft = { ...form.current(), ...override };
      const v = validateDraft(draft, {
        mode: editMode(st),
        departments: opts.current.departments,
        labels: opts.current.labels,
        isClone: st.cloneOf !== null,
      });
      if (!v.valid || !v.output || zone === null) {
        form.showAllErrors(v.errors);
        notify.error(v.summary ?? MESSAGES.CORRECT_FIELDS);
        return false;
      }
      const model = buildSaveModel({
        draft,
        output: v.output,
        base: st.base,
        cloneOf: st.cloneOf,
        status: st.cloneOf ? (st.cloneChecked ? 'Cloned' : 'Cloning') : undefined,
      });
      form.update(draft);
      try {
        await saving.mutateAsync({ zone, model });
        return true;
      } catch {
        // The mutation told the user (SAVE_ITEM_FAILED) and holds the error: the row shows Error.
        return false;
      }
    },
    [form.current, form.showAllErrors, form.update, saving.mutateAsync],
  );

  const save = useLeadingDebounce(() => void saveNow(), ITEM_DEBOUNCE_MS);

  const dirty = isDirty(meta, failed, form.changed);
  const ready = isReady(meta);
  const draft = form.values;
  return {
    draft,
    base: meta.base,
    status: panelStatusOf(meta, saving.isPending, failed, dirty),
    rowStatus: rowStatusOf(meta, failed, dirty),
    cloneOf: meta.cloneOf,
    dirty: dirty && (meta.base !== null || meta.cloneOf !== null),
    saving: saving.isPending,
    ready,
    canSearch: draft.ID.trim() !== '' && draft.PackSize.trim() !== '' && o.zone !== null && !meta.loading,
    validation: form.validation,
    visibleErrors: form.visibleErrors,
    setIdentity,
    normalizeId,
    packSizeBlur,
    lookup,
    update,
    touch: form.touch,
    clone,
    uncloneTo,
    saveNow,
    save,
    reset,
    load,
    resolveOutside,
  };
}
