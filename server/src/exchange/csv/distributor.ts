/**
 * Distributor flat files (FORMATS.md "Distributor flat files"; docs/vendor-import.md): one CSV
 * layout per source type, its column names kept here as data, read by the project's one CSV reader.
 * Each row becomes the same catalogue line an 832 item gives. Costs are checked as numbers here
 * (a cost that is not a number refuses the file); whether a number is a sensible cost is the
 * importer's per-line business.
 */
import { z } from 'zod';
import type { CatalogItem } from '../x12/x12-832';
import { readCsv, readCsvInTurns } from './read';

export type DistributorSource = 'COREMARK' | 'MCLANE';

/** The layout's columns for: the vendor's price zone, item number, UPC, description, pack, case cost, suggested retail. */
export interface DistributorLayout {
  zone: string;
  item: string;
  upc: string;
  description: string;
  pack: string;
  caseCost: string;
  retail: string;
}

export const DISTRIBUTOR_LAYOUTS: Record<DistributorSource, DistributorLayout> = {
  MCLANE: {
    zone: 'price_zone',
    item: 'item_number',
    upc: 'upc',
    description: 'description',
    pack: 'pack',
    caseCost: 'case_cost',
    retail: 'srp',
  },
  COREMARK: {
    zone: 'zone',
    item: 'item_no',
    upc: 'upc',
    description: 'item_description',
    pack: 'units_per_case',
    caseCost: 'case_price',
    retail: 'suggested_retail',
  },
};

export const layoutHeader = (l: DistributorLayout) =>
  [l.zone, l.item, l.upc, l.description, l.pack, l.caseCost, l.retail] as const;

const DECIMAL = /^-?\d{1,12}(\.\d{1,6})?$/;

function rowSchema(l: DistributorLayout) {
  const money = (col: string) =>
    z.string().refine((v) => v === '' || DECIMAL.test(v), {
      error: (i) => `${col} '${String(i.input)}' is not a number`,
    });
  return z.object({
    [l.zone]: z.string(),
    [l.item]: z.string(),
    [l.upc]: z.string().regex(/^\d{1,14}$/, { error: (i) => `${l.upc} '${String(i.input)}' is not digits` }),
    [l.description]: z.string(),
    [l.pack]: z.string().refine((v) => /^\d{1,6}$/.test(v) && Number(v) >= 1, {
      error: (i) => `${l.pack} '${String(i.input)}' is not a whole number >= 1`,
    }),
    [l.caseCost]: money(l.caseCost),
    [l.retail]: money(l.retail),
  });
}

export interface DistributorFile {
  /** The price zones the file's rows name. */
  zones: string[];
  items: Array<CatalogItem & { zone: string }>;
}

/** Reads a distributor CSV of the source's layout; throws CsvFormatError at the first fault. */
export function readDistributorCsv(text: string, source: DistributorSource): DistributorFile {
  const l = DISTRIBUTOR_LAYOUTS[source];
  return distributorFile(l, readCsv(text, { header: layoutHeader(l), row: rowSchema(l) }));
}

/** As readDistributorCsv, giving the event loop a turn every few milliseconds (the server's reads). */
export async function readDistributorCsvInTurns(
  text: string,
  source: DistributorSource,
): Promise<DistributorFile> {
  const l = DISTRIBUTOR_LAYOUTS[source];
  return distributorFile(l, await readCsvInTurns(text, { header: layoutHeader(l), row: rowSchema(l) }));
}

function distributorFile(
  l: DistributorLayout,
  rows: Array<{ line: number; row: Record<string, string> }>,
): DistributorFile {
  const items = rows.map(({ line, row }) => ({
    segment: line,
    line,
    zone: row[l.zone],
    qualifier: 'UP',
    code: row[l.upc],
    vendorItem: row[l.item] || null,
    description: row[l.description] || null,
    pack: Number(row[l.pack]),
    size: null,
    unit: null,
    prices: [
      ...(row[l.caseCost] ? [{ id: 'NET', price: row[l.caseCost], qty: '1', unit: 'CA' }] : []),
      ...(row[l.retail] ? [{ id: 'MSR', price: row[l.retail], qty: '1', unit: 'EA' }] : []),
    ],
    effective: null,
  }));
  return { zones: [...new Set(items.map((i) => i.zone).filter((z) => z !== ''))], items };
}
