/**
 * Accept of an item new to the zone (a store's local item, `isNew`): the catalogue entry if the
 * item has none yet, then its rows at every store of the zone the way Add Item makes them
 * (`items/create-rows.ts`: one base row, own rows at shared stores, history), then the summary of
 * every zone holding those stores. The values are the incoming ones with the user's edits; the
 * department must exist in the zone (EX only for type X), like any edit.
 */
import { isDeptAllowedForType, itemKey, msg } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createSiteRows } from '../items/create-rows';
import type { SiteValues } from '../items/plan';
import { findDept } from '../lookups/validate';
import { refreshZoneSummary, zonesOfSites } from '../pricebook/summary';
import { zoneSiteIds } from '../pricebook/write';
import type { WriteScope } from '../pricebook/write-scope';
import type { Values } from './edits';
import type { RootRow } from './queries';

/** Every value of the new rows: incoming, edited, else the defaults of a new item. */
function newValues(r: RootRow, edited: Values): SiteValues {
  return {
    description: r.description,
    receiptDescription: r.receipt_description,
    invType: r.inv_type ?? 'I',
    dept: r.dept,
    sub: r.sub,
    unitList: r.unit_list ?? '0',
    unitCost: r.unit_cost ?? '0',
    taxGroupId: r.tax_group_id,
    redemptionId: r.redemption_id,
    active: r.active ?? true,
    minOnHand: r.min_on_hand,
    maxOnHand: r.max_on_hand,
    minPurchaseQty: r.min_purchase_qty,
    vendorId: r.vendor_id,
    sendToPos: true,
    ...edited,
  };
}

/** Creates the accepted new items at every store of the zone; returns the zones refreshed. */
export async function acceptNewItems(o: {
  ex: Executor;
  scope: WriteScope;
  user: string;
  zoneId: number;
  source: string;
  items: Array<{ root: RootRow; edited: Values }>;
}): Promise<{ siteRows: number; zones: number[] }> {
  const { ex } = o;
  if (o.items.length === 0) return { siteRows: 0, zones: [] };
  const adds = [];
  for (const [index, { root: r, edited }] of o.items.entries()) {
    const key = itemKey(r.item_id, r.pack_size);
    const values = newValues(r, edited);
    if (!values.description) throw new AppError('VALIDATION', `${key} Description: ${msg('REQUIRED')}`);
    const dept =
      values.dept === null ? null : await findDept(ex, o.zoneId, Number(values.dept), Number(values.sub));
    if (!dept || !isDeptAllowedForType({ ItemTypeName: dept.item_type_name }, String(values.invType))) {
      throw new AppError('VALIDATION', `${key} DeptSub: ${msg('MUST_BE_EXISTING_DEPT')}`);
    }
    adds.push({
      index,
      key: { itemId: r.item_id, packSize: r.pack_size },
      idplu: key,
      source: o.source,
      values,
    });
  }
  for (const { root: r } of o.items) {
    await ex.execute(sql`insert into items (item_id, pack_size, upc_code, upc_pack_size)
      values (${r.item_id}, ${r.pack_size}, ${r.upc_code}, ${r.upc_pack_size ?? 1}) on conflict do nothing`);
  }
  const zoneSites = await zoneSiteIds(ex, o.zoneId);
  await createSiteRows(ex, { user: o.user, zoneId: o.zoneId, adds, zoneSites });
  const zones = await zonesOfSites(ex, zoneSites);
  const unlocked = zones.filter((z) => !o.scope.zones.has(z));
  if (unlocked.length)
    throw new AppError('CONFLICT', `Zones ${unlocked.join(', ')} changed during the write. Try again.`);
  await refreshZoneSummary(ex, { zoneIds: zones, items: adds.map((a) => a.key) });
  return { siteRows: adds.length * zoneSites.length, zones };
}
