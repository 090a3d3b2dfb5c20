/**
 * The page declares no answer shape of its own (issue 20): a web file may not declare an interface
 * or type named like one of the domain's API types (domain/src/api: answers and requests of the
 * contracts), nor call `api<{ ... }>` with an inline answer type. It imports the domain's type, or
 * calls through the typed client (web/src/shared/api/call.ts). KNOWN lists the files still to be
 * converted; it may only shrink (a listed file that no longer offends fails too, so it is removed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

/** Every type the domain's API modules export (`export type X`, `export const X = z.`). */
function domainApiTypes(): Set<string> {
  const names = new Set<string>();
  for (const f of files(path.join(root, 'domain/src/api'))) {
    const text = fs.readFileSync(f, 'utf8');
    for (const m of text.matchAll(/^export type (\w+)/gm)) names.add(m[1]);
    for (const m of text.matchAll(/^export interface (\w+)/gm)) names.add(m[1]);
  }
  return names;
}

/** Files that still declare answer shapes by hand (to convert to the typed client and domain types). */
const KNOWN = new Set<string>([]);

/** A raw fetch by hand-built path; only the typed client in web/src/shared/api may make one. */
const UNTYPED_CALL = /\b(api|apiBlob)\s*(?:<[^>]*>)?\s*\(/g;

function offences(): Map<string, string[]> {
  const domain = domainApiTypes();
  const found = new Map<string, string[]>();
  for (const f of files(path.join(root, 'web/src'))) {
    const rel = path.relative(root, f).replaceAll(path.sep, '/');
    const text = fs.readFileSync(f, 'utf8');
    const bad: string[] = [];
    for (const m of text.matchAll(/^(?:export\s+)?(?:interface\s+(\w+)|type\s+(\w+)\s*(?:<[^=]*>)?\s*=)/gm)) {
      const name = m[1] ?? m[2];
      if (domain.has(name)) bad.push(`declares ${name} (import it from @cpb/domain)`);
    }
    for (const m of text.matchAll(/\bapi<\s*\{/g)) bad.push(`api<{ ... }> at offset ${m.index}`);
    if (!rel.startsWith('web/src/shared/api/')) {
      for (const m of text.matchAll(UNTYPED_CALL))
        bad.push(`${m[1]}() at offset ${m.index} (use call(contract))`);
    }
    if (bad.length) found.set(rel, bad);
  }
  return found;
}

describe('web answer types', () => {
  it('no web file declares a server answer shape of its own (outside the files still listed)', () => {
    const found = offences();
    const unexpected = [...found].filter(([f]) => !KNOWN.has(f));
    expect(unexpected).toEqual([]);
  });

  it('the raw-call pattern catches a hand-built call and leaves call(contract) alone', () => {
    const sample = "await api<ItemAnswer>(`/x/` + id); apiBlob('/r'); call(itemCalls.get, {});";
    expect([...sample.matchAll(UNTYPED_CALL)].map((m) => m[1])).toEqual(['api', 'apiBlob']);
  });

  it('every file still listed still offends (remove it from KNOWN once converted)', () => {
    const found = offences();
    expect([...KNOWN].filter((f) => !found.has(f))).toEqual([]);
  });
});
