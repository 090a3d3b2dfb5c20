/**
 * The page's one poll: a query asked again `next(data)` ms after each answer (TanStack Query's
 * `refetchInterval`) until `next` says false or a poll fails. Each poll may take `timeout` ms;
 * leaving the screen (unmount) cancels the poll on its way and stops polling (the server's work
 * is not touched). A new `queryKey` starts a new poll.
 */
import { type QueryKey, useQuery } from '@tanstack/react-query';

export interface PollOptions<T> {
  queryKey: QueryKey;
  enabled: boolean;
  /** One poll; `previous`: this poll's data so far (undefined on the first). */
  poll: (ctx: { signal: AbortSignal; previous: T | undefined }) => Promise<T>;
  /** Milliseconds until the next poll after `data`, or false: polling is over. */
  next: (data: T) => number | false;
  /** A poll without an answer within this many ms fails with 'no answer within N ms'. */
  timeout?: number;
}

/** Runs `call` with a signal that aborts when `outer` does or after `ms`. */
export async function withTimeout<T>(
  call: (signal: AbortSignal) => Promise<T>,
  outer: AbortSignal,
  ms: number | undefined,
): Promise<T> {
  if (ms === undefined) return call(outer);
  const ctl = new AbortController();
  const abort = () => ctl.abort(outer.reason);
  outer.addEventListener('abort', abort);
  const timer = setTimeout(() => ctl.abort(new Error(`no answer within ${ms} ms`)), ms);
  try {
    return await call(ctl.signal);
  } catch (error) {
    // A timeout surfaces as the reason given above, not as a bare AbortError.
    throw ctl.signal.aborted && !outer.aborted ? (ctl.signal.reason ?? error) : error;
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', abort);
  }
}

/** The poll's query: its data is the last answer (`poll`'s), its error the poll that failed. */
export function usePoll<T>(o: PollOptions<T>) {
  return useQuery({
    queryKey: o.queryKey,
    queryFn: ({ signal, client, queryKey }) =>
      withTimeout(
        (s) => o.poll({ signal: s, previous: client.getQueryData<T>(queryKey) }),
        signal,
        o.timeout,
      ),
    enabled: o.enabled,
    refetchInterval: (query) => {
      if (query.state.status !== 'success' || query.state.data === undefined) return false;
      const ms = o.next(query.state.data);
      // 0 would stop TanStack's interval: "at once" is the next millisecond.
      return ms === false ? false : Math.max(1, ms);
    },
    // A run is watched in a tab in the background too; only the interval asks again.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // A poll left (unmount) is over: nothing of it is kept for the next visit.
    gcTime: 0,
  });
}
