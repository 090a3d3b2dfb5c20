/**
 * Leaving Item Adjustment, or changing zone, with unsaved grid edits asks 'Submit Changes?'
 * (Save, Discard, cancel). The page works on `activeZone`, which follows the shell's zone
 * picker only once the question is answered.
 */
import { useCallback, useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { useCurrentZone } from '../../../shared/zone';

type Pending = { kind: 'leave' } | { kind: 'zone'; to: string | null };

export interface UnsavedGuard {
  activeZone: string | null;
  asking: boolean;
  busy: boolean;
  save: () => Promise<void>;
  discard: () => void;
  cancel: () => void;
}

export function useUnsavedGuard(opts: {
  /** Commits an edit still open in the grid, then tells whether any row is unsaved. */
  commitAndCheck: () => boolean;
  saveAll: () => Promise<boolean>;
  discardAll: () => void;
  /** Whether closing or reloading the tab would lose work (default: commitAndCheck). */
  unloadCheck?: () => boolean;
}): UnsavedGuard {
  const { commitAndCheck, saveAll, discardAll } = opts;
  const unloadCheck = opts.unloadCheck ?? commitAndCheck;
  const [zone, setZone] = useCurrentZone();
  const [activeZone, setActiveZone] = useState(zone);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    return commitAndCheck();
  });

  useEffect(() => {
    if (blocker.state === 'blocked') setPending({ kind: 'leave' });
  }, [blocker.state]);

  useEffect(() => {
    if (zone === activeZone) return;
    if (commitAndCheck()) setPending({ kind: 'zone', to: zone });
    else setActiveZone(zone);
  }, [zone, activeZone, commitAndCheck]);

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (unloadCheck()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unloadCheck]);

  const proceed = useCallback(() => {
    if (pending?.kind === 'leave' && blocker.state === 'blocked') blocker.proceed();
    if (pending?.kind === 'zone') setActiveZone(pending.to);
    setPending(null);
  }, [pending, blocker]);

  return {
    activeZone,
    asking: pending !== null,
    busy,
    save: async () => {
      setBusy(true);
      await saveAll();
      setBusy(false);
      proceed();
    },
    discard: () => {
      discardAll();
      proceed();
    },
    cancel: () => {
      if (pending?.kind === 'leave' && blocker.state === 'blocked') blocker.reset();
      if (pending?.kind === 'zone') setZone(activeZone);
      setPending(null);
    },
  };
}
