import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALLOWED_PROGRAMS, programsInCommand, programsStarted } from './programs';

const root = new URL('../', import.meta.url);
const SKIP = new Set(['node_modules', 'dist', '.git', '.data-test', 'test-results', 'data', 'screenshots']);
/** The project's files (relative paths), without dependencies, builds and test output. */
function walk(dir: string): string[] {
  return fs.readdirSync(new URL(dir || '.', root), { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name) || e.name.startsWith('.data')) return [];
    const rel = dir ? `${dir}/${e.name}` : e.name;
    return e.isDirectory() ? walk(rel) : [rel];
  });
}
const files = walk('');
const tracked = files.filter((f) => /\.(ts|tsx|mjs|cjs|js)$/.test(f));
const read = (f: string) => fs.readFileSync(new URL(f, root), 'utf8');

describe('programs started by the project', () => {
  it('finds a program given as a literal, and ignores a regular expression exec', () => {
    const src = `import { execFileSync } from 'node:child_process';\nconst m = /a/.exec(s);\nexecFileSync('lynx', ['-dump']);\nspawn(process.execPath, []);`;
    expect(programsStarted(src)).toEqual([
      { line: 3, program: 'lynx' },
      { line: 4, program: 'node' },
    ]);
    expect(programsStarted(`const m = /a/.exec(s);`)).toEqual([]);
    expect(programsInCommand('rm -rf x && DATA_DIR=y npm run start -w server | tee log')).toEqual([
      'rm',
      'npm',
      'tee',
    ]);
  });

  it('no test or script starts a program that .ci/run does not install', () => {
    const stray = tracked.flatMap((f) =>
      programsStarted(read(f))
        .filter((u) => !ALLOWED_PROGRAMS.has(u.program))
        .map((u) => `${f}:${u.line} starts ${u.program}`),
    );
    expect(stray).toEqual([]);
  });

  it('no Playwright web server or npm script starts such a program', () => {
    const commands: { where: string; command: string }[] = [];
    for (const f of tracked.filter((x) => /playwright\.config\.ts$/.test(x))) {
      for (const m of read(f).matchAll(/command:\s*`([^`]*)`|command:\s*'([^']*)'/g))
        commands.push({ where: f, command: (m[1] ?? m[2]).replace(/\$\{[^}]*\}/g, 'X') });
    }
    const manifests = files.filter((f) => f.endsWith('package.json'));
    for (const f of manifests) {
      const scripts: Record<string, string> = JSON.parse(read(f)).scripts ?? {};
      for (const [name, command] of Object.entries(scripts))
        commands.push({ where: `${f} ${name}`, command });
    }
    const known = new Set([
      ...ALLOWED_PROGRAMS,
      'vite',
      'vitest',
      'biome',
      'tsc',
      'playwright',
      'bash',
      'cd',
      'autocannon',
      'drizzle-kit',
    ]);
    const stray = commands.flatMap(({ where, command }) =>
      programsInCommand(command)
        .filter((p) => !known.has(p))
        .map((p) => `${where}: ${p}`),
    );
    expect(stray).toEqual([]);
  });
});
