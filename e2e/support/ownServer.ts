import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from '@playwright/test';
import { DEMO } from './env';

/**
 * A server of a journey's own, for a journey that needs what the shared server cannot give (a
 * pinned clock): started as playwright.config.ts starts the shared one (`npm run start -w server`
 * at the repository root, the demo loaded into a fresh embedded database), in a temporary
 * DATA_DIR, on its own port, with `env` added. `signIn()` makes the demo user's session as
 * auth.setup.ts does and writes it to `authFile`, for `test.use({ storageState: authFile })`.
 */
export interface OwnServer {
  url: string;
  dataDir: string;
  /** The stores' exchange folders (DATA_DIR/sites). */
  sitesDir: string;
  authFile: string;
  /** Everything the server wrote (stdout and stderr). */
  output(): string;
  signIn(): Promise<void>;
  /** Stops the server (its whole process group: npm, tsx, node) and removes DATA_DIR. */
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function startOwnServer(o: {
  port: number;
  env: Record<string, string>;
  /** Where signIn() writes the session (storage state). */
  authFile: string;
  /** How long the first start (the demo load) may take. */
  timeoutMs?: number;
}): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cpb-e2e-${o.port}-`));
  const url = `http://127.0.0.1:${o.port}`;
  const { authFile } = o;
  let log = '';
  const child: ChildProcess = spawn('npm', ['run', 'start', '-w', 'server'], {
    cwd: ROOT,
    env: { ...process.env, ...o.env, DATA_DIR: dataDir, PORT: String(o.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() ends npm and the server below it, and nothing else.
    detached: true,
  });
  child.stdout?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      const killed = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const until = Date.now() + (o.timeoutMs ?? 300_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The journey's server exited:\n${log.slice(-4000)}`);
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`The journey's server did not answer in time:\n${log.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }

  return {
    url,
    dataDir,
    sitesDir: path.join(dataDir, 'sites'),
    authFile,
    output: () => log,
    async signIn() {
      // Signed out to begin with (inside a test file, a new context would take the file's storageState).
      const ctx = await request.newContext({ baseURL: url, storageState: { cookies: [], origins: [] } });
      const res = await ctx.post('/login', { data: DEMO });
      if (res.status() !== 200) throw new Error(`login ${res.status()}: ${await res.text()}`);
      await ctx.storageState({ path: authFile });
      await ctx.dispose();
    },
    stop,
  };
}
