import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const readJson = (name: string) => JSON.parse(fs.readFileSync(new URL(name, root), 'utf8'));

type LockEntry = { version?: string; engines?: { node?: string } | string[] };

/**
 * `npm install` warns (EBADENGINE) about every installed package whose `engines.node` the running
 * Node does not satisfy. The project promises its `engines` range; the oldest Node in that range
 * must satisfy every package in the lock file, or a supported machine sees warnings (or worse).
 */
/**
 * Packages whose declared `engines` exceed the project's oldest Node, kept knowingly (docs/decisions.md
 * "pg-boss on Node 20"): every pg-boss major that has the PGlite adapter declares Node >= 22, the
 * machines run Node 20.20, and what the project uses of it (queue, send in a transaction, work,
 * stop) is exercised on Node 20 by the transfers tests. Anything else that needs a newer Node fails.
 */
const KNOWN_NEWER_ENGINES: Record<string, string> = { 'node_modules/pg-boss': '>=22.12.0' };

describe('package-lock.json against the project engines', () => {
  const project: string = readJson('package.json').engines.node;
  const lock: { packages: Record<string, LockEntry> } = readJson('package-lock.json');

  it('names a Node 20 line the dependencies support', () => {
    expect(semver.validRange(project)).not.toBeNull();
    expect(semver.minVersion(project)?.major).toBe(20);
  });

  it('has no installed package that needs a newer Node than the oldest the project supports', () => {
    const oldest = semver.minVersion(project)?.version ?? '';
    const unsupported = Object.entries(lock.packages)
      .filter(([path]) => path.includes('node_modules/'))
      .map(([path, entry]) => {
        const engines = entry.engines;
        const node = engines && !Array.isArray(engines) ? engines.node : undefined;
        return { path, version: entry.version, node };
      })
      .filter((p) => p.node !== undefined && !semver.satisfies(oldest, p.node))
      .filter((p) => KNOWN_NEWER_ENGINES[p.path] !== p.node)
      .map((p) => `${p.path}@${p.version} needs node ${p.node}`);
    expect(unsupported).toEqual([]);
  });

  it('the workspaces do not claim a different Node range', () => {
    for (const ws of readJson('package.json').workspaces as string[]) {
      const engines = readJson(`${ws}/package.json`).engines?.node;
      if (engines !== undefined) expect(`${ws}: ${engines}`).toBe(`${ws}: ${project}`);
    }
  });
});
