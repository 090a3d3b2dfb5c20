/**
 * Leaving the page or changing zone with unsaved changes opens 'Submit Changes?' with Save,
 * Discard and cancel (spec part 1 §4 "Leaving with unsaved changes"). The zone picker lives in
 * the shell, so a zone change is taken back while the dialog is open and applied after Save or
 * Discard.
 */
import { msg } from '@cpb/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { SaveDiscardCancelDialog } from '../../../components/ConfirmDialogs';
import { useCurrentZone } from '../../../shared/zone';

export interface GuardOptions {
  dirty: boolean;
  /** Saves the changes; resolves true when saved. */
  save: () => Promise<boolean>;
  /** The zone the page works in changed (after the user agreed, when there were changes). */
  onZoneChange: (zone: number | null) => void;
}

export interface Guard {
  /** The zone the page's item belongs to. */
  zone: number | null;
  /** The next navigation leaves without asking (the page has just saved or been told to go). */
  allowNextNavigation: () => void;
  dialog: React.ReactNode;
}

const toZone = (v: string | null) => (v === null ? null : Number(v));

/**
 * `options` is read when it matters (a zone change, a navigation, a button), so the page may
 * fill it after the hooks that need the guard's zone have run.
 */
export function useUnsavedChangesGuard(options: { current: GuardOptions }): Guard {
  const [shellZone, setShellZone] = useCurrentZone();
  const [zone, setZone] = useState<number | null>(() => toZone(shellZone));
  const [pendingZone, setPendingZone] = useState<number | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const bypass = useRef(false);
  const opts = options;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !bypass.current && opts.current.dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    const next = toZone(shellZone);
    if (next === zone) return;
    if (opts.current.dirty) {
      setPendingZone(next);
      setShellZone(zone === null ? null : String(zone));
      return;
    }
    setZone(next);
    opts.current.onZoneChange(next);
  }, [shellZone, zone, setShellZone, opts]);

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (opts.current.dirty) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [opts]);

  const open = blocker.state === 'blocked' || pendingZone !== undefined;

  const proceed = useCallback(() => {
    if (blocker.state === 'blocked') blocker.proceed();
    if (pendingZone !== undefined) {
      setZone(pendingZone);
      setShellZone(pendingZone === null ? null : String(pendingZone));
      opts.current.onZoneChange(pendingZone);
      setPendingZone(undefined);
    }
  }, [blocker, pendingZone, setShellZone, opts]);

  const cancel = useCallback(() => {
    if (blocker.state === 'blocked') blocker.reset();
    setPendingZone(undefined);
  }, [blocker]);

  const onSave = useCallback(async () => {
    setBusy(true);
    const ok = await opts.current.save();
    setBusy(false);
    if (ok) proceed();
    else cancel();
  }, [proceed, cancel, opts]);

  // The page leaves right after: it unmounts, so the flag needs no reset.
  const allowNextNavigation = useCallback(() => {
    bypass.current = true;
  }, []);

  const dialog = (
    <SaveDiscardCancelDialog
      opened={open}
      title={msg('SUBMIT_CHANGES_TITLE')}
      message={msg('UNSAVED_ITEM_CHANGES')}
      busy={busy}
      onSave={() => void onSave()}
      onDiscard={proceed}
      onCancel={cancel}
    />
  );

  return { zone, allowNextNavigation, dialog };
}
