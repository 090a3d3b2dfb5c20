import { useEffect, useRef } from 'react';

/**
 * Gives the focus back to where it was when a dialog opened, once it is gone (issue 25: after OK
 * the focus fell to the page). A dialog that is unmounted rather than closed never runs its
 * modal's own return of the focus. The opener is read while rendering the first open state,
 * before the dialog's focus trap moves the focus in.
 */
export function useFocusReturn(open: boolean): void {
  const opener = useRef<Element | null>(null);
  if (open && opener.current === null && typeof document !== 'undefined')
    opener.current = document.activeElement;
  useEffect(() => {
    if (open) return;
    const el = opener.current;
    opener.current = null;
    if (!(el instanceof HTMLElement) || !el.isConnected) return;
    // After the dialog's own clean-up, which may move the focus again.
    const timer = setTimeout(() => el.focus(), 0);
    return () => clearTimeout(timer);
  }, [open]);
}
