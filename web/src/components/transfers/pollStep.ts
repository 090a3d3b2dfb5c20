/**
 * The transfer poll's rules (spec section 4) as plain functions: what one answer of
 * GET /activeSites means for the next step, and the state the status header shows.
 */
import { TRANSFER_POLL, type TransferStatus } from '@cpb/domain';

export interface PollConstants {
  TIMEOUT: number;
  DELAY: number;
  MINTRIES: number;
  MAXTRIES: number;
}

/**
 * "-1: poll again at once" waits this long: a run waiting for a worker answers -1 until one claims
 * it, and a true zero-delay loop would spend MAXTRIES in seconds and give up on a healthy run.
 */
export const AT_ONCE_MS = 200;

export type PollDecision = { next: 'done' } | { next: 'again'; delay: number } | { next: 'gaveUp' };

/**
 * The step after the `tries`-th answer (counting from 1): 0 is done once MINTRIES polls were made
 * (a run just queued may not have been seen yet); -1 polls again at once; a count of sites left
 * waits DELAY; after MAXTRIES answers that are not done, the page gives up (the run goes on).
 */
export function pollStep(tries: number, answer: number, c: PollConstants = TRANSFER_POLL): PollDecision {
  if (answer === 0 && tries >= c.MINTRIES) return { next: 'done' };
  if (tries >= c.MAXTRIES) return { next: 'gaveUp' };
  return { next: 'again', delay: answer === -1 ? AT_ONCE_MS : c.DELAY };
}

/** What the screen knows of its transfer. */
export interface TransferPollState {
  /** idle: nothing watched; polling: a run is going; done: it ended with every site done; failed: see error/outcome. */
  phase: 'idle' | 'polling' | 'done' | 'failed';
  /** Polls made so far. */
  tries: number;
  /** Sites left, as the last positive answer said (null before one came). */
  remaining: number | null;
  /** Sites of the run (null when not known). */
  total: number | null;
  /** The run's status once it ended (its Message and each site's outcome). */
  outcome: TransferStatus | null;
  /** Why the watch failed: 'Error encountered,status=...,msg=...' or the give-up note. */
  error: string | null;
  /** True when the check on opening the screen found nothing running. */
  nothingPending: boolean;
}

export const IDLE: TransferPollState = {
  phase: 'idle',
  tries: 0,
  remaining: null,
  total: null,
  outcome: null,
  error: null,
  nothingPending: false,
};

/** The state when a run's watch starts (after the start call, or on opening the screen). */
export function startedState(total: number | null, remaining: number | null = total): TransferPollState {
  return { ...IDLE, phase: 'polling', total, remaining };
}

/** The state after the `tries`-th answer that is not the end. */
export function afterAnswer(s: TransferPollState, tries: number, answer: number): TransferPollState {
  return { ...s, tries, remaining: answer > 0 ? answer : s.remaining };
}

/** The state once the run ended: done when every site finished, failed when some failed. */
export function endedState(s: TransferPollState, outcome: TransferStatus): TransferPollState {
  return {
    ...s,
    phase: outcome.Status === 'DONE' ? 'done' : 'failed',
    outcome,
    total: outcome.Total,
    remaining: outcome.Remaining,
  };
}

/** The state when the watch stopped on an error (a failed call, or giving up). */
export function failedState(s: TransferPollState, error: string): TransferPollState {
  return { ...s, phase: 'failed', error };
}

/** The sites of an ended run that failed, with their error. */
export function failedSites(outcome: TransferStatus | null): { SiteNo: number; Error: string }[] {
  return (outcome?.Sites ?? [])
    .filter((s) => s.Status === 'FAILED')
    .map((s) => ({ SiteNo: s.SiteNo, Error: s.Error ?? '' }));
}

/** Share of the run done, 0-100, for the progress bar. */
export function donePercent(s: Pick<TransferPollState, 'remaining' | 'total'>): number {
  if (!s.total || s.remaining === null) return 0;
  return Math.round(((s.total - Math.min(s.remaining, s.total)) / s.total) * 100);
}
