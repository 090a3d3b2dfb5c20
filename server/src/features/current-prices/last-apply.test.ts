/**
 * GET /currentPrices/{user}/lastApply/{zone} (beyond the spec): the user's last Apply in the zone
 * and which of its items Undo can still put back, so a reloaded page offers Undo. Fixture
 * (pricebook-fixture.ts): North = stores 11, 12, 13; COKE 1.79 at 11 and 12, 1.89 at 13; SPRITE
 * 1.79 at 11-13.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import { PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie } = await openPricebookSuite());
});
afterAll(() => closeSuite({ tdb, app, pb, cookie }));

const COKE = { ID: PB_ITEMS.COKE, PackSize: 1 };
const SPRITE = { ID: PB_ITEMS.SPRITE, PackSize: 1 };
const post = (url: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const last = (zone = pb.north.id, user = 'ann') =>
  app.inject({ method: 'GET', url: `/currentPrices/${user}/lastApply/${zone}`, headers: { cookie } });
const apply = (items: Array<Record<string, unknown>>) =>
  post('/currentPrices/ann/apply', { ZoneSetupID: pb.north.id, Items: items });

describe('GET /currentPrices/{user}/lastApply/{zone}', () => {
  it('answers nothing before any Apply', async () => {
    const res = await last();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toEqual({ AppliedAt: null, Items: [] });
  });

  it("gives the user's last Apply only, its items undoable; Undo of them empties it", async () => {
    const t0 = Date.now();
    const first = await apply([{ ...COKE, Price: '1.79' }]);
    expect(first.statusCode, first.body).toBe(200);
    const second = await apply([
      { ...COKE, Price: '1.89' },
      { ...SPRITE, Price: '1.99' },
    ]);
    expect(second.statusCode, second.body).toBe(200);

    const r = (await last()).json().RootResults;
    expect(r.Items).toEqual([
      { ...COKE, Price: '1.89', Undoable: true },
      { ...SPRITE, Price: '1.99', Undoable: true },
    ]);
    const at = Date.parse(r.AppliedAt);
    expect(r.AppliedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(at).toBeGreaterThanOrEqual(t0 - 5_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 5_000);

    // A reloaded page sends what the answer says; Undo takes it.
    const undone = await post('/currentPrices/ann/undo', {
      ZoneSetupID: pb.north.id,
      Items: r.Items.map((i: { ID: string; PackSize: number }) => ({ ID: i.ID, PackSize: i.PackSize })),
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await last()).json().RootResults).toEqual({ AppliedAt: null, Items: [] });
  });

  it('an item a store changed since is not undoable (and Undo refuses it with the same reason)', async () => {
    const applied = await apply([
      { ...COKE, Price: '2.19' },
      { ...SPRITE, Price: '2.29' },
    ]);
    expect(applied.statusCode, applied.body).toBe(200);
    const edit = await post('/adjust/ann/submitChange', {
      ZoneSetupID: pb.north.id,
      Item: { ...COKE, Description: 'COKE 20OZ BOTTLE' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await last()).json().RootResults.Items).toEqual([
      { ...COKE, Price: '2.19', Undoable: false },
      { ...SPRITE, Price: '2.29', Undoable: true },
    ]);
    const refused = await post('/currentPrices/ann/undo', { ZoneSetupID: pb.north.id, Items: [COKE] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ErrorMessage).toBe(
      'A store changed this item after the prices were applied; its Apply cannot be undone.',
    );
    const ok = await post('/currentPrices/ann/undo', { ZoneSetupID: pb.north.id, Items: [SPRITE] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await last()).json().RootResults.Items).toEqual([{ ...COKE, Price: '2.19', Undoable: false }]);
  });

  it("another user's later Apply is not the user's; another zone or user is refused", async () => {
    const mine = (await last()).json().RootResults;
    await tdb.db.execute(sql`insert into current_price_applies
      (zone_id, item_id, pack_size, user_name, price, before, update_key, applied_at)
      values (${pb.north.id}, ${PB_ITEMS.LAYS}, 1, 'bob', 0.89, '[]'::jsonb, 1, now() + interval '1 hour')`);
    expect((await last()).json().RootResults).toEqual(mine);
    expect((await last(pb.other.id)).statusCode).toBe(403);
    expect((await last(pb.north.id, 'bob')).statusCode).toBe(403);
    expect((await last(pb.south.id)).json().RootResults).toEqual({ AppliedAt: null, Items: [] });
  });
});
