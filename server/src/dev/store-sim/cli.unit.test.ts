import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStampedExclusive } from '../../exchange/exclusive-write';
import { buildMaintenanceRequest, type NaxmlItem } from '../../exchange/naxml/naxml';
import { parseNaxml } from '../../exchange/naxml/naxml-read';
import { parseAck } from '../../exchange/naxml/store-files';
import { fromSiteDir, toSiteDir } from '../../exchange/site-folders';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../../..');
const tsx = path.resolve(serverDir, '../node_modules/.bin/tsx');
let sitesDir: string;

/** Runs `npm run pricebook -- store-sim ...` as a user would (tsx src/cli/main.ts). */
async function cli(...args: string[]) {
  const env = { ...process.env, SITES_DIR: sitesDir, DATA_DIR: path.join(sitesDir, 'no-data') };
  try {
    const r = await run(tsx, ['src/cli/main.ts', 'store-sim', ...args], { cwd: serverDir, env });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout, err: x.stderr };
  }
}

const item = (itemId: string, o: Partial<NaxmlItem> = {}): NaxmlItem => ({
  itemId,
  packSize: 1,
  deleted: false,
  description: `ITEM ${itemId}`,
  receiptDescription: null,
  dept: 12,
  sub: 1,
  unitList: '2.49',
  active: true,
  taxGroupId: 1,
  invType: 'I',
  ...o,
});

const xmlFiles = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.xml'))
        .sort()
    : [];

beforeAll(() => {
  sitesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-store-sim-'));
});
afterAll(() => fs.rmSync(sitesDir, { recursive: true, force: true }));

describe('npm run pricebook -- store-sim', () => {
  it('applies the server’s maintenance files and writes acks and the item file', {
    timeout: 120_000,
  }, async () => {
    const sent = [
      item('01234567890'),
      item('4011', { unitList: '0.69', receiptDescription: 'BANANA', taxGroupId: null }),
      item('07777777777', { packSize: 6, unitList: '12.99', dept: 13, sub: 0 }),
    ];
    const at = new Date('2026-11-23T10:00:00Z');
    // Two files in the same second: the server's writer gives them distinct names in order.
    await writeStampedExclusive(
      toSiteDir(sitesDir, 7),
      'ITT007',
      '.xml',
      buildMaintenanceRequest({
        storeNo: 7,
        tableAction: 'initialize',
        items: sent,
        departments: [
          { dept: 12, sub: 1, name: 'SODA', active: true, taxGroupId: 1 },
          { dept: 13, sub: 0, name: 'BEER', active: true, taxGroupId: 1 },
        ],
      }),
      at,
    );
    await writeStampedExclusive(
      toSiteDir(sitesDir, 7),
      'ITT007',
      '.xml',
      buildMaintenanceRequest({
        storeNo: 7,
        tableAction: 'update',
        items: [
          item('01234567890', { unitList: '2.29' }),
          item('05555555555', { dept: 99, sub: 0 }),
          item('07777777777', { packSize: 6, deleted: true }),
        ],
      }),
      at,
    );
    const names = xmlFiles(toSiteDir(sitesDir, 7));
    expect(names).toEqual(['ITT00720261123100000.xml', 'ITT00720261123100001.xml']);

    const r = await cli('--sites', '7', '--once');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`Site 007: applied ${names[0]}: 5 of 5 record(s), 0 refused`);
    expect(r.out).toContain(`Site 007: applied ${names[1]}: 2 of 3 record(s), 1 refused`);
    expect(r.out).toMatch(/Site 007: wrote ITT007\d{14}\.xml \(2 record\(s\)\)/);

    // Consumed files moved to to-site/processed/.
    expect(xmlFiles(toSiteDir(sitesDir, 7))).toEqual([]);
    expect(xmlFiles(path.join(toSiteDir(sitesDir, 7), 'processed'))).toEqual(names);

    const out = xmlFiles(fromSiteDir(sitesDir, 7));
    const acks = out.filter((f) => f.startsWith('ACK007'));
    const itt = out.filter((f) => f.startsWith('ITT007'));
    expect(acks).toHaveLength(2);
    expect(itt).toHaveLength(1);
    const read = (f: string) => fs.readFileSync(path.join(fromSiteDir(sitesDir, 7), f), 'utf8');
    const [a1, a2] = acks.map((f) => parseAck(read(f)));
    expect(a1).toMatchObject({
      storeNo: 7,
      file: names[0],
      status: 'applied',
      records: 5,
      applied: 5,
      refused: [],
    });
    expect(a2).toMatchObject({ file: names[1], status: 'applied', records: 3, applied: 2 });
    expect(a2.refused).toEqual([
      {
        table: 'ITT',
        action: 'addchange',
        itemId: '05555555555',
        packSize: 1,
        posCode: '055555555550',
        merchandiseCode: 9900,
        reason: 'department 9900 is not set up at the register',
      },
    ]);

    // The item file: the full list on the first export, equal to what was sent and applied.
    const doc = parseNaxml(read(itt[0]));
    expect(doc.storeNo).toBe(7);
    expect(doc.items?.tableAction).toBe('initialize');
    expect(doc.items?.records.map((x) => x.item)).toEqual([{ ...sent[0], unitList: '2.29' }, sent[1]]);
    expect(doc.items?.records.every((x) => x.changed === true)).toBe(true);

    // Drift: local changes come back as an `update` with every record flagged as changed.
    const d = await cli('--drift', '3', '--seed', '11');
    expect(d.code, d.err).toBe(0);
    expect(d.out).toContain('Site 007: 3 local change(s)');
    const newer = xmlFiles(fromSiteDir(sitesDir, 7)).filter((f) => !out.includes(f));
    expect(newer).toHaveLength(1);
    const upd = parseNaxml(read(newer[0]));
    expect(upd.items?.tableAction).toBe('update');
    expect(upd.items?.records.length).toBeGreaterThan(0);
    expect(upd.items?.records.every((x) => x.changed === true)).toBe(true);
  });

  it('refuses bad options', { timeout: 60_000 }, async () => {
    const bad = await cli('--sites', '7,x');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--sites takes site numbers');
  });
});
