/**
 * cleanStaleTemps (exclusive-write.ts): at start, the temporary files of writes a crash cut short are
 * removed from the sites' exchange folders when older than 10 minutes; newer ones (a write under way
 * in another process) and every other file stay.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanStaleTemps } from './exclusive-write';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-clean-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const MINUTE = 60_000;
function put(rel: string, ageMs: number) {
  const p = path.join(root, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, 'x');
  const t = new Date(Date.now() - ageMs);
  fs.utimesSync(p, t, t);
  return rel;
}
const left = () =>
  (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((p) => fs.statSync(path.join(root, p)).isFile())
    .sort();

describe('cleanStaleTemps', () => {
  it('removes temporary files older than 10 minutes in every exchange folder; keeps newer ones and other files', async () => {
    const old = [
      put('001/to-site/.ITT00120261126010000.xml.0a1b2c3d.tmp', 11 * MINUTE),
      put('001/from-site/.ACK00120261126010000.xml.deadbeef.tmp', 60 * MINUTE),
      put('001/to-site/processed/.ITT001.xml.00000000.tmp', 11 * MINUTE),
      put('002/to-site/rejected/.x.xml.ffffffff.tmp', 24 * 60 * MINUTE),
      put('002/from-site/rejected/.ITT002.xml.12345678.tmp', 11 * MINUTE),
    ];
    const kept = [
      // A write under way elsewhere: 9 minutes old.
      put('001/to-site/.ITT00120261126020000.xml.abcdef01.tmp', 9 * MINUTE),
      put('001/from-site/.ACK001.xml.abcdef02.tmp', 0),
      // Not a temporary name of ours, however old.
      put('001/to-site/ITT00120261126010000.xml', 60 * MINUTE),
      put('001/from-site/.ITT001.xml.notahex1.tmp', 60 * MINUTE),
      put('001/from-site/ITT001.xml.0a1b2c3d.tmp', 60 * MINUTE),
      put('001/from-site/rejected/ITT00120261126010000.xml.reason.txt', 60 * MINUTE),
      // Not an exchange folder.
      put('001/other/.x.xml.0a1b2c3d.tmp', 60 * MINUTE),
    ];
    expect(await cleanStaleTemps(root)).toBe(old.length);
    expect(left()).toEqual([...kept].sort());
    // Again: nothing more to remove.
    expect(await cleanStaleTemps(root)).toBe(0);
  });

  it('answers 0 for a sites folder that does not exist', async () => {
    expect(await cleanStaleTemps(path.join(root, 'missing'))).toBe(0);
  });
});
