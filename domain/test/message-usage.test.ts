/**
 * Every message code that server/ or web/ uses must exist in the catalogue.
 * Reads the source files (node:fs is fine here: this test runs in Node only).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isMessageCode } from '../src/messages';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = ['server/src', 'web/src'];

/** The patterns that name a message code: msg('X', msg("X", MESSAGES.X, MESSAGES['X'], code: 'X'. */
const PATTERNS = [
  /\bmsg\(\s*['"`]([A-Z][A-Z0-9_]*)['"`]/g,
  /\bMESSAGES\.([A-Z][A-Z0-9_]*)\b/g,
  /\bMESSAGES\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g,
  /\bcode:\s*['"`]([A-Z][A-Z0-9_]*)['"`]/g,
];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Code uses in a text, as [code, line number]. */
export function codesIn(text: string): [string, number][] {
  const found: [string, number][] = [];
  for (const pattern of PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      found.push([m[1], text.slice(0, m.index).split('\n').length]);
    }
  }
  return found;
}

describe('message codes used in server/ and web/', () => {
  it('finds codes in every pattern it claims to read', () => {
    const sample = [
      "toast(msg('ITEMS_SAVED', { n }));",
      'toast(msg("NO_ZONES_FOUND"));',
      'const t = MESSAGES.REQUIRED;',
      "const u = MESSAGES['INVALID_DATE'];",
      "throw new AppError({ code: 'NOT_A_CODE' });",
    ].join('\n');
    expect(codesIn(sample)).toEqual([
      ['ITEMS_SAVED', 1],
      ['NO_ZONES_FOUND', 2],
      ['REQUIRED', 3],
      ['INVALID_DATE', 4],
      ['NOT_A_CODE', 5],
    ]);
    expect(isMessageCode('NOT_A_CODE')).toBe(false);
  });

  it('all exist in the catalogue (passes when the folders are empty or absent)', () => {
    const missing: string[] = [];
    for (const folder of FOLDERS) {
      for (const file of sourceFiles(path.join(root, folder))) {
        for (const [code, line] of codesIn(fs.readFileSync(file, 'utf8'))) {
          if (!isMessageCode(code)) missing.push(`${path.relative(root, file)}:${line} ${code}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
