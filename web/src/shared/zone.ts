import { useCallback, useSyncExternalStore } from 'react';
import { ZONE_KEY } from './storage';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function read(): string | null {
  return sessionStorage.getItem(ZONE_KEY);
}

/** Sets the current zone (ZoneSetupID as text) or clears it with null. */
export function setCurrentZone(zoneSetupId: string | null): void {
  if (zoneSetupId === null) sessionStorage.removeItem(ZONE_KEY);
  else sessionStorage.setItem(ZONE_KEY, zoneSetupId);
  for (const listener of listeners) listener();
}

/** The current zone shared by every screen: [ZoneSetupID as text or null, setter]. */
export function useCurrentZone(): [string | null, (zoneSetupId: string | null) => void] {
  const value = useSyncExternalStore(subscribe, read, () => null);
  const set = useCallback((id: string | null) => setCurrentZone(id), []);
  return [value, set];
}
