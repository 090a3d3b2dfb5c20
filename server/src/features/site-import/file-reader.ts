/**
 * Reads store files in a worker thread (file-reader-thread.mjs, started on first use, unref'd so
 * it never keeps the process alive): the file's text, its parsing and its tree live there; this
 * thread takes the result a part at a time, asking for the next after a turn of its event loop
 * (issue 27: parsing never blocks the event loop).
 * A thread that dies fails the readings it had and is replaced on the next one.
 */
import { Worker } from 'node:worker_threads';
import { FileFormatError, type FileOp, type FileReadings } from './file-ops';

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
      p.reject(m.format ? new FileFormatError(m.error) : new Error(m.error));
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
 * refused records, invoices). Rejects with FileFormatError when the content is refused.
 */
export function readFileInThread<O extends FileOp>(op: O, file: string): Promise<FileReadings[O]> {
  thread ??= start();
  const w = thread;
  w.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    // The thread ran this kind's reading (file-ops.ts): its head and list are of that kind.
    pending.set(id, { list: [], resolve: resolve as Pending['resolve'], reject });
    w.postMessage({ id, op, file });
  });
}
