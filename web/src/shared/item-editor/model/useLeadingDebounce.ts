import { useCallback, useRef } from 'react';

/**
 * Debounce on the leading edge (spec §4, §9: lookup and submit debounced by 1000 ms): the first
 * call runs at once; a repeat with the same key within `ms` of the previous call is dropped, so a
 * double click or a blur followed by Search sends one request.
 */
export function useLeadingDebounce<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  keyOf: (...args: A) => string = () => '',
): (...args: A) => void {
  const last = useRef<{ at: number; key: string } | null>(null);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;
  return useCallback(
    (...args: A) => {
      const now = Date.now();
      const key = keyRef.current(...args);
      const prev = last.current;
      last.current = { at: now, key };
      if (prev && prev.key === key && now - prev.at < ms) return;
      fnRef.current(...args);
    },
    [ms],
  );
}
