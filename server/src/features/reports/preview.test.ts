import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildUser, buildZone } from '../../../test/support/factories';

let tdb: TestDatabase;
let app: FastifyInstance;
let cookie: string;
let zoneId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  zoneId = (await buildZone(tdb.db, { zoneNo: 1, name: 'North' })).id;
  await buildUser(tdb.db, { userName: 'ann', password: 'ann-pw', zoneIds: [zoneId] });
  app = await makeApp(tdb.db);
  cookie = await signIn(app, 'ann', 'ann-pw');
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

// Short field names keep 15,000 rows under the 1 MB body limit.
const columns = [
  { field: 'i', header: 'ID/PLU' },
  { field: 'd', header: 'Description' },
  { field: 'o', header: 'Old Unit List', numeric: true },
  { field: 'n', header: 'New Unit List', numeric: true },
];
const entities = Array.from({ length: 15_000 }, (_, k) => ({
  i: String(4_900_000_000 + k).padStart(11, '0'),
  d: `ITEM ${k}`,
  o: `${1 + (k % 9)}.79`,
  n: `${1 + (k % 9)}.99`,
}));

describe('batch preview PDF', () => {
  it('a 15,000-row preview does not block the event loop: /healthz answers quickly meanwhile', async () => {
    let done = false;
    const started = performance.now();
    const preview = app
      .inject({
        method: 'POST',
        url: `/hbsreport/preview/ann/${zoneId}/1/North/batchpricepreview`,
        headers: { cookie },
        payload: { title: 'Set Price Preview', columns, entities },
      })
      .finally(() => {
        done = true;
      });
    const healthTimes: number[] = [];
    while (!done) {
      const t = performance.now();
      const res = await app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(200);
      if (!done) healthTimes.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await preview;
    const previewMs = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Hundreds of pages: the rows are all there.
    expect(res.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0).toBeGreaterThan(200);
    // While the PDF was laid out, health checks kept answering, each well under a second.
    expect(healthTimes.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...healthTimes)).toBeLessThan(1000);
    expect(previewMs).toBeGreaterThan(Math.max(...healthTimes));
  });

  it('renders several previews at once, each complete', async () => {
    const small = (n: number) =>
      app.inject({
        method: 'POST',
        url: `/hbsreport/preview/ann/${zoneId}/1/North/batchcostpreview`,
        headers: { cookie },
        payload: { columns, entities: entities.slice(0, n) },
      });
    const answers = await Promise.all([small(10), small(300), small(0)]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(answers[2].rawPayload.toString('latin1')).toContain('%%EOF');
  });
});
