/**
 * The store-file reader thread (file-reader.ts starts it): reads and parses store files off the
 * server's event loop, so neither a 60 MB string nor its parsing ever holds the loop (issue 27).
 * Plain JavaScript that loads the TypeScript operations through tsx, so it runs the same under
 * tsx, vitest and node. Messages in: { id, op, file }; out, per request: { id, head, total } then
 * { id, part } until `total` entries are sent, or { id, error, format }.
 */
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { FileFormatError, runFileOp } = await import('./file-ops.ts');

parentPort.on('message', async ({ id, op, file }) => {
  try {
    const { head, list, part } = await runFileOp(op, file);
    parentPort.postMessage({ id, head, total: list.length });
    for (let i = 0; i < list.length; i += part) parentPort.postMessage({ id, part: list.slice(i, i + part) });
  } catch (e) {
    parentPort.postMessage({
      id,
      error: e instanceof Error ? e.message : String(e),
      format: e instanceof FileFormatError,
    });
  }
});
