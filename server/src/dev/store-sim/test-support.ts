/** Shared by the store simulator's tests. */
import type { NaxmlItem } from '../../exchange/naxml/naxml';

/** A NAXML item record with plain values, `o` overriding any of them. */
export const item = (itemId: string, o: Partial<NaxmlItem> = {}): NaxmlItem => ({
  itemId,
  packSize: 1,
  deleted: false,
  description: `ITEM ${itemId}`,
  receiptDescription: null,
  dept: 1,
  sub: 0,
  unitList: '1.00',
  active: true,
  taxGroupId: null,
  invType: 'I',
  ...o,
});
