import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useGoToState } from '../../shared/navigation';
import { DEFAULT_PATH, isLocalPath, resolveState } from '../../shared/states';

/**
 * After sign-in: back to the `next` state (or same-origin path) the user came from, or to
 * main.sitesImport when it is empty or `main`. An unknown state shows the "not found" toast
 * and goes to the default.
 */
export function useFinishSignIn(): (next: string | null) => void {
  const navigate = useNavigate();
  const goTo = useGoToState();
  return useCallback(
    (next) => {
      const kind = next ? resolveState(next).kind : 'login';
      if (!next || next === 'main' || kind === 'login' || kind === 'logoff') {
        void navigate(DEFAULT_PATH, { replace: true });
      } else if (isLocalPath(next)) {
        void navigate(next, { replace: true });
      } else if (kind === 'about') {
        void navigate(DEFAULT_PATH, { replace: true });
        goTo(next);
      } else {
        goTo(next);
      }
    },
    [navigate, goTo],
  );
}
