/**
 * Vendor invoices a store receives (`--invoices N`): from vendors that have negotiated costs,
 * for items the store carries when it carries any of theirs, at the negotiated cost or a little
 * off it (what the Negotiated Cost Report is for). Repeatable for a given random source.
 */
import type { Invoice, InvoiceLine } from '../exchange/invoice-file';
import { itemKey, type StoreState } from './store';

/** A vendor and the items it has negotiated costs for (`cost`: unit cost, up to 4 decimals). */
export interface NegotiatedVendor {
  vendorId: string;
  items: { itemId: string; packSize: number; cost: string; description?: string | null }[];
}

const cost4 = (tenThousandths: number) =>
  `${Math.floor(tenThousandths / 10000)}.${String(tenThousandths % 10000).padStart(4, '0')}`;

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
    return o;
  });
}

export function makeInvoices(
  state: StoreState,
  vendors: NegotiatedVendor[],
  n: number,
  random: () => number,
  invoiceDate: string,
): { state: StoreState; invoices: Invoice[] } {
  const usable = vendors.filter((v) => v.items.length);
  if (!usable.length || n <= 0) return { state, invoices: [] };
  const carried = new Map(state.items.map((i) => [itemKey(i.itemId, i.packSize), i]));
  let seq = state.invoicesMade ?? 0;
  const invoices: Invoice[] = [];
  for (let k = 0; k < n; k++) {
    const v = usable[Math.floor(random() * usable.length)];
    const mine = v.items.filter((i) => carried.has(itemKey(i.itemId, i.packSize)));
    const pool = mine.length ? mine : v.items;
    const count = Math.min(pool.length, 1 + Math.floor(random() * 5));
    const chosen = [...pool].sort(() => random() - 0.5).slice(0, count);
    seq++;
    const lines: InvoiceLine[] = chosen.map((it, idx) => {
      const base = Math.round(Number(it.cost) * 10000);
      // Half the lines at the negotiated cost, the rest 5% under to 10% over it.
      const factor = random() < 0.5 ? 1 : 0.95 + random() * 0.15;
      return {
        lineNo: idx + 1,
        itemId: it.itemId,
        packSize: it.packSize,
        description: carried.get(itemKey(it.itemId, it.packSize))?.description ?? it.description ?? null,
        quantity: String(1 + Math.floor(random() * 24)),
        unitCost: cost4(Math.max(1, Math.round(base * factor))),
      };
    });
    invoices.push({
      invoiceNo: `${String(state.siteNo).padStart(3, '0')}-${String(seq).padStart(6, '0')}`,
      invoiceDate,
      vendorId: v.vendorId,
      lines,
    });
  }
  return { state: { ...state, invoicesMade: seq }, invoices };
}
