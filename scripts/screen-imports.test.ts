import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A screen (web/src/features/X) may import the shared parts of the page (web/src/shared,
 * web/src/components, web/src/i18n, @cpb/domain, packages) but never another screen's folder
 * (web/src/features/Y): what two screens share lives in web/src/shared. The page's route table
 * (web/src/app) is no screen and loads every screen.
 */
const root = path.resolve(new URL('..', import.meta.url).pathname);
const features = path.join(root, 'web/src/features');

/** The relative module paths a source file names: static and dynamic imports, re-exports, vi.mock. */
function importedPaths(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g,
    /import\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /import\s+['"]([^'"]+)['"]/g,
    /vi\.mock\(\s*['"]([^'"]+)['"]/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push(m[1]);
  return found.filter((p) => p.startsWith('.'));
}

/** The screen folder a file of web/src/features lies in ('item-edit'), or null outside it. */
function screenOf(file: string): string | null {
  const rel = path.relative(features, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0] ?? null;
}

/** Imports of one file that reach another screen's folder, as "file -> import". */
function crossScreenImports(file: string, source: string): string[] {
  const own = screenOf(file);
  if (!own) return [];
  return importedPaths(source)
    .filter((spec) => {
      const target = screenOf(path.resolve(path.dirname(file), spec));
      return target !== null && target !== own;
    })
    .map((spec) => `${path.relative(root, file)} -> ${spec}`);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

describe('screens import no other screen', () => {
  it('finds an import of another screen, and none of the own screen or shared parts', () => {
    const file = path.join(features, 'outside-updates/dialogs/X.tsx');
    const src = [
      "import { a } from '../../item-adjustment/api';",
      "import type { B } from '../model/types';",
      "import { c } from '../../../shared/api';",
      "const L = lazy(() => import('../../item-edit/ItemEditPage'));",
      "vi.mock('../../add-item/x', () => ({}));",
      "export { d } from '../../home/apps';",
    ].join('\n');
    expect(crossScreenImports(file, src)).toEqual([
      'web/src/features/outside-updates/dialogs/X.tsx -> ../../item-adjustment/api',
      'web/src/features/outside-updates/dialogs/X.tsx -> ../../home/apps',
      'web/src/features/outside-updates/dialogs/X.tsx -> ../../item-edit/ItemEditPage',
      'web/src/features/outside-updates/dialogs/X.tsx -> ../../add-item/x',
    ]);
    expect(crossScreenImports(path.join(root, 'web/src/app/screenModules.ts'), src)).toEqual([]);
  });

  it('holds for every file of web/src/features', () => {
    const offences = sourceFiles(features).flatMap((f) => crossScreenImports(f, fs.readFileSync(f, 'utf8')));
    expect(offences).toEqual([]);
  });

  it('the shared parts (web/src/shared, web/src/components) import no screen', () => {
    const shared = ['web/src/shared', 'web/src/components'].flatMap((d) => sourceFiles(path.join(root, d)));
    const offences = shared.flatMap((f) =>
      importedPaths(fs.readFileSync(f, 'utf8'))
        .filter((spec) => screenOf(path.resolve(path.dirname(f), spec)) !== null)
        .map((spec) => `${path.relative(root, f)} -> ${spec}`),
    );
    expect(offences).toEqual([]);
  });
});
