/**
 * A site's differences as incoming items of the one inbox (outside-updates/inbox.ts): one root per
 * zone holding the site and item, with the values a store file carries and the changeFlds bits (a
 * later import merges into it: newest values, bits added), and one child row per site the change
 * came from (kind 'origin'; its values: what that store sent, what its row held, and its own bits).
 */
import type { Tx } from '../../db/client';
import { type IncomingItem, type Received, receive } from '../outside-updates/inbox';
import type { SiteRow, StoreValues } from './compare';

export interface Difference {
  values: StoreValues;
  /** The site's row; null when the site does not carry the item. */
  was: SiteRow | null;
  flds: number;
}

export const SITE_IMPORT_SOURCE = 'Site Import';

/** The fields a store item file carries into an outside update. */
export const STORE_FIELDS = [
  'description',
  'receiptDescription',
  'invType',
  'dept',
  'sub',
  'unitList',
  'taxGroupId',
  'active',
] as const;
type StoreField = (typeof STORE_FIELDS)[number];

const wasValues = (r: SiteRow | null) =>
  r && {
    description: r.description,
    receiptDescription: r.receipt_description,
    dept: r.dept,
    sub: r.sub,
    unitList: r.unit_list,
    taxGroupId: r.tax_group_id,
    active: r.active,
    invType: r.inv_type,
  };

export const incomingOf = (d: Difference): IncomingItem<StoreField> => ({
  itemId: d.values.itemId,
  packSize: d.values.packSize,
  values: Object.fromEntries(STORE_FIELDS.map((f) => [f, d.values[f]])) as IncomingItem<StoreField>['values'],
  flds: d.flds,
  origin: { sent: d.values, was: wasValues(d.was), changeFlds: d.flds },
});

/** Writes the differences into the inbox for every zone of the site; the rules decide on arrival. */
export function writeOutsideUpdates(tx: Tx, siteId: number, diffs: Difference[]): Promise<Received> {
  return receive(tx, {
    source: SITE_IMPORT_SOURCE,
    fields: STORE_FIELDS,
    to: { siteId },
    originSiteId: siteId,
    items: diffs.map(incomingOf),
  });
}
