/**
 * Vendor invoices a store receives (`--invoices N`): from vendors that have negotiated costs,
 * for items the store carries when it carries any of theirs, at the negotiated cost or a little
 * off it (what the Negotiated Cost Report is for). Repeatable for a given seed of the generator.
 */
import { COST_SCALE, divRound, fromMinor, toMinor } from '@cpb/domain';
import type { Invoice, InvoiceLine } from '../../exchange/csv/invoice-file';
import type { Random } from '../../seed/prng';
import { itemKey, type StoreState } from './store';

/** A vendor and the items it has negotiated costs for (`cost`: unit cost, up to 4 decimals). */
export interface NegotiatedVendor {
  vendorId: string;
  items: { itemId: string; packSize: number; cost: string; description?: string | null }[];
}

/** Checks the shape of a vendors list read from JSON; throws naming the first fault. */
export function readVendors(v: unknown): NegotiatedVendor[] {
  if (!Array.isArray(v)) throw new Error('the vendors file must hold a JSON array');
  return v.map((x, i) => {
    const o = x as NegotiatedVendor;
    if (!o || typeof o.vendorId !== 'string' || !o.vendorId || !Array.isArray(o.items))
      throw new Error(`vendor ${i + 1}: needs vendorId and items`);
    for (const it of o.items)
      if (
        typeof it?.itemId !== 'string' ||
        !Number.isInteger(it.packSize) ||
        it.packSize < 1 ||
        !/^\d{1,9}(\.\d{1,4})?$/.test(String(it.cost))
      )
        throw new Error(`vendor ${o.vendorId}: each item needs itemId, packSize >= 1 and cost`);
    // A cost written as a JSON number is kept as its decimal text, as the domain's money reads it.
    return { ...o, items: o.items.map((it) => ({ ...it, cost: String(it.cost) })) };
  });
}

/** `list` in a random order (Fisher-Yates), the list itself untouched. */
function shuffled<T>(list: readonly T[], random: Random): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The unit cost a vendor bills for a negotiated `cost`: half the lines at it, the rest 5% under
 * to 10% over it (in hundredths of a percent), in the domain's exact cost (4 decimals), at least 0.0001.
 */
function invoicedCost(cost: string, random: Random): string {
  const negotiated = toMinor(cost, COST_SCALE);
  if (random.next() < 0.5) return fromMinor(negotiated, COST_SCALE);
  const billed = divRound(negotiated * BigInt(random.int(9_500, 11_000)), 10_000n);
  return fromMinor(billed < 1n ? 1n : billed, COST_SCALE);
}

export function makeInvoices(
  state: StoreState,
  vendors: NegotiatedVendor[],
  n: number,
  random: Random,
  invoiceDate: string,
): { state: StoreState; invoices: Invoice[] } {
  const usable = vendors.filter((v) => v.items.length);
  if (!usable.length || n <= 0) return { state, invoices: [] };
  const carried = new Map(state.items.map((i) => [itemKey(i.itemId, i.packSize), i]));
  let seq = state.invoicesMade ?? 0;
  const invoices: Invoice[] = [];
  for (let k = 0; k < n; k++) {
    const v = random.pick(usable);
    const mine = v.items.filter((i) => carried.has(itemKey(i.itemId, i.packSize)));
    const pool = mine.length ? mine : v.items;
    const count = Math.min(pool.length, random.int(1, 5));
    const chosen = shuffled(pool, random).slice(0, count);
    seq++;
    const lines: InvoiceLine[] = chosen.map((it, idx) => ({
      lineNo: idx + 1,
      itemId: it.itemId,
      packSize: it.packSize,
      description: carried.get(itemKey(it.itemId, it.packSize))?.description ?? it.description ?? null,
      quantity: String(random.int(1, 24)),
      unitCost: invoicedCost(it.cost, random),
    }));
    invoices.push({
      invoiceNo: `${String(state.siteNo).padStart(3, '0')}-${String(seq).padStart(6, '0')}`,
      invoiceDate,
      vendorId: v.vendorId,
      lines,
    });
  }
  return { state: { ...state, invoicesMade: seq }, invoices };
}
