/**
 * Transfers in tests: run every queued transfer here and now (no worker, no polling), so an API
 * test that starts a Site Import or a Distribute to Sites can check its outcome deterministically.
 *
 *   const started = await app.inject({ method: 'POST', url: '/distributeToSites/ann', ... });
 *   await runTransfersNow(app);        // every task handled, every transfer ended
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services';

/** Runs every unfinished transfer (and those their `finished` handlers start); returns their ids. */
export async function runTransfersNow(from: FastifyInstance | Services): Promise<number[]> {
  const services = 'services' in from ? from.services : from;
  return services.transfers.runPending();
}
