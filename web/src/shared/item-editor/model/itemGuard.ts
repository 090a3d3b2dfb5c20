/** The item form's use of the page's unsaved-changes guard (Add Item, Add/Edit Item). */
import { type UnsavedGuard, useUnsavedGuard } from '../../unsavedGuard';

/** What the page fills in once its editor exists (after the hooks that need the guard's zone). */
export interface GuardOptions {
  dirty: boolean;
  /** Saves the changes; resolves true when saved. */
  save: () => Promise<boolean>;
  /** The zone the page works in changed (after the user agreed, when there were changes). */
  onZoneChange: (zone: number | null) => void;
}

/** The guard over the form: a save that fails keeps the user on the page. */
export function useUnsavedChangesGuard(options: { current: GuardOptions }): UnsavedGuard {
  return useUnsavedGuard({
    isDirty: () => options.current.dirty,
    save: () => options.current.save(),
    onZoneChange: (zone) => options.current.onZoneChange(zone),
    stayWhenSaveFails: true,
  });
}
