import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Development tools (server/src/dev/, the store simulator) stay out of the production path: the
 * server and the command line reach them only through a dynamic `import()` when asked for
 * (STORE_SIM=on, the store-sim command), never through a static import of any module they load.
 */
const src = path.resolve(import.meta.dirname, '..');
const dev = path.join(src, 'dev');

/** Relative modules `file` imports statically (value imports and re-exports; `import type` is erased). */
function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  const re = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;
  for (const m of text.matchAll(re)) {
    const base = path.resolve(path.dirname(file), m[1]);
    const resolved = [`${base}.ts`, path.join(base, 'index.ts'), base].find((f) => fs.existsSync(f));
    if (resolved && fs.statSync(resolved).isFile()) found.push(resolved);
  }
  return found;
}

/** Every module reached from `entry` through static imports, with the chain that reaches it. */
function reached(entry: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[entry, [entry]]]);
  const todo = [entry];
  for (let file = todo.pop(); file; file = todo.pop()) {
    for (const next of staticImports(file)) {
      if (chains.has(next)) continue;
      chains.set(next, [...(chains.get(file) ?? []), next]);
      todo.push(next);
    }
  }
  return chains;
}

const rel = (f: string) => path.relative(src, f);

describe('the production path', () => {
  it.each(['main.ts', 'cli/main.ts', 'app.ts'])('%s imports nothing under dev/ statically', (entry) => {
    const chains = reached(path.join(src, entry));
    expect(chains.size).toBeGreaterThan(20);
    const devChains = [...chains].filter(([f]) => f.startsWith(dev + path.sep)).map(([, c]) => c.map(rel));
    expect(devChains).toEqual([]);
  });

  it('finds a static import of the simulator (the check can fail)', () => {
    const chains = reached(path.join(dev, 'store-sim/in-app.ts'));
    expect([...chains.keys()].map(rel)).toContain(path.join('dev', 'store-sim', 'runner.ts'));
  });

  it('starts the simulator only through dynamic imports', () => {
    const main = fs.readFileSync(path.join(src, 'main.ts'), 'utf8');
    expect(main).toMatch(/config\.storeSim\s*\?\s*await \(await import\('\.\/dev\/store-sim\/in-app'\)\)/);
    const cli = fs.readFileSync(path.join(src, 'cli/main.ts'), 'utf8');
    expect(cli).toMatch(/await import\('\.\.\/dev\/store-sim\/cli'\)/);
  });
});
