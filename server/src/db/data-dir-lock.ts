/**
 * One process at a time per embedded database: PGlite has no locking of its own, and two
 * processes writing the same DATA_DIR corrupt it. The first process writes `DATA_DIR/cpb.lock`
 * with its pid, the process's start time (Linux: /proc/PID/stat with the boot id) and a random
 * token; a second one stops with DataDirLockedError. A lock left by a process that no longer runs
 * (a crash, a kill -9) is taken over, also when a new process has the same pid (PID 1 in a
 * restarted container, a reused pid): the lock is held only while a process with that pid AND
 * that start time runs, and for this process's own pid only while this process holds that token.
 */
import { randomBytes } from 'node:crypto';
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

interface LockContent {
  pid: number;
  /** The process's start (boot id and clock ticks since boot), where the system tells it. */
  started?: string | null;
  token?: string;
}

/** Tokens of the locks this process holds. */
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When process `pid` started: the boot id and its start in clock ticks since boot; null if unknown. */
export function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): the 20th of them is the start time.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${boot}:${fields[19]}`;
  } catch {
    return null;
  }
}

function holderOf(file: string): LockContent | null {
  try {
    const c = JSON.parse(fs.readFileSync(file, 'utf8'));
    const pid = Number(c.pid);
    return Number.isInteger(pid) && pid > 0
      ? { pid, started: typeof c.started === 'string' ? c.started : null, token: c.token }
      : null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote this lock still runs (not merely some process with its pid). */
function holderAlive(h: LockContent): boolean {
  if (h.pid === process.pid) return h.token !== undefined && held.has(h.token);
  if (!isRunning(h.pid)) return false;
  const now = processStart(h.pid);
  // Where neither side knows the start time, the pid is all there is to go by.
  return !h.started || !now || h.started === now;
}

/** Takes the lock of `dataDir` for this process; returns the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const token = randomBytes(12).toString('hex');
  const mine = `${file}.${process.pid}.${token}`;
  fs.writeFileSync(
    mine,
    JSON.stringify({
      pid: process.pid,
      started: processStart(process.pid),
      token,
      since: new Date().toISOString(),
      argv: process.argv.slice(1),
    }),
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
        if (holder !== null && holderAlive(holder)) throw new DataDirLockedError(dataDir, holder.pid);
        fs.rmSync(file, { force: true }); // stale: its process is gone
        if (attempt === 2) throw e;
      }
    }
  } finally {
    fs.rmSync(mine, { force: true });
  }
  held.add(token);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(token);
    process.off('exit', release);
    if (holderOf(file)?.token === token) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
