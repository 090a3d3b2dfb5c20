/**
 * The one unsaved-changes guard of the page (spec part 1 §4 "Leaving with unsaved changes"):
 * leaving the screen, or changing zone, with unsaved changes opens 'Submit Changes?' with Save,
 * Discard and Cancel; closing or reloading the tab asks the browser's question. The zone picker
 * lives in the shell, so a zone change is taken back while the dialog is open and applied after
 * Save or Discard. The screen works on the guard's `zone`, which follows the picker only once the
 * question is answered.
 */
import { msg } from '@cpb/domain';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { SaveDiscardCancelDialog } from '../components/ConfirmDialogs';
import { useCurrentZone } from './zone';

export interface UnsavedGuardOptions {
  /** Whether leaving now would lose changes (a grid first commits the edit still open). */
  isDirty: () => boolean;
  /** Whether closing or reloading the tab would lose work (default: isDirty). */
  unloadDirty?: () => boolean;
  /** Saves the changes; resolves true when everything was saved. */
  save: () => Promise<boolean>;
  /** Drops the changes (Discard). */
  discard?: () => void;
  /**
   * A save that did not save everything keeps the user on the screen (the item form). Otherwise
   * the user goes on, the refused rows staying marked in the grid (Item Adjustment, Outside Updates).
   */
  stayWhenSaveFails?: boolean;
  /** The zone the screen works in changed (after the user agreed, when there were changes). */
  onZoneChange?: (zone: number | null) => void;
  /** The question's title and text (default 'Submit Changes?' and the unsaved item's text). */
  title?: string;
  message?: string;
}

export interface UnsavedGuard {
  /** The zone the screen works in. */
  zone: number | null;
  /** The question is open. */
  asking: boolean;
  /** The next navigation leaves without asking (the screen has just saved or been told to go). */
  allowNextNavigation: () => void;
  /** The 'Submit Changes?' dialog, to render once on the screen. */
  dialog: ReactNode;
}

const toZone = (v: string | null) => (v === null ? null : Number(v));
const fromZone = (z: number | null) => (z === null ? null : String(z));

/** `options` is read when it matters (a zone change, a navigation, a button), never kept stale. */
export function useUnsavedGuard(options: UnsavedGuardOptions): UnsavedGuard {
  const live = useRef(options);
  live.current = options;
  const [shellZone, setShellZone] = useCurrentZone();
  const [zone, setZone] = useState<number | null>(() => toZone(shellZone));
  const [pendingZone, setPendingZone] = useState<number | null | undefined>(undefined);
  const bypass = useRef(false);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !bypass.current && currentLocation.pathname !== nextLocation.pathname && live.current.isDirty(),
  );

  useEffect(() => {
    const next = toZone(shellZone);
    if (next === zone) return;
    if (live.current.isDirty()) {
      setPendingZone(next);
      setShellZone(fromZone(zone));
      return;
    }
    setZone(next);
    live.current.onZoneChange?.(next);
  }, [shellZone, zone, setShellZone]);

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      const { unloadDirty, isDirty } = live.current;
      if ((unloadDirty ?? isDirty)()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const asking = blocker.state === 'blocked' || pendingZone !== undefined;

  const proceed = useCallback(() => {
    if (blocker.state === 'blocked') blocker.proceed();
    if (pendingZone !== undefined) {
      setZone(pendingZone);
      setShellZone(fromZone(pendingZone));
      live.current.onZoneChange?.(pendingZone);
      setPendingZone(undefined);
    }
  }, [blocker, pendingZone, setShellZone]);

  const cancel = useCallback(() => {
    if (blocker.state === 'blocked') blocker.reset();
    setPendingZone(undefined);
  }, [blocker]);

  const saving = useMutation({ mutationFn: () => live.current.save() });
  const save = async () => {
    const saved = await saving.mutateAsync().catch(() => false);
    if (saved || !live.current.stayWhenSaveFails) proceed();
    else cancel();
  };

  // The screen leaves right after: it unmounts, so the flag needs no reset.
  const allowNextNavigation = useCallback(() => {
    bypass.current = true;
  }, []);

  const dialog = (
    <SaveDiscardCancelDialog
      opened={asking}
      title={options.title ?? msg('SUBMIT_CHANGES_TITLE')}
      message={options.message ?? msg('UNSAVED_ITEM_CHANGES')}
      busy={saving.isPending}
      onSave={() => void save()}
      onDiscard={() => {
        live.current.discard?.();
        proceed();
      }}
      onCancel={cancel}
    />
  );

  return { zone, asking, allowNextNavigation, dialog };
}
