import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { DataDirLockedError, LOCK_FILE, processStart } from './data-dir-lock';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let first: Database | null;

/** Runs a server script (the CLI or the server) with DATA_DIR set, as a second process. */
async function second(script: string, ...args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', DEMO_ON_EMPTY: 'false' };
  try {
    const r = await run('npx', ['tsx', script, ...args], { cwd: serverDir, env, timeout: 60_000 });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout, err: x.stderr };
  }
}

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-lock-'));
  first = null;
});
afterEach(async () => {
  await first?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded database folder lock', () => {
  it('a second open of the same DATA_DIR stops with a clear message naming the holder', async () => {
    first = await openDatabase({ dataDir });
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
    expect(lock.pid).toBe(process.pid);
    const err = await openDatabase({ dataDir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toBe(
      `The data folder ${dataDir} is in use by another Central Price Book process (pid ${process.pid}). ` +
        'Only one process may open an embedded database at a time.',
    );
  });

  it('the CLI refuses while the folder is open and tells the user to stop the server or use its API', async () => {
    first = await openDatabase({ dataDir });
    const r = await second('src/cli/main.ts', 'user', 'add', 'zed', '--password', 'zed-pw');
    expect(r.code).toBe(3);
    expect(r.err).toContain(`in use by another Central Price Book process (pid ${process.pid})`);
    expect(r.err).toContain(`Stop the server (pid ${process.pid}) before running this command`);
    expect(r.err).toContain("through the running server's API");
    expect(r.out).not.toContain('User zed added');
  });

  it('a second server on the same folder stops before listening', async () => {
    first = await openDatabase({ dataDir });
    const r = await second('src/main.ts');
    expect(r.code).toBe(3);
    expect(r.err).toContain(`in use by another Central Price Book process (pid ${process.pid})`);
    expect(r.out).not.toContain('is running at');
  });

  it('takes over the lock of a process that no longer runs, and gives it back on close', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: gone }));
    const db = await openDatabase({ dataDir });
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await db.close();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    // Closed, so the CLI may open it now.
    const r = await second('src/cli/main.ts', 'migrate');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Migrations applied.');
  });

  it("takes over a lock with its own pid after a restart (PID 1 in a container): the token is not this process's", async () => {
    // What a crashed server left, when the restarted one got the same pid.
    fs.writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, started: 'earlier-boot:123', token: 'the-crashed-process' }),
    );
    first = await openDatabase({ dataDir });
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
    expect(lock.pid).toBe(process.pid);
    expect(lock.token).not.toBe('the-crashed-process');
    // This process's own lock still stops a second open.
    expect(await openDatabase({ dataDir }).catch((e: unknown) => e)).toBeInstanceOf(DataDirLockedError);
  });

  it('takes over the lock of a reused pid (a running process that started later), refuses the real holder', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const pid = other.pid as number;
      await new Promise((r) => setTimeout(r, 200));
      const started = processStart(pid);
      expect(started).not.toBeNull();
      fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid, started, token: 'holder' }));
      expect(await openDatabase({ dataDir }).catch((e: unknown) => e)).toBeInstanceOf(DataDirLockedError);
      // Same pid, another start: the process that wrote the lock is gone.
      fs.writeFileSync(
        path.join(dataDir, LOCK_FILE),
        JSON.stringify({ pid, started: `${started}0`, token: 'holder' }),
      );
      first = await openDatabase({ dataDir });
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    } finally {
      other.kill('SIGKILL');
    }
  });
});
