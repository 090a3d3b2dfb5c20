/**
 * The other direction of the shared-store case (issue 26): a whole-zone Set Price of `size` items
 * in the second zone, whose stores (10 of zone 1's) all have zone 1 as their base zone. Each takes
 * the values through own rows (made on +0.10, folded away again on -0.10: runs come in pairs and
 * leave the prices as they were), and zone 1's summary is refreshed. There is no floor of its own:
 * the row's ratio is to the zone-1 write alone (the shared-store case's first row), since a zone
 * whose stores read its base rows writes one base row per item whatever its number of stores.
 */
import type { Item } from './api';
import type { Ctx, Row } from './cases';
import { expectPrices, pageOf, plus, setPrice, zoneSites } from './coverage';
import { dropSecondZone, makeSecondZone, SHARED } from './shared';
import { type Summary, summarize } from './stats';

export async function secondZoneWriteCase(c: Ctx, size: number, runs: number, alone: Summary): Promise<Row> {
  const items: Item[] = await pageOf(c, 5, size);
  if (items.length < size) throw new Error(`need ${size * 5} items for the second-zone case`);
  const stores = (await zoneSites(c.db, c.zoneId)).slice(0, SHARED);
  const before = new Map(items.map((x) => [x.ID, x.UnitList]));
  const ms: number[] = [];
  const second = await makeSecondZone(c, stores);
  try {
    for (let r = 0; r < runs + (runs % 2); r++) {
      const up = r % 2 === 0;
      ms.push(await setPrice({ ...c, zoneId: second }, items, up ? '0.10' : '-0.10'));
      await expectPrices(c.db, stores, new Map([...before].map(([id, p]) => [id, up ? plus(p, 10n) : p])));
    }
  } finally {
    await dropSecondZone(c.db);
  }
  const api = summarize(ms);
  const turns = ms.map((t, r) => `${r % 2 === 0 ? '+' : '-'}${t.toFixed(0)}`).join(' ');
  console.log(
    `second zone written: ${api.median} ms (runs, + makes own rows, - folds them: ${turns}), zone 1 alone ${alone.median} ms`,
  );
  return {
    operation: `whole second zone (${SHARED} stores whose base zone is zone 1): ${size} items +/-0.10 (${(api.median / alone.median).toFixed(2)}x the zone-1 write alone; no floor of its own)`,
    api,
    newFloor: null,
    oldFloor: null,
  };
}
