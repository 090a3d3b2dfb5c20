import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook as render, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { testQueryClient } from '../../test/render';
import { type TransferPoll, useTransferPoll } from './useTransferPoll';

/** The hook inside a query cache of its own (the poll is a query). */
const renderHook = (hook: () => TransferPoll) => {
  const client = testQueryClient();
  return render(hook, {
    wrapper: ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children),
  });
};

const FAST = { DELAY: 20, TIMEOUT: 500, MINTRIES: 2, MAXTRIES: 50 };
const ACTIVE = '/activeSites/DTS/demo';

describe('useTransferPoll', () => {
  it('leaving the screen stops the polling (the run is not touched)', async () => {
    const api = stubFetch({ [ACTIVE]: 3 });
    const { result, unmount } = renderHook(() => useTransferPoll('demo', 'DTS', { constants: FAST }));
    act(() => result.current.start(5));
    await waitFor(() => expect(api.callsTo(ACTIVE).length).toBeGreaterThanOrEqual(2));
    expect(result.current).toMatchObject({ phase: 'polling', pending: true, remaining: 3, total: 5 });
    unmount();
    const seen = api.calls.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(api.calls.length).toBe(seen);
    expect(api.calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('gives up after MAXTRIES with a note that the run may still be going', async () => {
    const api = stubFetch({ [ACTIVE]: 2 });
    const { result } = renderHook(() =>
      useTransferPoll('demo', 'DTS', { constants: { ...FAST, MAXTRIES: 3 } }),
    );
    act(() => result.current.start(2));
    await waitFor(() => expect(result.current.phase).toBe('failed'));
    expect(api.callsTo(ACTIVE)).toHaveLength(3);
    expect(result.current.error).toMatch(/^Stopped waiting for the transfer after 3 checks/);
  });

  it('a poll without an answer within TIMEOUT fails with the spec error', async () => {
    const hang = vi.fn(
      (_: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    vi.stubGlobal('fetch', hang);
    const { result } = renderHook(() =>
      useTransferPoll('demo', 'DTS', { constants: { ...FAST, TIMEOUT: 50 } }),
    );
    act(() => result.current.start(1));
    await waitFor(() => expect(result.current.phase).toBe('failed'));
    expect(result.current.error).toBe('Error encountered,status=0,msg=no answer within 50 ms');
  });

  it('on opening with nothing running it says so and does not poll on', async () => {
    const api = stubFetch({ [ACTIVE]: 0 });
    const { result } = renderHook(() => useTransferPoll('demo', 'DTS', { resume: true, constants: FAST }));
    await waitFor(() => expect(result.current.nothingPending).toBe(true));
    await new Promise((r) => setTimeout(r, 80));
    expect(api.callsTo(ACTIVE)).toHaveLength(1);
    expect(result.current.phase).toBe('idle');
  });
});

describe('useTransferPoll on opening with a run going', () => {
  it('watches the run from its size and reads its outcome once it is done', async () => {
    // The run ends only when the test has seen it watched (a fixed answer list raced the waits on a
    // loaded machine: the whole watch could end between two checks).
    let ended = false;
    let polls = 0;
    let latest = 0;
    const status = (Status: 'PENDING' | 'DONE', Remaining: number) => ({
      RootResults: {
        TransferID: 9,
        ProcessType: 'DTS',
        Status,
        Total: 4,
        Remaining,
        Message: Status === 'DONE' ? 'DTS Complete.' : null,
        Sites: [],
      },
    });
    const api = stubFetch({
      [ACTIVE]: () => (polls++ === 0 ? 2 : ended ? 0 : 1),
      '/transfers/demo/latest/DTS': () => (latest++ === 0 ? status('PENDING', 3) : status('DONE', 0)),
    });
    const { result } = renderHook(() => useTransferPoll('demo', 'DTS', { resume: true, constants: FAST }));
    await waitFor(() => expect(result.current.phase).toBe('polling'));
    expect(result.current.total).toBe(4);
    await waitFor(() => expect(api.callsTo(ACTIVE).length).toBeGreaterThanOrEqual(3));
    expect(result.current.phase).toBe('polling');
    const whileGoing = api.callsTo(ACTIVE).length;
    ended = true;
    await waitFor(() => expect(result.current.phase).toBe('done'));
    expect(result.current).toMatchObject({ total: 4, remaining: 0, pending: false, nothingPending: false });
    expect(result.current.outcome?.Message).toBe('DTS Complete.');
    // The watch had made at least MINTRIES polls, so its first 0 is believed: one poll more, no other.
    expect(api.callsTo(ACTIVE)).toHaveLength(whileGoing + 1);
    expect(api.callsTo('/transfers/demo/latest/DTS')).toHaveLength(2);
  });
});
