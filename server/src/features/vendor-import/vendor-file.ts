/**
 * A vendor file as catalogue lines and the vendor zones it names, whatever its format: an X12 832
 * (the text starts with ISA or ST) or the source type's distributor CSV layout. Where the vendor
 * zone is read (docs/vendor-import.md): in an 832 the N1 party's id (N1*ST*name*91*<zone>), else the
 * BCT catalogue id; in a CSV the layout's zone column, per row. A malformed file throws with the
 * line (CSV) or segment and line (832) of its first fault.
 */
import {
  type DistributorSource,
  readDistributorCsv,
  readDistributorCsvInTurns,
} from '../../exchange/csv/distributor';
import { type Catalog, type CatalogItem, parse832, parse832InTurns } from '../../exchange/x12/x12-832';
import { mapInTurns } from '../../lib/loop-turns';

export interface VendorCatalog {
  x12: boolean;
  zones: string[];
  /** Each line with the vendor zone it belongs to. */
  items: Array<CatalogItem & { zone: string }>;
}

export const isX12 = (text: string) => /^\uFEFF?\s*(ISA|ST)\W/.test(text);

export function readVendorCatalog(text: string, source: DistributorSource): VendorCatalog {
  if (isX12(text)) {
    const c = parse832(text);
    const zone = zoneOf(c);
    return { x12: true, zones: zone ? [zone] : [], items: c.items.map((i) => ({ ...i, zone })) };
  }
  return { x12: false, ...readDistributorCsv(text, source) };
}

const zoneOf = (c: Catalog) => c.party?.id ?? c.catalog ?? '';

/** As readVendorCatalog, giving the event loop a turn every few milliseconds (the server's reads). */
export async function readVendorCatalogInTurns(
  text: string,
  source: DistributorSource,
): Promise<VendorCatalog> {
  if (isX12(text)) {
    const c = await parse832InTurns(text);
    const zone = zoneOf(c);
    return {
      x12: true,
      zones: zone ? [zone] : [],
      items: await mapInTurns(c.items, (i) => ({ ...i, zone })),
    };
  }
  return { x12: false, ...(await readDistributorCsvInTurns(text, source)) };
}
