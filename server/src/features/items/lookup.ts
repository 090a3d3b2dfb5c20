/** Add Item's lookup by ID and pack size (spec part 1 §4 "Lookup by ID and pack size"). */
import { MESSAGES, normalizePackSize, parseItemId } from '@cpb/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ItemKey } from '../pricebook/summary';
import { type ItemModel, presentItem } from './presenter';
import { findMissingUoms, findSource, hasHistory, loadCatalogue, loadUniform, loadZone } from './queries';

/**
 * A typed ID and pack size as an item key: the ID upper-cased with '/'+UPC-E expanded, the pack
 * size 1 when blank. Throws a 400 'ID: ...' / 'PackSize: ...' with the catalogue's text.
 */
export function parseKey(id: unknown, packSize: unknown): ItemKey {
  const i = parseItemId(id == null ? '' : String(id));
  if (!i.ok) throw new AppError('VALIDATION', `ID: ${MESSAGES[i.code]}`);
  const p = normalizePackSize(packSize == null ? '' : (packSize as string | number));
  if (!p.ok) throw new AppError('VALIDATION', `PackSize: ${MESSAGES[p.code]}`);
  return { itemId: i.value, packSize: p.value };
}

/**
 * The item as the zone sees it: new, existing in the zone, or found only outside it; MissingUOMs
 * lists the units its links name that the linked item does not have.
 */
export async function lookupItem(ex: Executor, zoneId: number, key: ItemKey): Promise<ItemModel> {
  const zone = await loadZone(ex, zoneId);
  if (!zone) throw new AppError('NOT_FOUND', `No zone with ZoneSetupID ${zoneId}.`);
  const source = await findSource(ex, zoneId, key);
  const item = presentItem({
    key,
    zone: { id: zoneId, zoneNo: zone.zone_no, name: zone.name, sites: zone.sites },
    source,
    catalogue: await loadCatalogue(ex, zoneId, key),
    uniform: source?.inZone ? await loadUniform(ex, zoneId, key) : null,
    hasHistory: await hasHistory(ex, key),
  });
  item.MissingUOMs = (await findMissingUoms(ex, [key])).map((m) => ({
    ItemID: m.link_item_id,
    ItemPkSz: m.link_pack_size,
    Unit: m.unit,
  }));
  return item;
}
