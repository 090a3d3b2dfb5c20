/**
 * From a vendor file's catalogue lines to the import's decisions (docs/vendor-import.md), pure:
 * - the item code: a 12-digit UPC-A (UP) or a 13-digit EAN starting 0 gives the 11-digit item ID
 *   (UPC-A without its check digit, as the price book keeps IDs); its check digit must hold;
 *   a PLU (up to 5 digits) is kept as it is;
 * - the cost: the case cost (CTP NET, else CON, else CAT) / the pack (PO4), 4 decimals, exact;
 *   else a unit cost price (UCP) as it is; negative or over 99,999.9999: refused, per line;
 * - the vendor's suggested retail (CTP MSR, else SLP), 2 decimals.
 * A line refused for its values is reported with its line (and segment) number; the rest import.
 */
import { checkDigit, divRound, fromMinor, isValidCheckDigit, toMinor } from '@cpb/domain';
import type { CatalogItem } from '../../exchange/x12/x12-832';

/** The largest unit cost the price book holds (cost 4 decimals): 99,999.9999. */
export const MAX_UNIT_COST_MINOR = 999_999_999n;

export interface VendorLine {
  line: number;
  segment: number;
  itemId: string;
  vendorItem: string | null;
  description: string | null;
  pack: number;
  /** 4 decimals. */
  unitCost: string;
  /** 2 decimals, when the file suggests one. */
  retail: string | null;
}

export type LineOutcome = { ok: true; line: VendorLine } | { ok: false; report: string };

const CASE_COST_IDS = ['NET', 'CON', 'CAT'];
const RETAIL_IDS = ['MSR', 'SLP'];

/** Where a line is, for the log: 'line 12' or 'segment 7 (line 7)'. */
export const placeOf = (i: Pick<CatalogItem, 'line' | 'segment'>, x12: boolean) =>
  x12 ? `segment ${i.segment} (line ${i.line})` : `line ${i.line}`;

/** The 11-digit item ID of an item code, or why not. */
export function itemIdOf(qualifier: string, code: string): { id: string } | { problem: string } {
  if (/^\d{1,5}$/.test(code)) return { id: code };
  let upc = code;
  if (code.length === 13 && code.startsWith('0')) upc = code.slice(1);
  else if (code.length === 14 && code.startsWith('00')) upc = code.slice(2);
  if (upc.length === 11) upc = `${upc}${checkDigit(upc)}`;
  if (upc.length !== 12) return { problem: `${qualifier} ${code} is not a UPC-A (12 digits)` };
  if (!isValidCheckDigit(upc)) return { problem: `UPC ${code}: bad check digit` };
  return { id: upc.slice(0, 11) };
}

export function evaluate(i: CatalogItem, x12: boolean): LineOutcome {
  const at = placeOf(i, x12);
  const fail = (m: string): LineOutcome => ({ ok: false, report: `${at}: ${m}` });
  const id = itemIdOf(i.qualifier, i.code);
  if ('problem' in id) return fail(id.problem);
  const pack = i.pack ?? 1;
  const price = (ids: string[]) => ids.map((p) => i.prices.find((x) => x.id === p)).find((x) => x);
  const caseCost = price(CASE_COST_IDS);
  const ucp = price(['UCP']);
  let unit: bigint;
  if (caseCost) {
    const c = toMinor(caseCost.price, 6);
    unit = divRound(c, BigInt(pack) * 100n);
  } else if (ucp) unit = toMinor(ucp.price, 4);
  else return fail(`UPC ${i.code}: no cost price (CTP NET, CON, CAT or UCP)`);
  if (unit < 0n) return fail(`UPC ${i.code}: negative cost ${fromMinor(unit, 4)}`);
  if (unit > MAX_UNIT_COST_MINOR)
    return fail(`UPC ${i.code}: cost ${fromMinor(unit, 4)} is over 99,999.9999`);
  const srp = price(RETAIL_IDS);
  let retail: string | null = null;
  if (srp) {
    const r = toMinor(srp.price, 2);
    if (r <= 0n || r > 9_999_999n)
      return fail(`UPC ${i.code}: suggested retail ${srp.price} is out of range`);
    retail = fromMinor(r, 2);
  }
  return {
    ok: true,
    line: {
      line: i.line,
      segment: i.segment,
      itemId: id.id,
      vendorItem: i.vendorItem,
      description: i.description ? i.description.trim().slice(0, 35).trim() || null : null,
      pack,
      unitCost: fromMinor(unit, 4),
      retail,
    },
  };
}
