/**
 * The real server as a child process (`node --import tsx server/src/main.ts`, one process so a
 * SIGKILL really kills the server), with its own PORT and DATA_DIR (or DATABASE_URL): start it,
 * wait until it answers, kill it with SIGKILL mid-work, start it again on the same data.
 *
 *   const srv = await startServerProcess({ env: { DEMO_ON_EMPTY: 'false' } });
 *   await fetch(`${srv.url}/appConfig`);
 *   await srv.kill9();            // no cleanup runs in the server: the crash a power cut makes
 *   await srv.start();            // same PORT and DATA_DIR; resolves once it answers again
 *   await srv.start({ X: '' });   // the same, with X changed for this and later starts
 *   await srv.stop();             // SIGTERM, waits for the exit
 *   srv.cleanup();                // removes the temporary DATA_DIR it made (if it made one)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/config';

export interface ServerProcess {
  url: string;
  port: number;
  /** DATA_DIR of the embedded database ('' with DATABASE_URL). */
  dataDir: string;
  /** The running child's pid (null while stopped). */
  readonly pid: number | null;
  /** Everything the server wrote to stdout and stderr, all runs. */
  output(): string;
  /** Starts the server again (same PORT and data; `env` changes variables from now on) and waits until it answers. */
  start(env?: Record<string, string>): Promise<void>;
  /** SIGKILL, then waits until the process is gone (and reaped, so its lock reads as stale). */
  kill9(): Promise<void>;
  /** SIGTERM (a clean stop), then waits for the exit. */
  stop(): Promise<void>;
  /** Removes the temporary DATA_DIR this harness made. */
  cleanup(): void;
}

export interface ServerProcessOptions {
  /** Extra environment (e.g. DEMO_ON_EMPTY, SITES_DIR, WORKERS, DATABASE_URL). */
  env?: Record<string, string>;
  /** Embedded database folder; a new temporary one when absent (ignored with DATABASE_URL). */
  dataDir?: string;
  /** How long to wait for the server to answer GET /appConfig (ms). */
  readyTimeoutMs?: number;
}

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

export async function startServerProcess(o: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const usesPg = Boolean(o.env?.DATABASE_URL);
  const madeDir = !usesPg && !o.dataDir;
  const dataDir = usesPg ? '' : (o.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-server-')));
  const url = `http://127.0.0.1:${port}`;
  const readyTimeoutMs = o.readyTimeoutMs ?? 120_000;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let log = '';

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(os.tmpdir(), 'cpb-no-web'),
    ...(usesPg ? {} : { DATA_DIR: dataDir }),
    ...o.env,
  };
  // INIT_CWD would make relative paths resolve against the test runner's folder; all paths here are absolute.
  delete env.INIT_CWD;

  async function waitUntilAnswering(): Promise<void> {
    const until = Date.now() + readyTimeoutMs;
    while (Date.now() < until) {
      if (!child || child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`The server exited before answering:\n${log.slice(-4000)}`);
      }
      try {
        const res = await fetch(`${url}/appConfig`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`The server did not answer within ${readyTimeoutMs} ms:\n${log.slice(-4000)}`);
  }

  async function start(changed: Record<string, string> = {}): Promise<void> {
    if (child) throw new Error('The server is already running.');
    Object.assign(env, changed);
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    proc.stdout?.on('data', (d: Buffer) => {
      log += d.toString();
    });
    proc.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
    });
    exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    exited.then(() => {
      if (child === proc) child = null;
    });
    await waitUntilAnswering();
  }

  async function signal(sig: NodeJS.Signals): Promise<void> {
    const proc = child;
    if (!proc) return;
    proc.kill(sig);
    await exited;
  }

  await start();
  return {
    url,
    port,
    dataDir,
    get pid() {
      return child?.pid ?? null;
    },
    output: () => log,
    start,
    kill9: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    cleanup() {
      if (madeDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
