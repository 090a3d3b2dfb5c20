/** Negotiated cost headers of a zone (templates of the Set Negotiated Cost dialog), their items, and new ones. */
import { formatUsDate } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';

export async function listNegCostHeaders(ex: Executor, zoneId: number) {
  const found = await rows<{
    id: number;
    vendor_id: string;
    label: string;
    cost: string;
    eff: string;
    exp: string;
    version: number;
  }>(
    ex,
    sql`select id, vendor_id, label, cost::text, effective_date::text eff, expiration_date::text exp, version
      from negotiated_cost_headers where zone_id = ${zoneId} order by effective_date desc, label, id`,
  );
  return found.map(headerOut);
}

/** A header row as the calls answer it (spec §3 NegotiatedCostHeader). */
export function headerOut(h: {
  id: number;
  vendor_id: string;
  label: string;
  cost: string;
  eff: string;
  exp: string;
  version: number;
}) {
  return {
    NegCostID: h.id,
    VendorId: h.vendor_id,
    Label: h.label,
    Cost: h.cost,
    CostEffectiveDateTime: h.eff,
    CostExpirationDateTime: h.exp,
    CostEffectiveDateTimeDisplay: formatUsDate(h.eff),
    CostExpirationDateTimeDisplay: formatUsDate(h.exp),
    Text: `${h.label} (${h.vendor_id}, ${h.cost}, ${formatUsDate(h.eff)} - ${formatUsDate(h.exp)})`,
    Version: h.version,
  };
}

/** What the item grids show of an item: its key, UPC, description and type. */
export interface NegCostItemFacts {
  item_id: string;
  pack_size: number;
  upc_code: string | null;
  upc_pack_size: number | null;
  description: string | null;
  inv_type: string | null;
}

/** The items of the zone's headers, or of one header. */
export async function listNegCostItems(ex: Executor, zoneId: number, headerId?: number) {
  const found = await rows<NegCostItemFacts & { header_id: number }>(
    ex,
    sql`select n.header_id, n.item_id, n.pack_size, i.upc_code, i.upc_pack_size, zi.description, zi.inv_type
      from negotiated_cost_items n join negotiated_cost_headers h on h.id = n.header_id
      left join items i on i.item_id = n.item_id and i.pack_size = n.pack_size
      left join zone_items zi on zi.zone_id = h.zone_id and zi.item_id = n.item_id and zi.pack_size = n.pack_size
      where h.zone_id = ${zoneId} ${headerId === undefined ? sql`` : sql`and h.id = ${headerId}`}
      order by n.header_id, n.item_id, n.pack_size`,
  );
  return found.map((r) => ({
    NegCostID: r.header_id,
    ID: r.item_id,
    PackSize: r.pack_size,
    upc: r.upc_code,
    UpcPackSize: r.upc_pack_size,
    Description: r.description,
    InvType: r.inv_type,
  }));
}

/** A new negotiated cost header holding the items; returns its id. */
export async function insertNegCost(
  ex: Executor,
  h: {
    zoneId: number;
    vendor: string;
    label: string;
    cost: string;
    effective: string;
    expiration: string;
    items: { itemId: string; packSize: number }[];
  },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    ex,
    sql`insert into negotiated_cost_headers (zone_id, vendor_id, label, cost, effective_date, expiration_date)
      values (${h.zoneId}, ${h.vendor}, ${h.label}, ${h.cost}::numeric, ${h.effective}::date, ${h.expiration}::date) returning id`,
  );
  await ex.execute(sql`insert into negotiated_cost_items (header_id, item_id, pack_size)
    select ${row.id}, i, p from unnest(${pgArray(
      h.items.map((r) => r.itemId),
      'text',
    )}, ${pgArray(
      h.items.map((r) => r.packSize),
      'int',
    )}) as v(i, p)`);
  return row.id;
}
