/**
 * Generates the demo chain's items from the product templates: valid UPCs (11-digit ID plus check
 * digit), prices ending in 9, costs from a margin, vendors per department and zone.
 */
import { checkDigit, costFromMargin, fromMinor } from '@cpb/domain';
import { DEMO_DEPTS } from './demo-catalogue';
import { makeRandom } from './prng';

export interface DemoItem {
  itemId: string;
  packSize: number;
  upcCode: string | null;
  description: string;
  receiptDescription: string;
  invType: 'I' | 'S' | 'X';
  dept: number;
  sub: number;
  unitList: string;
  unitCost: string;
  taxGroupId: number;
  redemptionId: number | null;
  /** Vendor, or 'WHOLESALE' for the zone's wholesaler. */
  vendor: string;
  minOnHand: number | null;
  maxOnHand: number | null;
  minPurchaseQty: number | null;
}

/** Product lines repeat in these editions until a sub-department's quota is met. */
const EDITIONS = ['', ' Value', ' Promo', ' Limited'];

const cut = (s: string, n: number) => (s.length <= n ? s : s.slice(0, n).trimEnd());

function crvFor(size: string): number {
  const m = /^(\d+(?:\.\d+)?) oz/.exec(size);
  if (m && Number(m[1]) >= 24) return 2;
  if (/Liter|Pk|Gallon/.test(size)) return 2;
  return 1;
}

export function generateDemoItems(): DemoItem[] {
  const rnd = makeRandom(20261121);
  const out: DemoItem[] = [];
  let maker = 12000;
  let plu = 100;
  for (const d of DEMO_DEPTS) {
    for (const s of d.subs) {
      let made = 0;
      const combos = s.brands.length * s.products.length * s.sizes.length;
      const makers = s.brands.map(() => (maker += 7));
      const seqs = s.brands.map(() => 100);
      for (const edition of EDITIONS) {
        for (const [b, [brand, vendor]] of s.brands.entries()) {
          for (const baseProduct of s.products) {
            const product = `${baseProduct}${edition}`;
            for (const size of s.sizes) {
              if (made >= s.quota) break;
              if (combos > s.quota * 1.15 && rnd.next() < 0.12) continue;
              seqs[b] += 3;
              const foodService = d.dept === 6;
              const itemId = foodService ? String(plu++) : `0${makers[b]}${String(seqs[b]).padStart(5, '0')}`;
              const upcCode = foodService ? null : `${itemId}${checkDigit(itemId)}`;
              const expense = d.type === 'EX';
              const dollars = rnd.int(s.price[0], s.price[1]);
              const cents = expense ? 0 : Math.floor(dollars / 10) * 10 + 9;
              const listCents = BigInt(cents);
              const marginMilli = BigInt(rnd.int(s.margin[0] * 1000, s.margin[1] * 1000));
              const costUnits = expense
                ? BigInt(rnd.int(5000, 45000)) * 10n
                : costFromMargin(listCents, marginMilli);
              const description = cut(`${brand} ${product} ${size}`, 35);
              const stocked = !expense && !foodService;
              out.push({
                itemId,
                packSize: 1,
                upcCode,
                description,
                receiptDescription: cut(`${brand} ${product}`.toUpperCase(), 20),
                invType: expense ? 'X' : 'I',
                dept: d.dept,
                sub: s.sub,
                unitList: fromMinor(listCents, 2),
                unitCost: fromMinor(costUnits, 4),
                taxGroupId: s.tax,
                redemptionId: s.crv ? crvFor(size) : null,
                vendor,
                minOnHand: stocked ? rnd.int(2, 6) : null,
                maxOnHand: stocked ? rnd.int(12, 36) : null,
                minPurchaseQty: stocked ? rnd.pick([1, 6, 12, 24]) : null,
              });
              made++;
              // Cigarette cartons and beer six-packs: the same ID at another pack size.
              if (
                (d.dept === 1 && s.sub === 1 && size === 'King Box') ||
                (d.dept === 3 && size.includes('12 oz'))
              ) {
                const pack = d.dept === 1 ? 10 : 6;
                const packList = ((listCents * BigInt(pack) * 95n) / 100n / 10n) * 10n + 9n;
                out.push({
                  ...out[out.length - 1],
                  packSize: pack,
                  description: cut(`${brand} ${product} ${d.dept === 1 ? 'Carton' : '6 Pack'}`, 35),
                  unitList: fromMinor(packList, 2),
                  unitCost: fromMinor(costFromMargin(packList, marginMilli), 4),
                });
                made++;
              }
            }
          }
        }
      }
    }
  }
  return out;
}
