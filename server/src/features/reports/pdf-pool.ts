/**
 * The PDF layout pool: worker threads (`pdf-worker.mjs`) that lay reports out off the event loop,
 * shared fairly between users. Each user has one running layout at a time; the others wait in
 * that user's queue, and a free worker takes the waiting user served least recently, so one user's
 * big reports never make another user's small one wait behind them. A user with PDF_QUEUE_PER_USER
 * reports running or waiting is refused (429) until one is done. Workers start on first use, are
 * unref'd when idle, and a crashed worker fails its report and is replaced on the next one.
 */
import { Worker } from 'node:worker_threads';
import { msg } from '@cpb/domain';
import { AppError } from '../../lib/errors';

export interface PdfPoolOptions {
  /** Worker threads laying PDFs out at once (PDF_WORKERS). */
  workers: number;
  /** Reports one user may have running or waiting (PDF_QUEUE_PER_USER). */
  perUser: number;
}

interface Job {
  owner: string;
  message: unknown;
  resolve: (pdf: Buffer) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

const options: PdfPoolOptions = { workers: 2, perUser: 4 };
/** Waiting reports per user; the map's order is the users' turn order. */
const waiting = new Map<string, Job[]>();
/** Users with a layout running. */
const running = new Set<string>();
/** When each user with work in the pool was last served (a count): the least recent goes next. */
const served = new Map<string, number>();
let turns = 0;
const slots: Slot[] = [];

/** Sets the pool's size and the per-user bound (services.ts, from the configuration). */
export function configurePdfPool(o: Partial<PdfPoolOptions>): void {
  if (o.workers !== undefined) options.workers = Math.max(1, Math.floor(o.workers));
  if (o.perUser !== undefined) options.perUser = Math.max(1, Math.floor(o.perUser));
}

/** Reports of this user running or waiting. */
export function pdfJobsOf(owner: string): number {
  return (waiting.get(owner)?.length ?? 0) + (running.has(owner) ? 1 : 0);
}

function finish(slot: Slot, outcome: { pdf?: Uint8Array; error?: Error }) {
  const job = slot.job;
  if (!job) return;
  slot.job = null;
  running.delete(job.owner);
  if (!waiting.has(job.owner)) served.delete(job.owner);
  if (outcome.pdf) {
    const p = outcome.pdf;
    job.resolve(Buffer.from(p.buffer, p.byteOffset, p.byteLength));
  } else job.reject(outcome.error ?? new Error('PDF report failed'));
  slot.worker.unref();
  pump();
}

function newSlot(): Slot {
  const worker = new Worker(new URL('./pdf-worker.mjs', import.meta.url));
  const slot: Slot = { worker, job: null };
  worker.on('message', (m: { pdf?: Uint8Array; error?: string }) =>
    finish(slot, m.pdf ? { pdf: m.pdf } : { error: new Error(`PDF report failed: ${m.error}`) }),
  );
  const drop = (err: Error) => {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    finish(slot, { error: err });
  };
  worker.on('error', drop);
  worker.on('exit', (code) => drop(new Error(`PDF worker stopped (exit code ${code})`)));
  worker.unref();
  slots.push(slot);
  return slot;
}

/** The next report in turn: of the users waiting with no layout running, the least recently served. */
function nextJob(): Job | null {
  let pick: string | null = null;
  for (const owner of waiting.keys()) {
    if (running.has(owner)) continue;
    if (pick === null || (served.get(owner) ?? 0) < (served.get(pick) ?? 0)) pick = owner;
  }
  if (pick === null) return null;
  const jobs = waiting.get(pick) as Job[];
  const job = jobs.shift() as Job;
  if (jobs.length === 0) waiting.delete(pick);
  served.set(pick, ++turns);
  return job;
}

function pump() {
  while (slots.filter((s) => s.job).length < options.workers) {
    const job = nextJob();
    if (!job) return;
    const slot = slots.find((s) => s.job === null) ?? newSlot();
    slot.job = job;
    running.add(job.owner);
    // Referenced while a layout runs, so the process waits for it; unref'd when idle.
    slot.worker.ref();
    slot.worker.postMessage(job.message);
  }
}

/**
 * Queues one layout for `owner` (the signed-in user); resolves with the PDF's bytes.
 * Throws RATE_LIMITED (429) at once when the user already has PDF_QUEUE_PER_USER reports.
 */
export function layoutPdf(owner: string, message: unknown): Promise<Buffer> {
  if (pdfJobsOf(owner) >= options.perUser) {
    throw new AppError('RATE_LIMITED', msg('PDF_QUEUE_FULL', { max: options.perUser }));
  }
  return new Promise<Buffer>((resolve, reject) => {
    const list = waiting.get(owner);
    const job = { owner, message, resolve, reject };
    if (list) list.push(job);
    else waiting.set(owner, [job]);
    pump();
  });
}
