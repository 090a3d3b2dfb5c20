/**
 * The embedded database (PGlite) runs one statement at a time, in WebAssembly on the event loop.
 * Left alone, every statement of every request queues behind every other session's statements,
 * so a request with six statements waits six times in a queue of fifty: under load the requests
 * that do the most (searches, writes) take many times longer than the rest (PGlite's p99 was
 * 5.7 s with 50 sessions). This gate lets one request at a time do its database work, in arrival
 * order, so each request waits once and then runs its statements back to back.
 * Only for PGlite (PostgreSQL works in parallel); routes that wait on other work (PDF layout in a
 * worker) opt out with `config: { dbGate: false }` and take turns for their reads only
 * (`app.dbGate.run`, a page of rows at a time). A request never holds the gate longer than
 * MAX_HOLD_MS, so one stuck request cannot stop the others.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route does not take the database gate (see lib/request-gate.ts). */
    dbGate?: boolean;
  }
  interface FastifyInstance {
    /** The database gate: routes that opt out of it take turns for their reads (`dbGate.run`). */
    dbGate: DbGate;
  }
}

const MAX_HOLD_MS = 10_000;

/** Runs a piece of database work in its turn (a route that does not hold the gate: one page of rows). */
export type Turn = <T>(work: () => Promise<T>) => Promise<T>;

export interface DbGate {
  run: Turn;
}

/** No gate (PostgreSQL): work runs at once. */
export const openGate: DbGate = { run: (work) => work() };

/** One line for the database: `enter()` gives a place, ready when the holders before it released. */
export function createDbGate() {
  let tail: Promise<void> = Promise.resolve();
  function enter(): { ready: Promise<void>; release: () => void } {
    let open!: () => void;
    const mine = new Promise<void>((resolve) => {
      open = resolve;
    });
    const ready = tail;
    tail = ready.then(() => mine);
    let released = false;
    return {
      ready,
      release: () => {
        if (released) return;
        released = true;
        // The next holder starts after the event loop has polled sockets, so connections that
        // have not been read yet get their turn (a chain of promise continuations would starve them).
        setImmediate(open);
      },
    };
  }
  return {
    enter,
    async run<T>(work: () => Promise<T>): Promise<T> {
      const place = enter();
      await place.ready;
      try {
        return await work();
      } finally {
        place.release();
      }
    },
  };
}

/** PGlite: every request takes the gate for its whole run, but those routed with `dbGate: false`. */
export function registerRequestGate(app: FastifyInstance): void {
  const gate = createDbGate();
  app.decorate('dbGate', { run: gate.run });
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.config?.dbGate === false) return;
    const place = gate.enter();
    let timer: NodeJS.Timeout | undefined;
    const release = () => {
      clearTimeout(timer);
      place.release();
    };
    // Released when the answer is sent or the connection closes (also while still waiting).
    reply.raw.once('close', release);
    await place.ready;
    if (reply.raw.destroyed || req.raw.destroyed) return release();
    timer = setTimeout(release, MAX_HOLD_MS);
    timer.unref();
  });
}
