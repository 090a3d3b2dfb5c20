import { msg, type ProcessType, TRANSFER_POLL } from '@cpb/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n } from '../../i18n';
import { ApiError } from '../../shared/api';
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
import { activeSites, latestTransfer } from './transferQueries';

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

/** Runs `call` with a signal that aborts when `outer` does or after `ms`. */
async function withTimeout<T>(call: (signal: AbortSignal) => Promise<T>, outer: AbortSignal, ms: number) {
  const ctl = new AbortController();
  const abort = () => ctl.abort();
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

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Watches a transfer of `processType` by polling GET /activeSites (spec section 4; the steps are
 * `pollStep`), and on its end reads the run's outcome from GET /transfers/{user}/latest. Leaving
 * the screen (unmount) stops the polling, never the run.
 */
export function useTransferPoll(
  user: string,
  processType: ProcessType,
  options: TransferPollOptions = {},
): TransferPoll {
  const [state, setState] = useState<TransferPollState>(IDLE);
  const run = useRef<AbortController | null>(null);
  const c: PollConstants = { ...TRANSFER_POLL, ...options.constants };
  const limits = useRef(c);
  limits.current = c;

  const watch = useCallback(
    async (ctl: AbortController) => {
      const k = limits.current;
      const { signal } = ctl;
      for (let tries = 1; ; tries++) {
        let answer: number;
        try {
          answer = await withTimeout((s) => activeSites(user, processType, s), signal, k.TIMEOUT);
        } catch (error) {
          if (!signal.aborted) setState((s) => failedState(s, transferFailedText(error)));
          return;
        }
        if (signal.aborted) return;
        const step = pollStep(tries, answer, k);
        if (step.next === 'gaveUp') {
          setState((s) => failedState(s, i18n.t('transfers.gaveUp', { tries: String(tries) })));
          return;
        }
        if (step.next === 'done') {
          try {
            const outcome = await withTimeout((s) => latestTransfer(user, processType, s), signal, k.TIMEOUT);
            if (!signal.aborted) setState((s) => endedState(s, outcome));
          } catch (error) {
            if (!signal.aborted) setState((s) => failedState(s, transferFailedText(error)));
          }
          return;
        }
        setState((s) => afterAnswer(s, tries, answer));
        await sleep(step.delay, signal);
        if (signal.aborted) return;
      }
    },
    [user, processType],
  );

  const start = useCallback(
    (total?: number) => {
      run.current?.abort();
      const ctl = new AbortController();
      run.current = ctl;
      setState(startedState(total ?? null));
      void watch(ctl);
    },
    [watch],
  );

  // On opening the screen: is a run of this kind going? Then watch it, with its size.
  const resume = options.resume ?? false;
  useEffect(() => {
    if (!resume) return;
    const ctl = new AbortController();
    run.current = ctl;
    (async () => {
      try {
        const k = limits.current;
        const answer = await withTimeout((s) => activeSites(user, processType, s), ctl.signal, k.TIMEOUT);
        if (ctl.signal.aborted || run.current !== ctl) return;
        if (answer === 0) {
          setState({ ...IDLE, nothingPending: true });
          return;
        }
        const latest = await withTimeout((s) => latestTransfer(user, processType, s), ctl.signal, k.TIMEOUT);
        if (ctl.signal.aborted || run.current !== ctl) return;
        setState(startedState(latest.Total, latest.Remaining));
        void watch(ctl);
      } catch (error) {
        if (!ctl.signal.aborted && run.current === ctl)
          setState((s) => failedState(s, transferFailedText(error)));
      }
    })();
    return () => ctl.abort();
  }, [resume, user, processType, watch]);

  // Leaving the screen stops watching; the run itself goes on on the server.
  useEffect(() => () => run.current?.abort(), []);

  return { ...state, start, pending: state.phase === 'polling' };
}
