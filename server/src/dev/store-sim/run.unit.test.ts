import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveExclusive, writeExclusive, writeStampedExclusive } from '../../exchange/exclusive-write';
import { buildMaintenanceRequest } from '../../exchange/naxml/naxml';
import { parseAck } from '../../exchange/naxml/store-files';
import { fromSiteDir, siteFolder, toSiteDir } from '../../exchange/site-folders';
import { describe as describeResult, parseStoreSimArgs } from './cli';
import { listSites, loadState, runStoreSimOnce, STATE_FILE, saveState } from './run';
import { item } from './test-support';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-store-run-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const put = (site: number, name: string, xml: string) => {
  fs.mkdirSync(toSiteDir(dir, site), { recursive: true });
  fs.writeFileSync(path.join(toSiteDir(dir, site), name), xml);
};
const ls = (d: string) => (fs.existsSync(d) ? fs.readdirSync(d).sort() : []);
const now = () => new Date('2026-11-23T12:00:00Z');

describe('exclusive writes', () => {
  it('never overwrites: same-second names move on, taken names fail, moves get a suffix', async () => {
    const at = new Date('2026-11-23T12:00:00Z');
    const names = await Promise.all(
      [1, 2, 3].map((k) => writeStampedExclusive(dir, 'ACK001', '.xml', `c${k}`, at)),
    );
    expect(names.map((n) => path.basename(n)).sort()).toEqual([
      'ACK00120261123120000.xml',
      'ACK00120261123120001.xml',
      'ACK00120261123120002.xml',
    ]);
    expect(names.map((n) => fs.readFileSync(n, 'utf8')).sort()).toEqual(['c1', 'c2', 'c3']);
    await expect(writeExclusive(dir, 'ACK00120261123120000.xml', 'x')).rejects.toThrow(/^EEXIST/);
    fs.writeFileSync(path.join(dir, 'a.xml'), '1');
    fs.mkdirSync(path.join(dir, 'p'));
    fs.writeFileSync(path.join(dir, 'p', 'a.xml'), '0');
    expect(path.basename(await moveExclusive(path.join(dir, 'a.xml'), path.join(dir, 'p')))).toBe('a.xml.2');
    // No temporary files left behind.
    expect(ls(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });
});

describe('runStoreSimOnce', () => {
  it('rejects an unreadable file with an ack naming the line, and the other sites still run', async () => {
    put(
      1,
      'ITT001a.xml',
      '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e "x">]>\n<NAXML-MaintenanceRequest/>',
    );
    put(
      1,
      'ITT001b.xml',
      buildMaintenanceRequest({ storeNo: 1, tableAction: 'update', items: [item('4011')] }),
    );
    put(
      2,
      'ITT002a.xml',
      buildMaintenanceRequest({ storeNo: 2, tableAction: 'update', items: [item('4012')] }),
    );
    fs.mkdirSync(siteFolder(dir, 3));
    fs.writeFileSync(path.join(siteFolder(dir, 3), STATE_FILE), '{not json');
    fs.mkdirSync(path.join(dir, 'notes'));
    fs.mkdirSync(path.join(dir, '01'));
    fs.writeFileSync(path.join(dir, '004'), 'a file, not a site folder');

    expect(await listSites(dir)).toEqual([1, 2, 3]);
    const results = await runStoreSimOnce({ sitesDir: dir, now });
    expect(results.map((r) => [r.siteNo, r.files.map((f) => f.status), r.exported !== null])).toEqual([
      [1, ['rejected', 'applied'], true],
      [2, ['applied'], true],
      [3, [], false],
    ]);
    expect(results[2].error).toMatch(/store-sim\.json: not valid JSON/);
    expect(describeResult(results[2])[0]).toMatch(/^Site 003: error: /);
    expect(ls(path.join(toSiteDir(dir, 1), 'rejected'))).toEqual(['ITT001a.xml']);
    expect(ls(path.join(toSiteDir(dir, 1), 'processed'))).toEqual(['ITT001b.xml']);
    const rejectedAck = results[0].files[0].ackFile ?? '';
    const ack = parseAck(fs.readFileSync(path.join(fromSiteDir(dir, 1), rejectedAck), 'utf8'));
    expect(ack).toMatchObject({ status: 'rejected', file: 'ITT001a.xml', applied: 0 });
    expect(ack.error).toBe('ITT001a.xml: line 2: DOCTYPE declarations are not accepted');
    expect((await loadState(dir, 1)).items.map((i) => i.itemId)).toEqual(['4011']);
  });

  it('resumes after a crash: an applied file is moved, not applied again, and a pending ack is written', async () => {
    const xml = buildMaintenanceRequest({ storeNo: 5, tableAction: 'update', items: [item('4011')] });
    put(5, 'ITT005a.xml', xml);
    await runStoreSimOnce({ sitesDir: dir, sites: [5], now });
    const acks = ls(fromSiteDir(dir, 5)).filter((f) => f.startsWith('ACK'));
    expect(acks).toHaveLength(1);

    // Simulate a kill after the state was saved but before the ack was written and the file moved.
    fs.renameSync(
      path.join(toSiteDir(dir, 5), 'processed', 'ITT005a.xml'),
      path.join(toSiteDir(dir, 5), 'ITT005a.xml'),
    );
    fs.rmSync(path.join(fromSiteDir(dir, 5), acks[0]));
    const state = await loadState(dir, 5);
    state.applied[0] = { ...state.applied[0], ackFile: null, pendingAck: '<NAXML-MaintenanceAck/>' };
    state.items[0].description = 'CHANGED LOCALLY';
    await saveState(dir, state);

    const [r] = await runStoreSimOnce({ sitesDir: dir, sites: [5], now });
    expect(r.files.map((f) => f.status)).toEqual(['already applied']);
    expect(ls(toSiteDir(dir, 5)).filter((f) => f.endsWith('.xml'))).toEqual([]);
    expect(ls(fromSiteDir(dir, 5)).filter((f) => f.startsWith('ACK'))).toHaveLength(1);
    const after = await loadState(dir, 5);
    // Not applied again: the local description stays.
    expect(after.items[0].description).toBe('CHANGED LOCALLY');
    expect(after.applied[0].pendingAck).toBeNull();
  });

  it('creates the folders of listed sites and fails clearly on a missing sites folder', async () => {
    const [r] = await runStoreSimOnce({ sitesDir: dir, sites: [9], now });
    // An empty store (never loaded) exports nothing: an empty full list would read as "no items".
    expect(r).toMatchObject({ siteNo: 9, files: [], exported: null, error: null });
    expect(fs.existsSync(toSiteDir(dir, 9))).toBe(true);
    await expect(runStoreSimOnce({ sitesDir: path.join(dir, 'nope'), now })).rejects.toThrow(
      `The sites folder ${path.join(dir, 'nope')} does not exist`,
    );
  });

  it('parses its options', () => {
    expect(parseStoreSimArgs(['--sites', '3,1,3', '--drift', '5', '--seed', '0', '--watch'], dir)).toEqual({
      sitesDir: dir,
      sites: [1, 3],
      drift: 5,
      seed: 0,
      full: false,
      invoices: undefined,
      vendorsFile: path.join(dir, 'store-sim-vendors.json'),
      watch: true,
      intervalSeconds: 5,
    });
    expect(parseStoreSimArgs(['--invoices', '2', '--vendors', 'v.json'], dir)).toMatchObject({
      invoices: 2,
      vendorsFile: path.join(dir, 'v.json'),
    });
    expect(() => parseStoreSimArgs(['--drift', '-1'], dir)).toThrow('--drift must be a whole number');
    expect(() => parseStoreSimArgs(['--once', '--watch'], dir)).toThrow('not both');
    expect(() => parseStoreSimArgs(['--sites', '../1'], dir)).toThrow('--sites takes');
  });
});
