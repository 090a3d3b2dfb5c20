/** A store's item list as the store simulator would export it: the site's live rows, none flagged changed. */
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../src/db/client';
import type { StoreFileItem } from '../../src/exchange/naxml/store-files';
import type { PosItemRow } from '../../src/features/distribution/pos-row';

export async function siteStoreItems(ex: Executor, siteId: number): Promise<StoreFileItem[]> {
  const found = await rows<Omit<PosItemRow, 'deleted' | 'send_to_pos'>>(
    ex,
    sql`select item_id, pack_size, description, receipt_description, dept, sub, unit_list::text as unit_list,
        active, tax_group_id, inv_type from site_items where site_id = ${siteId} and not deleted
      order by item_id, pack_size`,
  );
  return found.map((r) => ({
    itemId: r.item_id,
    packSize: r.pack_size,
    deleted: false,
    description: r.description,
    receiptDescription: r.receipt_description,
    dept: r.dept,
    sub: r.sub,
    unitList: r.unit_list,
    active: r.active,
    taxGroupId: r.tax_group_id,
    invType: r.inv_type,
    changed: false,
  }));
}
