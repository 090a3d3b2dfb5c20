/** The search of Item Adjustment: the request shown (criteria, page, order, divergent only) and its result. */
import { MESSAGES, msg } from '@cpb/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api';
import { notify } from '../../../shared/notify';
import { searchQuery } from '../queries';
import type { SearchRequest, SearchResult } from '../types';

/** Spec: the grid is paged; the server pages by 100 rows. */
export const PAGE_SIZE = 100;

export interface ItemSearch {
  request: SearchRequest | null;
  result: SearchResult | undefined;
  /** A search started by the user (Apply Criteria, page, order) is running. */
  searching: boolean;
  /** Runs a search; `onFound` runs when its items are shown (in the same render), not when none are found. */
  run: (next: SearchRequest, onFound?: () => void) => Promise<void>;
  refresh: () => Promise<unknown>;
  reset: () => void;
}

/** `restored`: the request shown when the user left the screen (fetched again once on return). */
export function useItemSearch(
  user: string,
  zoneId: number | null,
  restored: SearchRequest | null = null,
): ItemSearch {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<SearchRequest | null>(restored);
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);
  const query = useQuery({
    ...searchQuery(
      user,
      zoneId ?? 0,
      request ?? { criteria: {}, divergentOnly: false, page: 1, pageSize: PAGE_SIZE, orderBy: null },
    ),
    enabled: request !== null && zoneId !== null,
    placeholderData: keepPreviousData,
    // run() has just fetched the request it shows, so the grid's observer must not fetch it a
    // second time when it switches to that key (one user action, one request): only run(),
    // refresh() and coming back to the page ask the server.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
  });

  const run = useCallback(
    async (next: SearchRequest, onFound?: () => void) => {
      if (zoneId === null) return;
      setSearching(true);
      const ticket = ++latest.current;
      try {
        const result = await queryClient.fetchQuery(searchQuery(user, zoneId, next));
        // Only the last search asked for is shown (a quick second sort click wins).
        if (ticket !== latest.current) return;
        setRequest(next);
        if (result.TotalCount > 0) onFound?.();
        if (result.TotalCount === 0) notify.warning(result.Message ?? MESSAGES.NO_ITEMS_FOUND);
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        notify.error(`${msg('SEARCH_FAILED', { status })}: ${(error as Error).message}`);
      } finally {
        if (ticket === latest.current) setSearching(false);
      }
    },
    [queryClient, user, zoneId],
  );

  return {
    request,
    result: request ? query.data : undefined,
    searching,
    run,
    refresh: query.refetch,
    reset: () => setRequest(null),
  };
}
