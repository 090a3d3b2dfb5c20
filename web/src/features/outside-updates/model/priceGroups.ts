/**
 * The zone price list dialog's groups (spec part 2 §3 "Zone price list", §9): the stores of the
 * zone that carry the item, in LocationNum order; one group per distinct price, each with the
 * next colour of a 14-colour palette in the order its first store appears.
 */
import { PRICE_SCALE, parseMoneyInput } from '@cpb/domain';

/** 14 light colours, each distinct, all readable with dark text. */
export const PRICE_PALETTE = [
  '#ffe3e3',
  '#d3f9d8',
  '#d0ebff',
  '#fff3bf',
  '#f3d9fa',
  '#c5f6fa',
  '#ffe8cc',
  '#e5dbff',
  '#d8f5a2',
  '#ffdeeb',
  '#c3fae8',
  '#dbe4ff',
  '#e9ecef',
  '#fcc2d7',
] as const;

export interface SitePrice {
  LocationNum: number;
  SiteName: string;
  Price: string;
}

export interface PriceGroup {
  /** The price as stored ('1.79'). */
  price: string;
  colour: string;
  sites: SitePrice[];
}

/** Groups the stores' prices; equal amounts ('1.8' and '1.80') are one group. */
export function groupPrices(entries: readonly SitePrice[]): PriceGroup[] {
  const groups = new Map<string, PriceGroup>();
  const sorted = [...entries].sort((a, b) => a.LocationNum - b.LocationNum);
  for (const e of sorted) {
    const parsed = parseMoneyInput(e.Price, PRICE_SCALE);
    const key = parsed.ok && parsed.value !== null ? parsed.value.toString() : e.Price;
    let g = groups.get(key);
    if (!g) {
      g = { price: e.Price, colour: PRICE_PALETTE[groups.size % PRICE_PALETTE.length], sites: [] };
      groups.set(key, g);
    }
    g.sites.push(e);
  }
  return [...groups.values()];
}
