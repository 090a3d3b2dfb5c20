/**
 * The zone summary's rows as Item Adjustment reads them (alias zi for zone_items, z for zones):
 * the whole row (searches, most batches) or a narrower one (ROW_SHAPES.price, what a price change
 * reads of its selection), as a select list or one JSON array per row, and the row presented.
 */
import { type SQL, sql } from 'drizzle-orm';
import { zoneItems } from '../../db/schema';
import { selectColumns } from '../../db/select';
import {
  type ItemRow,
  PRICE_COLUMNS,
  type PriceItemRow,
  presentItem,
  presentPriceItem,
  type ZoneItemRow,
} from './presenter';

/** A zone summary row and its zone's number (ZoneItemRow). */
const zoneItemFields = [
  { name: 'zone_no', expr: 'z.zone_no' },
  ...selectColumns(zoneItems, 'zi', ['refreshedAt', 'othersUniform']),
];
export const ZONE_ITEM_COLUMNS = sql.raw(zoneItemFields.map((f) => f.expr).join(', '));
/**
 * ZONE_ITEM_COLUMNS as one JSON array per row (aggregate it with json_agg): a third of the bytes
 * of JSON objects; 5,000 rows read and shaped in 64 ms against 77 ms on PostgreSQL, 63 against
 * 70 ms on PGlite. zoneItemOf turns such an array back into the row.
 */
export const ZONE_ITEM_ARRAY = sql.raw(`json_build_array(${zoneItemFields.map((f) => f.expr).join(', ')})`);
export function zoneItemOf(values: unknown[]): ZoneItemRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < zoneItemFields.length; i++) row[zoneItemFields[i].name] = values[i];
  return row as ZoneItemRow;
}

/** Some columns of the zone row and the row presented from them, read either way. */
export interface RowShape<R> {
  /** The columns as a select list. */
  columns: SQL;
  /** The same columns as one JSON array per row. */
  array: SQL;
  /** The presented row from a row of `columns`. */
  fromRow(r: Record<string, unknown>): R;
  /** The presented row from an `array`. */
  fromArray(values: unknown[]): R;
}

function rowShape<K extends keyof ZoneItemRow, R>(
  names: readonly K[],
  present: (r: Pick<ZoneItemRow, K>) => R,
): RowShape<R> {
  const fields = zoneItemFields.filter((f) => (names as readonly string[]).includes(f.name));
  if (fields.length !== names.length) throw new Error('rowShape: a name is not a column of the zone row');
  const exprs = fields.map((f) => f.expr).join(', ');
  return {
    columns: sql.raw(exprs),
    array: sql.raw(`json_build_array(${exprs})`),
    fromRow: (r) => present(r as Pick<ZoneItemRow, K>),
    fromArray(values) {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) row[fields[i].name] = values[i];
      return present(row as Pick<ZoneItemRow, K>);
    },
  };
}

/** The shapes a batch reads its selection in (BatchOp.rows). */
export const ROW_SHAPES: { whole: RowShape<ItemRow>; price: RowShape<PriceItemRow> } = {
  whole: rowShape(
    zoneItemFields.map((f) => f.name as keyof ZoneItemRow),
    presentItem,
  ),
  // 5,000 rows on PGlite: 28 ms against 50 for the whole row (2026-11-29).
  price: rowShape(PRICE_COLUMNS, presentPriceItem),
};
