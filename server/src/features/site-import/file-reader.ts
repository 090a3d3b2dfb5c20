/**
 * Reads store files in a worker thread (file-reader-thread.mjs, started on first use, unref'd so
 * it never keeps the process alive): the file's text, its parsing and its tree live there; this
 * thread takes the result a part at a time, asking for the next after a turn of its event loop
 * (issue 27: parsing never blocks the event loop).
 * A thread that dies fails the readings it had and is replaced on the next one.
 */
import { Worker } from 'node:worker_threads';
import type { FileOp } from './file-ops';

interface Pending {
  head?: unknown;
  total?: number;
  list: unknown[];
  resolve: (r: { head: unknown; list: unknown[] }) => void;
  reject: (e: Error) => void;
}

type Message =
  | { id: number; head: unknown; total: number }
  | { id: number; part: unknown[] }
  | { id: number; error: string; format: boolean };

/** A file whose content was refused: `message` names what and where (the line). */
export class FileContentError extends Error {}

let thread: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

/** Resolves a complete reading, or asks for its next part after a turn of the event loop. */
function settle(w: Worker, id: number, p: Pending) {
  if (p.total === undefined) return;
  if (p.list.length < p.total) {
    setImmediate(() => w.postMessage({ id, next: true }));
    return;
  }
  pending.delete(id);
  p.resolve({ head: p.head, list: p.list });
}

function start(): Worker {
  const w = new Worker(new URL('./file-reader-thread.mjs', import.meta.url));
  w.on('message', (m: Message) => {
    const p = pending.get(m.id);
    if (!p) return;
    if ('error' in m) {
      pending.delete(m.id);
      p.reject(m.format ? new FileContentError(m.error) : new Error(m.error));
    } else if ('part' in m) {
      for (const x of m.part) p.list.push(x);
      settle(w, m.id, p);
    } else {
      p.head = m.head;
      p.total = m.total;
      settle(w, m.id, p);
    }
    if (pending.size === 0) w.unref();
  });
  const fail = (err: Error) => {
    if (thread === w) thread = null;
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(err);
    }
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`the store file reader stopped (exit code ${code})`)));
  return w;
}

/**
 * Reads and parses one store file in the reader thread: its head and its list (item records,
 * refused records, invoices). Rejects with FileContentError when the content is refused.
 */
export function readFileInThread(op: FileOp, file: string): Promise<{ head: unknown; list: unknown[] }> {
  thread ??= start();
  const w = thread;
  w.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { list: [], resolve, reject });
    w.postMessage({ id, op, file });
  });
}
