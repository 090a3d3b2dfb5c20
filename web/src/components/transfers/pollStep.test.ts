import type { TransferStatus } from '@cpb/domain';
import { describe, expect, it } from 'vitest';
import {
  AT_ONCE_MS,
  afterAnswer,
  donePercent,
  endedState,
  failedSites,
  pollStep,
  startedState,
} from './pollStep';

const C = { TIMEOUT: 1_000, DELAY: 500, MINTRIES: 2, MAXTRIES: 5 };

const status = (over: Partial<TransferStatus> = {}): TransferStatus => ({
  TransferID: 7,
  ProcessType: 'Site Import',
  Status: 'DONE',
  Total: 3,
  Remaining: 0,
  Message: 'Site Import Complete.',
  Sites: [
    { SiteNo: 1, Status: 'DONE', Error: null, Result: null },
    { SiteNo: 2, Status: 'DONE', Error: null, Result: null },
    { SiteNo: 3, Status: 'DONE', Error: null, Result: null },
  ],
  ...over,
});

describe('pollStep (spec section 4)', () => {
  it('believes 0 only after MINTRIES polls', () => {
    expect(pollStep(1, 0, C)).toEqual({ next: 'again', delay: C.DELAY });
    expect(pollStep(2, 0, C)).toEqual({ next: 'done' });
    expect(pollStep(4, 0, C)).toEqual({ next: 'done' });
  });

  it('polls again at once on -1 and after DELAY while sites are left', () => {
    expect(pollStep(3, -1, C)).toEqual({ next: 'again', delay: AT_ONCE_MS });
    expect(pollStep(3, 4, C)).toEqual({ next: 'again', delay: C.DELAY });
    expect(AT_ONCE_MS).toBeLessThan(C.DELAY);
  });

  it('gives up after MAXTRIES answers that are not done, but a done 0 on the last try still counts', () => {
    expect(pollStep(4, 2, C)).toEqual({ next: 'again', delay: C.DELAY });
    expect(pollStep(5, 2, C)).toEqual({ next: 'gaveUp' });
    expect(pollStep(5, -1, C)).toEqual({ next: 'gaveUp' });
    expect(pollStep(5, 0, C)).toEqual({ next: 'done' });
  });

  it('MINTRIES above MAXTRIES cannot loop for ever', () => {
    expect(pollStep(3, 0, { ...C, MINTRIES: 9, MAXTRIES: 3 })).toEqual({ next: 'gaveUp' });
  });
});

describe('the watch state', () => {
  it('keeps the last count of sites left; -1 and 0 do not overwrite it', () => {
    let s = startedState(5);
    expect(s).toMatchObject({ phase: 'polling', total: 5, remaining: 5 });
    s = afterAnswer(s, 1, 3);
    expect(s).toMatchObject({ tries: 1, remaining: 3 });
    s = afterAnswer(s, 2, -1);
    expect(s).toMatchObject({ tries: 2, remaining: 3 });
    expect(donePercent(s)).toBe(40);
  });

  it('ends done when every site finished and failed when some failed, listing them', () => {
    expect(endedState(startedState(3), status()).phase).toBe('done');
    const failed = status({
      Status: 'FAILED',
      Sites: [
        { SiteNo: 1, Status: 'DONE', Error: null, Result: null },
        { SiteNo: 2, Status: 'FAILED', Error: 'no item file', Result: null },
      ],
    });
    const s = endedState(startedState(2), failed);
    expect(s).toMatchObject({ phase: 'failed', remaining: 0, total: 3 });
    expect(failedSites(s.outcome)).toEqual([{ SiteNo: 2, Error: 'no item file' }]);
    expect(donePercent(s)).toBe(100);
  });

  it('shows no progress before the size is known', () => {
    expect(donePercent(startedState(null))).toBe(0);
  });
});
