/**
 * The PDF pool's fair share (pdf-pool.ts): one running layout per user, the waiting user served
 * least recently goes next, and a user with PDF_QUEUE_PER_USER reports is refused (429).
 * One worker here, so the order of the answers is the order the pool took the reports.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildUser, buildZone } from '../../../test/support/factories';
import { pdfJobsOf } from './pdf-pool';

let tdb: TestDatabase;
let app: FastifyInstance;
let ann: string;
let bob: string;
let zoneId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  zoneId = (await buildZone(tdb.db, { zoneNo: 1, name: 'North' })).id;
  await buildUser(tdb.db, { userName: 'ann', password: 'ann-pw', zoneIds: [zoneId] });
  await buildUser(tdb.db, { userName: 'bob', password: 'bob-pw', zoneIds: [zoneId] });
  app = await makeApp(tdb.db, { pdfWorkers: 1, pdfQueuePerUser: 2 });
  ann = await signIn(app, 'ann', 'ann-pw');
  bob = await signIn(app, 'bob', 'bob-pw');
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const columns = [
  { field: 'i', header: 'ID/PLU' },
  { field: 'd', header: 'Description' },
  { field: 'n', header: 'New Unit List', numeric: true },
];
const rowsOf = (n: number) =>
  Array.from({ length: n }, (_, k) => ({
    i: String(4_900_000_000 + k).padStart(11, '0'),
    d: `ITEM ${k}`,
    n: '1.99',
  }));

const preview = (user: 'ann' | 'bob', rows: number) =>
  app.inject({
    method: 'POST',
    url: `/hbsreport/preview/${user}/${zoneId}/1/North/batchpricepreview`,
    headers: { cookie: user === 'ann' ? ann : bob },
    payload: { columns, entities: rowsOf(rows) },
  });

async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

describe('PDF queue: a fair share per user', () => {
  it("another user's small report is laid out before the second of one user's big reports; a third is 429", async () => {
    const done: string[] = [];
    const track = (name: string, p: ReturnType<typeof preview>) =>
      p.then((res) => {
        done.push(name);
        return res;
      });
    const a1 = track('ann 1', preview('ann', 8000));
    await until(() => pdfJobsOf('ann') === 1);
    const a2 = track('ann 2', preview('ann', 8000));
    await until(() => pdfJobsOf('ann') === 2);

    const a3 = await preview('ann', 10);
    expect(a3.statusCode).toBe(429);
    expect(a3.json().ErrorMessage).toBe(
      'You already have 2 report(s) being prepared. Wait for one to finish, then ask again.',
    );

    const b1 = track('bob 1', preview('bob', 10));
    const answers = await Promise.all([a1, a2, b1]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // ann's first was running when bob asked; bob's went next, then ann's second.
    expect(done).toEqual(['ann 1', 'bob 1', 'ann 2']);
    expect(pdfJobsOf('ann')).toBe(0);

    // Once her reports are done, ann may ask again.
    expect((await preview('ann', 10)).statusCode).toBe(200);
  });
});
