/**
 * The store-file reader thread (file-reader.ts starts it): reads and parses store files off the
 * server's event loop, so neither a 60 MB string nor its parsing ever holds the loop (issue 27).
 * Plain JavaScript that loads the TypeScript operations through tsx, so it runs the same under
 * tsx, vitest and node. Messages in: { id, op, file }, then { id, next } for each part; out, per
 * request: { id, head, total }, then { id, part } per ask until `total` entries are sent; or
 * { id, error, format }. Parts go one per ask: messages sent at once would all be taken by the
 * server's thread in one go, which is the block this thread is there to avoid.
 */
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { FileFormatError, runFileOp } = await import('./file-ops.ts');

/** Readings whose list is still being handed over, by request id. */
const open = new Map();

parentPort.on('message', async ({ id, op, file, next }) => {
  if (next) {
    // One part per ask: the server's thread asks for the next when it has taken this one.
    const r = open.get(id);
    if (!r) return;
    const part = r.list.slice(r.at, r.at + r.part);
    r.at += r.part;
    if (r.at >= r.list.length) open.delete(id);
    parentPort.postMessage({ id, part });
    return;
  }
  try {
    const { head, list, part } = await runFileOp(op, file);
    if (list.length) open.set(id, { list, part, at: 0 });
    parentPort.postMessage({ id, head, total: list.length });
  } catch (e) {
    parentPort.postMessage({
      id,
      error: e instanceof Error ? e.message : String(e),
      format: e instanceof FileFormatError,
    });
  }
});
