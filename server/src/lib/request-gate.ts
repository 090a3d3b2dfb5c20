/**
 * The embedded database (PGlite) runs one statement at a time, in WebAssembly on the event loop.
 * Left alone, every statement of every request queues behind every other session's statements,
 * so a request with six statements waits six times in a queue of fifty: under load the requests
 * that do the most (searches, writes) take many times longer than the rest (PGlite's p99 was
 * 5.7 s with 50 sessions). This gate lets one request at a time do its database work, in arrival
 * order, so each request waits once and then runs its statements back to back.
 * Only for PGlite (PostgreSQL works in parallel); routes that wait on other work (PDF layout in a
 * worker) opt out with `config: { dbGate: false }`. A request never holds the gate longer than
 * MAX_HOLD_MS, so one stuck request cannot stop the others.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route does not take the database gate (see lib/request-gate.ts). */
    dbGate?: boolean;
  }
}

const MAX_HOLD_MS = 10_000;

export function registerRequestGate(app: FastifyInstance): void {
  let tail: Promise<void> = Promise.resolve();

  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.config?.dbGate === false) return;
    let open!: () => void;
    const mine = new Promise<void>((resolve) => {
      open = resolve;
    });
    const before = tail;
    tail = before.then(() => mine);
    let released = false;
    let timer: NodeJS.Timeout | undefined;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      // The next request starts after the event loop has polled sockets, so connections that
      // have not been read yet get their turn (a chain of promise continuations would starve them).
      setImmediate(open);
    };
    // Released when the answer is sent or the connection closes (also while still waiting).
    reply.raw.once('close', release);
    await before;
    if (released || reply.raw.destroyed || req.raw.destroyed) return release();
    timer = setTimeout(release, MAX_HOLD_MS);
    timer.unref();
  });
}
