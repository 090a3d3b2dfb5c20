import { msg, type ProcessType, TRANSFER_POLL } from '@cpb/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { i18n } from '../../i18n';
import { ApiError } from '../../shared/api';
import { usePoll, withTimeout } from '../../shared/usePoll';
import {
  afterAnswer,
  endedState,
  failedState,
  IDLE,
  type PollConstants,
  pollStep,
  startedState,
  type TransferPollState,
} from './pollStep';
import { activeSites, latestTransfer, transferKeys } from './transferQueries';

export interface TransferPoll extends TransferPollState {
  /** Starts watching a run just started (`total`: its site count from the start call). */
  start: (total?: number) => void;
  /** True while a run is watched. */
  pending: boolean;
}

export interface TransferPollOptions {
  /** On opening the screen, ask once whether a run is going and watch it (else `nothingPending`). */
  resume?: boolean;
  /** Other limits than TRANSFER_POLL (tests; Vendor Import's 100 tries). */
  constants?: Partial<PollConstants>;
}

/** 'Error encountered,status=...,msg=...' for a failed call (status 0: no answer, e.g. timed out). */
export function transferFailedText(error: unknown): string {
  const status = error instanceof ApiError ? error.status : 0;
  const detail = error instanceof Error ? error.message : String(error);
  return msg('TRANSFER_FAILED', { status, detail });
}

/** A watched run: its number on this screen and the state its watch starts from. */
interface Watch {
  id: number;
  started: TransferPollState;
}

/** One poll's result: the state after it, and when to ask again (false: the watch is over). */
interface PollAnswer {
  state: TransferPollState;
  delay: number | false;
}

/**
 * Watches a transfer of `processType` by polling GET /activeSites (spec section 4; the steps are
 * `pollStep`) on the shared poll (`usePoll`), and on its end reads the run's outcome from GET
 * /transfers/{user}/latest. Leaving the screen (unmount) stops the polling, never the run.
 */
export function useTransferPoll(
  user: string,
  processType: ProcessType,
  options: TransferPollOptions = {},
): TransferPoll {
  const k: PollConstants = { ...TRANSFER_POLL, ...options.constants };
  const [started, setStarted] = useState<Watch | null>(null);
  const resume = options.resume ?? false;

  // On opening the screen: is a run of this kind going? Then watch it, with its size.
  const probe = useQuery({
    queryKey: [...transferKeys.poll(user, processType), 'resume'],
    queryFn: ({ signal }) =>
      withTimeout(
        async (s): Promise<TransferPollState | null> => {
          if ((await activeSites(user, processType, s)) === 0) return null;
          const latest = await latestTransfer(user, processType, s);
          return startedState(latest.Total, latest.Remaining);
        },
        signal,
        k.TIMEOUT,
      ),
    enabled: resume && started === null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const resumed = started === null && probe.data ? { id: 0, started: probe.data } : null;
  const watch = started ?? resumed;

  const poll = usePoll<PollAnswer>({
    queryKey: [...transferKeys.poll(user, processType), watch?.id ?? -1],
    enabled: watch !== null,
    timeout: k.TIMEOUT,
    poll: async ({ signal, previous }) => {
      const s = previous?.state ?? watch?.started ?? IDLE;
      const tries = s.tries + 1;
      const answer = await activeSites(user, processType, signal);
      const step = pollStep(tries, answer, k);
      if (step.next === 'gaveUp')
        return { state: failedState(s, i18n.t('transfers.gaveUp', { tries: String(tries) })), delay: false };
      if (step.next === 'done')
        return { state: endedState(s, await latestTransfer(user, processType, signal)), delay: false };
      return { state: afterAnswer(s, tries, answer), delay: step.delay };
    },
    next: (d) => d.delay,
  });

  const start = useCallback(
    (total?: number) => setStarted((w) => ({ id: (w?.id ?? 0) + 1, started: startedState(total ?? null) })),
    [],
  );

  let state: TransferPollState;
  if (watch === null) {
    if (probe.isError) state = failedState(IDLE, transferFailedText(probe.error));
    else state = resume && probe.data === null ? { ...IDLE, nothingPending: true } : IDLE;
  } else {
    const last = poll.data?.state ?? watch.started;
    state = poll.isError ? failedState(last, transferFailedText(poll.error)) : last;
  }
  return { ...state, start, pending: state.phase === 'polling' };
}
