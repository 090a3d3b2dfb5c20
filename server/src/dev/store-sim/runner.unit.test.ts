import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMaintenanceRequest } from '../../exchange/naxml/naxml';
import { parseNaxml } from '../../exchange/naxml/naxml-read';
import { fromSiteDir, toSiteDir } from '../../exchange/site-folders';
import { loadState, runStoreSimOnce } from './run';
import { seedStore, startStoreSim } from './runner';
import { item } from './test-support';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-store-runner-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const fromSite = (site: number) =>
  fs.existsSync(fromSiteDir(dir, site)) ? fs.readdirSync(fromSiteDir(dir, site)).sort() : [];

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('seedStore', () => {
  it('loads a store once, never over its own state; a baseline store exports only changes', async () => {
    const dept = { dept: 1, sub: 0, name: 'A', active: true, taxGroupId: null };
    expect(
      await seedStore(dir, 4, [item('4011'), item('4012', { deleted: true })], {
        departments: [dept],
        baseline: true,
      }),
    ).toBe(true);
    expect(await seedStore(dir, 4, [item('9999')])).toBe(false);
    const s = await loadState(dir, 4);
    expect(s.items.map((i) => [i.itemId, i.changed])).toEqual([['4011', false]]);
    expect(s.departments?.map((d) => d.merchandiseCode)).toEqual([100]);

    // Nothing changed since the baseline: no item file; after drift, an update with the changes only.
    const [r0] = await runStoreSimOnce({ sitesDir: dir, sites: [4] });
    expect(r0.exported).toBeNull();
    const [r1] = await runStoreSimOnce({ sitesDir: dir, sites: [4], drift: 2, seed: 3 });
    expect(r1.drift).toBe(2);
    const doc = parseNaxml(fs.readFileSync(path.join(fromSiteDir(dir, 4), r1.exported ?? ''), 'utf8'));
    expect(doc.items?.tableAction).toBe('update');
    expect(doc.items?.records.every((x) => x.changed)).toBe(true);

    // Without baseline, the first export is the full list.
    await seedStore(dir, 5, [item('4011')]);
    const [r2] = await runStoreSimOnce({ sitesDir: dir, sites: [5] });
    expect(r2.exportedRecords).toBe(1);
    expect(
      parseNaxml(fs.readFileSync(path.join(fromSiteDir(dir, 5), r2.exported ?? ''), 'utf8')).items
        ?.tableAction,
    ).toBe('initialize');
  });
});

describe('startStoreSim', () => {
  it('picks up files as they arrive, passes one at a time, and stops cleanly', async () => {
    const seen: number[] = [];
    const runner = startStoreSim({
      sitesDir: dir,
      sites: [2],
      intervalMs: 30,
      onResults: (r) => seen.push(r.length),
    });
    try {
      fs.mkdirSync(toSiteDir(dir, 2), { recursive: true });
      fs.writeFileSync(
        path.join(toSiteDir(dir, 2), 'ITT002a.xml'),
        buildMaintenanceRequest({ storeNo: 2, tableAction: 'update', items: [item('4011')] }),
      );
      await until(() => fromSite(2).some((f) => f.startsWith('ITT002')));
      expect(fromSite(2).filter((f) => f.startsWith('ACK002'))).toHaveLength(1);
      const [now] = await Promise.all([runner.runNow(), runner.runNow()]);
      expect(now).toHaveLength(1);
    } finally {
      await runner.stop();
    }
    const passes = seen.length;
    await new Promise((r) => setTimeout(r, 120));
    expect(seen.length).toBe(passes);
    expect(passes).toBeGreaterThan(1);
  });
});
