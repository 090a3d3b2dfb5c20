/**
 * One process at a time per embedded database: PGlite has no locking of its own, and two
 * processes writing the same DATA_DIR corrupt it. The first process writes `DATA_DIR/cpb.lock`
 * with its pid; a second one stops with DataDirLockedError. A lock left by a process that no
 * longer runs (a crash, a kill -9) is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'cpb.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Central Price Book process (pid ${pid}). ` +
        'Only one process may open an embedded database at a time.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(JSON.parse(fs.readFileSync(file, 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock of `dataDir` for this process; returns the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const mine = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(
    mine,
    JSON.stringify({ pid: process.pid, since: new Date().toISOString(), argv: process.argv.slice(1) }),
  );
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        // link() is atomic and fails when the lock exists, so the lock never exists half-written.
        fs.linkSync(mine, file);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        const holder = holderOf(file);
        if (holder !== null && isRunning(holder)) throw new DataDirLockedError(dataDir, holder);
        fs.rmSync(file, { force: true }); // stale: its process is gone
        if (attempt === 2) throw e;
      }
    }
  } finally {
    fs.rmSync(mine, { force: true });
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (holderOf(file) === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
