import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetchStub';
import { gridRow } from '../../../test/fixtures';
import { Providers } from '../../../test/render';
import type { SearchRequest } from '../types';
import { PAGE_SIZE, useItemSearch } from './useItemSearch';

const SEARCH = '/adjust/demo/sscitems';

function answer() {
  const { isModified: _m, hasError: _e, isDirty: _d, ...item } = gridRow();
  return {
    GetSSCSItemsResult: { TotalCount: 1, Page: 1, PageSize: PAGE_SIZE, Items: [item], Message: null },
  };
}

const request = (over: Partial<SearchRequest> = {}): SearchRequest => ({
  criteria: { chkDescription: true, Description: 'COKE' },
  divergentOnly: false,
  page: 1,
  pageSize: PAGE_SIZE,
  orderBy: null,
  ...over,
});

function renderSearch() {
  return renderHook(() => useItemSearch('demo', 1), {
    wrapper: ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>,
  });
}

/** Lets every pending effect, observer update and fetch start. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

describe('useItemSearch: one user action sends one request', () => {
  it('Apply Criteria sends one search and shows its result', async () => {
    const net = stubFetch({ [SEARCH]: answer });
    const { result } = renderSearch();
    await act(() => result.current.run(request()));
    await waitFor(() => expect(result.current.result?.TotalCount).toBe(1));
    await settle();
    expect(net.callsTo(SEARCH)).toHaveLength(1);
  });

  it('a new page, a new order and the same criteria again each send exactly one search', async () => {
    const net = stubFetch({ [SEARCH]: answer });
    const { result } = renderSearch();
    await act(() => result.current.run(request()));
    await settle();
    await act(() => result.current.run(request({ page: 2 })));
    await settle();
    await act(() => result.current.run(request({ page: 1, orderBy: { field: 'Description', dir: 'asc' } })));
    await settle();
    // Applying the same criteria again asks the server again (the zone may have changed).
    await act(() => result.current.run(request({ page: 1, orderBy: { field: 'Description', dir: 'asc' } })));
    await settle();
    const pages = net.callsTo(SEARCH).map((c) => (c.body as { Page: number; OrderBy?: unknown }).Page);
    expect(pages).toEqual([1, 2, 1, 1]);
  });

  it('a refresh after a batch sends one search', async () => {
    const net = stubFetch({ [SEARCH]: answer });
    const { result } = renderSearch();
    await act(() => result.current.run(request()));
    await settle();
    await act(async () => {
      await result.current.refresh();
    });
    await settle();
    expect(net.callsTo(SEARCH)).toHaveLength(2);
  });
});
