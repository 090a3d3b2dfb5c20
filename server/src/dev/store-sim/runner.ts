/**
 * The simulator as a background loop, for `store-sim --watch` and for running it inside the app
 * for the demo's stores: a pass every `intervalMs`, never two passes at once, drift and invoices
 * only on the first pass. `stop()` waits for a running pass to finish, so files are never left half-handled.
 */
import fs from 'node:fs/promises';
import { writeExclusive } from '../../exchange/exclusive-write';
import type { NaxmlDepartment, NaxmlItem } from '../../exchange/naxml/naxml';
import { siteFolder } from '../../exchange/site-folders';
import { runStoreSimOnce, type SiteResult, STATE_FILE, type StoreSimOptions } from './run';
import { storeFromItems } from './store';

export interface StoreSimRunner {
  /** Runs a pass now (after the one running, if any) and returns its results. */
  runNow(): Promise<SiteResult[]>;
  stop(): Promise<void>;
}

export function startStoreSim(
  o: StoreSimOptions & {
    intervalMs: number;
    onResults?: (results: SiteResult[]) => void;
    onError?: (err: unknown) => void;
  },
): StoreSimRunner {
  let stopped = false;
  let first = true;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();

  const pass = (): Promise<SiteResult[]> => {
    const p = chain.then(async () => {
      const results = await runStoreSimOnce({
        ...o,
        drift: first ? o.drift : 0,
        invoices: first ? o.invoices : 0,
      });
      first = false;
      o.onResults?.(results);
      return results;
    });
    chain = p.catch(() => undefined);
    return p;
  };

  const tick = () => {
    timer = null;
    if (stopped) return;
    pass()
      .catch((err) => o.onError?.(err))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, o.intervalMs);
      });
  };
  tick();

  return {
    runNow: pass,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await chain;
    },
  };
}

/**
 * Gives a site a store already loaded with `items` unless it has a store file: the demo's
 * registers start with the demo's rows. Returns false when the site already had one.
 */
export async function seedStore(
  sitesDir: string,
  siteNo: number,
  items: NaxmlItem[],
  o: { departments?: NaxmlDepartment[]; baseline?: boolean } = {},
): Promise<boolean> {
  const dir = siteFolder(sitesDir, siteNo);
  await fs.mkdir(dir, { recursive: true });
  const state = storeFromItems(siteNo, items, o);
  try {
    // Exclusive: never replaces a store's own state.
    await writeExclusive(dir, STATE_FILE, `${JSON.stringify(state, null, 1)}\n`);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}
