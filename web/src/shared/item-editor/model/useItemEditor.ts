/**
 * One item being added or edited (Add Item's simple mode and Add/Edit Item): lookup by ID and
 * pack size, editing, cloning, saving, and the statuses of spec part 1 §4.
 */
import type { ItemAnswer, SaveAnswer } from '@cpb/domain';
import {
  type DepartmentEntry,
  itemKey,
  MESSAGES,
  msg,
  normalizeItemId,
  normalizePackSize,
} from '@cpb/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api';
import { notify } from '../../notify';
import { cloneDraft, draftFromModel, emptyDraft, type ItemDraft, sameDraft } from './itemDraft';
import { buildSaveModel } from './itemSaveModel';
import type { PanelStatus, RowStatus } from './itemStatus';
import { lookUpBatchItem, saveErrorDetail, updateBatchItem } from './itemsApi';
import { type DraftValidation, validateDraft } from './itemValidation';
import { notifySuccess } from './notifySuccess';
import { useLeadingDebounce } from './useLeadingDebounce';

/** Lookup and submit are debounced by 1000 ms (spec §9). */
export const ITEM_DEBOUNCE_MS = 1000;

interface EditorState {
  draft: ItemDraft;
  /** The values the item had when it was looked up or saved. */
  baseDraft: ItemDraft;
  base: ItemAnswer | null;
  loading: boolean;
  saving: boolean;
  /** The last save failed: the row shows Error and the form stays dirty. */
  failed: boolean;
  /** Shown after a save in Add/Edit Item until the next edit. */
  saved: boolean;
  /** 'ID@pack' of the original while the form holds a clone. */
  cloneOf: string | null;
  /** The clone's new ID was looked up and is free. */
  cloneChecked: boolean;
  /** Found only outside the zone and not yet decided (the dialog is open). */
  outsidePending: boolean;
  /** Editing a copy of an item found outside the zone ("edit a cloned copy"). */
  outsideCopy: boolean;
  touched: Record<string, true>;
  showAllErrors: boolean;
}

const initial = (id = '', pack = '1'): EditorState => ({
  draft: emptyDraft(id, pack),
  baseDraft: emptyDraft(id, pack),
  base: null,
  loading: false,
  saving: false,
  failed: false,
  saved: false,
  cloneOf: null,
  cloneChecked: false,
  outsidePending: false,
  outsideCopy: false,
  touched: {},
  showAllErrors: false,
});

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

