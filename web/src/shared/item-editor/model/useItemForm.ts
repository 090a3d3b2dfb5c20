/**
 * The item form's values on `@mantine/form`: the values, the base they were loaded with (what makes
 * the form dirty), the fields the user has left, and the errors a refused save shows. The resolver
 * is `validateDraft`: the domain's item schema (spec part 1 §5) and the row lists it does not cover.
 */
import { useForm } from '@mantine/form';
import { useCallback, useMemo, useRef, useState } from 'react';
import { emptyDraft, type ItemDraft } from './itemDraft';
import { visibleErrorsOf } from './itemEditorStatus';
import { type DraftValidation, type ValidateOptions, validateDraft } from './itemValidation';

export interface ItemForm {
  values: ItemDraft;
  /** The values now, including changes not yet rendered (for the async lookup and save). */
  current: () => ItemDraft;
  /** The values the item was loaded with. */
  base: () => ItemDraft;
  /** The values differ from the base. */
  changed: boolean;
  validation: DraftValidation;
  /** Errors of the fields the user has left (all of them after a refused save). */
  visibleErrors: Record<string, string>;
  update: (patch: Partial<ItemDraft>) => void;
  touch: (field: string) => void;
  /** Loads values and the base they are compared with; forgets left fields and shown errors. */
  resetTo: (values: ItemDraft, base?: ItemDraft) => void;
  /** Sets values and a new base, keeping the fields left and the errors shown. */
  rebase: (values: Partial<ItemDraft>, base: ItemDraft) => void;
  resetTouched: () => void;
  /** A refused save: every error shows from now on (until the next reset). */
  showAllErrors: (errors: Record<string, string>) => void;
}

export function useItemForm(options: ValidateOptions): ItemForm {
  const opts = useRef(options);
  opts.current = options;
  const [resolver] = useState(() => (values: ItemDraft) => validateDraft(values, opts.current).errors);
  const form = useForm<ItemDraft>({
    mode: 'controlled',
    initialValues: emptyDraft(),
    validate: resolver,
    // The errors set by a refused save stay until the next reset: they mark "show every error".
    clearInputErrorOnChange: false,
  });
  const { values } = form;
  const { mode, departments, labels, isClone } = options;
  const validation = useMemo(
    () => validateDraft(values, { mode, departments, labels, isClone }),
    [values, mode, departments, labels, isClone],
  );
  const showAll = Object.keys(form.errors).length > 0;
  const touched = form.getTouched();
  const visibleErrors = useMemo(
    () => visibleErrorsOf(validation.errors, touched, showAll),
    [validation.errors, touched, showAll],
  );

  const update = useCallback((patch: Partial<ItemDraft>) => form.setValues(patch), [form.setValues]);
  const touch = useCallback(
    (field: string) => form.setTouched((t) => (t[field] ? t : { ...t, [field]: true })),
    [form.setTouched],
  );
  const resetTo = useCallback(
    (next: ItemDraft, base: ItemDraft = next) => {
      form.setValues(next);
      form.resetDirty(base);
      form.resetTouched();
      form.clearErrors();
    },
    [form.setValues, form.resetDirty, form.resetTouched, form.clearErrors],
  );
  const rebase = useCallback(
    (next: Partial<ItemDraft>, base: ItemDraft) => {
      form.setValues(next);
      form.resetDirty(base);
    },
    [form.setValues, form.resetDirty],
  );
  // A save refused without field errors (no zone) still marks the form: later errors show at once.
  const showAllErrors = useCallback(
    (errors: Record<string, string>) => form.setErrors(Object.keys(errors).length ? errors : { form: '' }),
    [form.setErrors],
  );

  return {
    values,
    current: form.getValues,
    base: form.getInitialValues,
    changed: form.isDirty(),
    validation,
    visibleErrors,
    update,
    touch,
    resetTo,
    rebase,
    resetTouched: form.resetTouched,
    showAllErrors,
  };
}
