/**
 * Long synchronous work in the server's process (reading a store's or a vendor's file, writing a
 * store's file) gives the event loop a turn every few milliseconds, so requests are answered while
 * it runs (issue 27: never more than 50 ms without a turn). The budget is wall-clock time, not a
 * count of records: on a busy machine the same records take longer, and the turns come sooner.
 */

/** Milliseconds of synchronous work between two turns of the event loop. */
export const TURN_MS = 8;

/** Records processed between two looks at the clock. */
const CHECK_EVERY = 64;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A clock of synchronous work: `maybe()` gives the event loop a turn once `budgetMs` have passed. */
export class LoopTurns {
  private last = performance.now();

  constructor(private readonly budgetMs = TURN_MS) {}

  /** The budget since the last turn is spent. */
  get due(): boolean {
    return performance.now() - this.last >= this.budgetMs;
  }

  /** A turn of the event loop now. */
  async turn(): Promise<void> {
    await turn();
    this.last = performance.now();
  }

  /** A turn of the event loop when the budget is spent. */
  async maybe(): Promise<void> {
    if (this.due) await this.turn();
  }
}

/** `list.map(fn)`, giving the event loop a turn whenever the budget is spent. */
export async function mapInTurns<T, U>(
  list: readonly T[],
  fn: (x: T, i: number) => U,
  turns = new LoopTurns(),
): Promise<U[]> {
  const out = new Array<U>(list.length);
  for (let i = 0; i < list.length; i++) {
    if (i % CHECK_EVERY === 0) await turns.maybe();
    out[i] = fn(list[i], i);
  }
  return out;
}

/** `list.filter(keep)`, giving the event loop a turn whenever the budget is spent. */
export async function filterInTurns<T>(
  list: readonly T[],
  keep: (x: T, i: number) => boolean,
  turns = new LoopTurns(),
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < list.length; i++) {
    if (i % CHECK_EVERY === 0) await turns.maybe();
    if (keep(list[i], i)) out.push(list[i]);
  }
  return out;
}

/**
 * Runs `fn` on the list a page of `size` at a time, in order, with a turn of the event loop between
 * pages when the budget is spent (a statement or a join per page instead of one for the whole list).
 */
export async function eachPageInTurns<T>(
  list: readonly T[],
  size: number,
  fn: (page: T[]) => unknown,
  turns = new LoopTurns(),
): Promise<void> {
  for (let i = 0; i < list.length; i += size) {
    await fn(list.slice(i, i + size));
    await turns.maybe();
  }
}

/** Runs `fn` on each item in order, giving the event loop a turn whenever the budget is spent. */
export async function eachInTurns<T>(
  list: Iterable<T>,
  fn: (x: T) => void,
  turns = new LoopTurns(),
): Promise<void> {
  let i = 0;
  for (const x of list) {
    if (i++ % CHECK_EVERY === 0) await turns.maybe();
    fn(x);
  }
}
