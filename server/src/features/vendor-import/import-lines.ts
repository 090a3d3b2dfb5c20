/**
 * Writes one vendor file's lines for one setup into the inbox (outside-updates/inbox.ts), in the
 * caller's transaction (docs/vendor-import.md):
 * - an item the zone carries: its new unit cost (cost bit when it differs from the zone's) and the
 *   vendor's suggested retail as the incoming price (price bit when it differs); unchanged: nothing;
 * - an item the zone does not carry, with a description: a new item (UPC, description cut to 35,
 *   the setup's vendor, cost, suggested retail); its department is left for the user to fill before
 *   Accept (Accept refuses it without one);
 * - an item the zone does not carry and the file does not describe: reported, not written;
 * - beside the incoming values, the vendor's suggested retail (vendor_list) and the list price that
 *   keeps the item's current margin at the new cost (margin_list), and the vendor item number;
 * - the vendor item number is also kept as the item's number at that vendor (item_vendor_numbers).
 */
import { CHANGE_FLD, toMinor } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray, pgArrayInTurns } from '../../db/arrays';
import type { Tx } from '../../db/client';
import { rows } from '../../db/client';
import { eachInTurns, eachPageInTurns, LoopTurns } from '../../lib/loop-turns';
import { type IncomingItem, receive } from '../outside-updates/inbox';
import type { ArrivalResult } from '../outside-updates/rules/run';
import type { VendorLine } from './lines';
import { listAtCurrentMargin } from './suggested-retail';

export const VENDOR_IMPORT_SOURCE = 'Vendor Import';

/** The fields a vendor file carries into an outside update. */
export const VENDOR_FIELDS = ['description', 'unitCost', 'unitList', 'vendorId'] as const;
type VendorField = (typeof VENDOR_FIELDS)[number];

export interface SetupTarget {
  zoneId: number;
  vendorId: string;
}

export interface LinesWritten {
  changed: number;
  added: number;
  unchanged: number;
  reports: string[];
  auto: ArrivalResult;
}

interface ZoneRow {
  item_id: string;
  unit_list: string;
  unit_cost: string;
}

/** Item IDs per statement when reading the zone's rows of a file's items. */
const ZONE_ROWS_PAGE = 2_000;

const same = (a: string, b: string, scale: number) => toMinor(a, scale) === toMinor(b, scale);

export async function importLines(
  tx: Tx,
  setup: SetupTarget,
  lines: readonly VendorLine[],
  place: (l: VendorLine) => string,
): Promise<LinesWritten> {
  // The last line of an item wins (a file may repeat one).
  const byId = new Map(lines.map((l) => [l.itemId, l]));
  // The zone's rows of the file's items, a page of IDs a statement with a turn between (one read of
  // 25,000 rows was turned into objects by the driver in one go, issue 27).
  const turns = new LoopTurns();
  const zone = new Map<string, ZoneRow>();
  await eachPageInTurns(
    [...byId.keys()],
    ZONE_ROWS_PAGE,
    async (ids) => {
      const known = await rows<ZoneRow>(
        tx,
        sql`select item_id, unit_list::text as unit_list, unit_cost::text as unit_cost from zone_items
          where zone_id = ${setup.zoneId} and pack_size = 1 and item_id = any(${pgArray(ids, 'text')})`,
      );
      for (const k of known) zone.set(k.item_id, k);
    },
    turns,
  );
  const items: IncomingItem<VendorField>[] = [];
  const extra: Array<{
    itemId: string;
    vendorList: string | null;
    marginList: string | null;
    vendorItem: string | null;
  }> = [];
  const reports: string[] = [];
  let unchanged = 0;
  let added = 0;
  // 50,000 lines and more: the event loop gets a turn every few milliseconds.
  await eachInTurns(byId.values(), (l) => {
    const z = zone.get(l.itemId);
    if (!z) {
      if (!l.description) {
        reports.push(`${place(l)}: unknown UPC ${l.itemId} (not in the zone, no description to add it)`);
        return;
      }
      added++;
      items.push({
        itemId: l.itemId,
        packSize: 1,
        values: {
          description: l.description,
          unitCost: l.unitCost,
          unitList: l.retail,
          vendorId: setup.vendorId,
        },
        flds:
          CHANGE_FLD.description | CHANGE_FLD.cost | CHANGE_FLD.vendor | (l.retail ? CHANGE_FLD.price : 0),
        upcCode: l.itemId,
      });
      extra.push({ itemId: l.itemId, vendorList: l.retail, marginList: null, vendorItem: l.vendorItem });
      return;
    }
    const costChanged = !same(l.unitCost, z.unit_cost, 4);
    const priceChanged = l.retail !== null && !same(l.retail, z.unit_list, 2);
    if (!costChanged && !priceChanged) {
      unchanged++;
      return;
    }
    items.push({
      itemId: l.itemId,
      packSize: 1,
      values: {
        description: null,
        unitCost: costChanged ? l.unitCost : null,
        unitList: priceChanged ? l.retail : null,
        vendorId: null,
      },
      flds: (costChanged ? CHANGE_FLD.cost : 0) | (priceChanged ? CHANGE_FLD.price : 0),
    });
    extra.push({
      itemId: l.itemId,
      vendorList: l.retail,
      marginList: costChanged
        ? listAtCurrentMargin({ list: z.unit_list, cost: z.unit_cost, newCost: l.unitCost })
        : null,
      vendorItem: l.vendorItem,
    });
  });
  const received = await receive(tx, {
    source: VENDOR_IMPORT_SOURCE,
    fields: VENDOR_FIELDS,
    to: { zoneId: setup.zoneId },
    keepsOnNull: true,
    items,
  });
  if (extra.length) {
    await tx.execute(sql`update outside_updates o set vendor_list = e.vendor_list, margin_list = e.margin_list,
        vendor_item = coalesce(e.vendor_item, o.vendor_item)
      from unnest(${await pgArrayInTurns(
        extra.map((e) => e.itemId),
        'text',
        turns,
      )}, ${await pgArrayInTurns(
        extra.map((e) => e.vendorList),
        'numeric',
        turns,
      )}, ${await pgArrayInTurns(
        extra.map((e) => e.marginList),
        'numeric',
        turns,
      )}, ${await pgArrayInTurns(
        extra.map((e) => e.vendorItem),
        'text',
        turns,
      )}) as e(item_id, vendor_list, margin_list, vendor_item)
      where o.zone_id = ${setup.zoneId} and o.item_id = e.item_id and o.pack_size = 1`);
  }
  const numbered = [...byId.values()].filter((l) => l.vendorItem);
  if (numbered.length) {
    await tx.execute(sql`insert into item_vendor_numbers (item_id, pack_size, vendor_id, vendor_item)
      select i, 1, ${setup.vendorId}, v from unnest(${await pgArrayInTurns(
        numbered.map((l) => l.itemId),
        'text',
        turns,
      )}, ${await pgArrayInTurns(
        numbered.map((l) => l.vendorItem),
        'text',
        turns,
      )}) as x(i, v)
      on conflict (item_id, pack_size, vendor_id) do update set vendor_item = excluded.vendor_item`);
  }
  return { changed: items.length - added, added, unchanged, reports, auto: received.auto };
}
