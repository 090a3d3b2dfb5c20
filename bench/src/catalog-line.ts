/** One item of a bench's 832 price catalogue: a UPC with its check digit, case of 12, NET and MSR. */
import { checkDigit } from '@cpb/domain';
import { build832, type CatalogItem } from '../../server/src/exchange/x12/x12-832';

export const catalogLine = (
  code11: string,
  desc: string | null,
  caseCost: string,
  retail: string | null,
): CatalogItem => ({
  segment: 0,
  line: 0,
  qualifier: 'UP',
  code: `${code11}${checkDigit(code11)}`,
  vendorItem: `B${code11.slice(-7)}`,
  description: desc,
  pack: 12,
  size: null,
  unit: null,
  prices: [
    { id: 'NET', price: caseCost, qty: '1', unit: 'CA' },
    ...(retail ? [{ id: 'MSR', price: retail, qty: '1', unit: 'EA' }] : []),
  ],
  effective: null,
});

/** A bench's 832 file of these items (catalogue and party BENCH). */
export const benchCatalog = (items: CatalogItem[]): string =>
  build832({
    catalog: 'BENCH',
    date: '20261126',
    party: { entity: 'ST', name: 'BENCH', id: 'BENCH' },
    items,
  });