export function useItemEditor(o: ItemEditorOptions): ItemEditor {
  const [s, setS] = useState<EditorState>(() => initial());
  // Every change goes through `patch`, which keeps the ref current synchronously, so async
  // lookups and saves read the state as it is now, not as it was at their last render.
  const ref = useRef(s);
  const opts = useRef(o);
  opts.current = o;
  const seq = useRef(0);

  const patch = useCallback((p: Partial<EditorState> | ((st: EditorState) => Partial<EditorState>)) => {
    const next = { ...ref.current, ...(typeof p === 'function' ? p(ref.current) : p) };
    ref.current = next;
    setS(next);
  }, []);

  const validationMode: 'add' | 'edit' =
    (s.base?.ExistingItem && !s.cloneOf) || s.base?.OutOfZone ? 'edit' : 'add';
  const validation = useMemo(
    () =>
      validateDraft(s.draft, {
        mode: validationMode,
        departments: o.departments,
        labels: o.labels,
        isClone: s.cloneOf !== null,
      }),
    [s.draft, validationMode, o.departments, o.labels, s.cloneOf],
  );

  const dirty = s.cloneOf !== null || s.outsideCopy || s.failed || !sameDraft(s.draft, s.baseDraft);
  const ready = (s.base !== null || s.cloneOf !== null) && !s.outsidePending;

  let rowStatus: RowStatus | null = null;
  if (s.failed) rowStatus = 'Error';
  else if (s.cloneOf) rowStatus = s.cloneChecked ? 'Cloned' : 'Cloning';
  else if (s.outsideCopy) rowStatus = 'Cloned';
  // Spec §4: editing marks an item of the zone Modified; a new item stays New (it is still created).
  else if (s.base?.ExistingItem && dirty) rowStatus = 'Modified';
  else if (s.saved) rowStatus = 'Saved';
  else if (s.base && !s.outsidePending) rowStatus = s.base.ExistingItem ? 'Existing' : 'New';

  let status: PanelStatus = 'INITIAL';
  if (s.loading || s.saving) status = 'LOADING';
  else if (s.outsidePending) status = 'WARNING';
  else if (s.failed) status = 'ERROR';
  else if (s.saved && !dirty) status = 'SUCCESS';
  else if (ready) status = dirty ? 'DIRTY' : 'READY';

  const applyLookup = useCallback(
    (m: ItemAnswer) => {
      const st = ref.current;
      if (st.cloneOf) {
        if (!m.IsNew) {
          notify.warning(`${m.idplu}: ${MESSAGES.ID_ALREADY_EXISTS}`);
          patch((x) => ({ loading: false, cloneChecked: false, draft: { ...x.draft, ID: '' } }));
          return;
        }
        patch((x) => ({
          loading: false,
          cloneChecked: true,
          draft: { ...x.draft, ID: m.ID, PackSize: String(m.PackSize) },
        }));
        return;
      }
      const d = draftFromModel(m);
      patch({
        ...initial(),
        draft: d,
        baseDraft: d,
        base: m,
        outsidePending: m.OutOfZone,
      });
      if (m.OutOfZone) opts.current.onOutside?.(m);
      else if (m.ExistingItem) {
        notifySuccess(msg('EXISTING_ITEM_FOUND'));
        opts.current.onExisting?.(m);
      } else notifySuccess(msg('NEW_ITEM_FOUND'));
    },
    [patch],
  );

  const runLookup = useCallback(async () => {
    const { draft } = ref.current;
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
  }, [patch, applyLookup]);

  const lookup = useLeadingDebounce(
    () => void runLookup(),
    ITEM_DEBOUNCE_MS,
    () => `${opts.current.zone}|${itemKeyText(ref.current.draft)}|${ref.current.cloneOf ?? ''}`,
  );

  const setIdentity = useCallback(
    (p: Partial<Pick<ItemDraft, 'ID' | 'PackSize'>>) => {
      const st = ref.current;
      const id = p.ID ?? st.draft.ID;
      const pack = p.PackSize ?? st.draft.PackSize;
      seq.current++;
      if (st.cloneOf) {
        patch((x) => ({
          draft: { ...x.draft, ID: id, PackSize: pack },
          cloneChecked: false,
          loading: false,
        }));
      } else if (st.base || st.loading || st.failed) {
        // Spec §4: a changed ID or pack size resets the item to only those two fields.
        patch(initial(id, pack));
      } else {
        patch((x) => ({ draft: { ...x.draft, ID: id, PackSize: pack }, baseDraft: emptyDraft(id, pack) }));
      }
    },
    [patch],
  );

  const normalizeId = useCallback(() => {
    const id = ref.current.draft.ID;
    const n = normalizeItemId(id);
    if (n !== id) setIdentity({ ID: n });
  }, [setIdentity]);

  const packSizeBlur = useCallback(() => {
    if (ref.current.draft.PackSize.trim() === '') setIdentity({ PackSize: '1' });
    lookup();
  }, [setIdentity, lookup]);

  const update = useCallback(
    (p: Partial<ItemDraft>) => patch((x) => ({ draft: { ...x.draft, ...p }, saved: false })),
    [patch],
  );

  const touch = useCallback(
    (field: string) => patch((x) => (x.touched[field] ? {} : { touched: { ...x.touched, [field]: true } })),
    [patch],
  );

  const clone = useCallback(() => {
    const st = ref.current;
    if (!st.base?.ExistingItem || st.cloneOf) return;
    patch({
      cloneOf: itemKey(st.base.ID, st.base.PackSize),
      cloneChecked: false,
      draft: cloneDraft(st.draft),
      failed: false,
      saved: false,
      touched: {},
    });
  }, [patch]);

  const uncloneTo = useCallback(() => {
    const st = ref.current;
    if (!st.cloneOf || !st.base) return;
    patch({ cloneOf: null, cloneChecked: false, draft: st.baseDraft, failed: false, touched: {} });
  }, [patch]);

  const reset = useCallback(
    (id = '', pack = '1') => {
      seq.current++;
      patch(initial(id, pack));
    },
    [patch],
  );

  const load = useCallback(
    (item: ItemAnswer, how: { outsideCopy?: boolean; saved?: boolean } = {}) => {
      seq.current++;
      const d = draftFromModel(item);
      patch({
        ...initial(),
        draft: d,
        baseDraft: d,
        base: item,
        outsideCopy: how.outsideCopy ?? false,
        saved: how.saved ?? false,
      });
    },
    [patch],
  );

  const resolveOutside = useCallback(() => patch({ outsidePending: false }), [patch]);

  const saveNow = useCallback(
    async (override: Partial<ItemDraft> = {}): Promise<boolean> => {
      const st = ref.current;
      const zone = opts.current.zone;
      const draft = { ...st.draft, ...override };
      const mode = (st.base?.ExistingItem && !st.cloneOf) || st.base?.OutOfZone ? 'edit' : 'add';
      const v = validateDraft(draft, {
        mode,
        departments: opts.current.departments,
        labels: opts.current.labels,
        isClone: st.cloneOf !== null,
      });
      if (!v.valid || !v.output || zone === null) {
        patch({ showAllErrors: true });
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
      patch({ saving: true, draft });
      try {
        const result = await updateBatchItem(opts.current.user, zone, [model]);
        patch({ saving: false, failed: false });
        notifySuccess(result.Message);
        opts.current.onSaved?.(result);
        return true;
      } catch (e) {
        patch({ saving: false, failed: true });
        notify.error(msg('SAVE_ITEM_FAILED', { detail: saveErrorDetail(e, msg('BACKEND_CANNOT_SAVE')) }));
        return false;
      }
    },
    [patch],
  );

  const save = useLeadingDebounce(() => void saveNow(), ITEM_DEBOUNCE_MS);

  const visibleErrors = useMemo(() => {
    if (s.showAllErrors) return validation.errors;
    return Object.fromEntries(
      Object.entries(validation.errors).filter(([k]) => k.includes('.') || s.touched[k]),
    );
  }, [validation.errors, s.showAllErrors, s.touched]);

  const id = s.draft.ID.trim();
  const canSearch = id !== '' && s.draft.PackSize.trim() !== '' && o.zone !== null && !s.loading;

  return {
    draft: s.draft,
    base: s.base,
    status,
    rowStatus,
    cloneOf: s.cloneOf,
    dirty: dirty && (s.base !== null || s.cloneOf !== null),
    saving: s.saving,
    ready,
    canSearch,
    validation,
    visibleErrors,
    setIdentity,
    normalizeId,
    packSizeBlur,
    lookup,
    update,
    touch,
    clone,
    uncloneTo,
    saveNow,
    save,
    reset,
    load,
    resolveOutside,
  };
}

function itemKeyText(d: ItemDraft): string {
  return `${normalizeItemId(d.ID)}@${d.PackSize.trim() || '1'}`;
}
