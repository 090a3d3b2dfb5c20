import { describe, expect, it } from 'vitest';
import { readDistributorCsv } from '../exchange/csv/distributor';
import { parse832 } from '../exchange/x12/x12-832';
import { demo832, demoCsv, demoVendorLines } from './vendor-files';

const items = Array.from({ length: 40 }, (_, n) => ({
  item_id: `0490000${String(n).padStart(4, '0')}`,
  unit_cost: '1.0000',
  unit_list: '1.79',
  description: `ITEM ${n}, "QUOTED"`,
}));
const opts = { seed: 7, count: 30, newItems: 3, itemPrefix: 'M', newPrefix: '081' };

describe('demo vendor files', () => {
  it('are the same on every run, and read back as 832 and as the McLane CSV', () => {
    const lines = demoVendorLines(items, opts);
    expect(demoVendorLines(items, opts)).toEqual(lines);
    // 30 items of the zone, 3 new ones, 1 unknown UPC.
    expect(lines).toHaveLength(34);
    const cat = parse832(demo832(lines, 'CM-WEST'));
    expect(cat.party?.id).toBe('CM-WEST');
    expect(cat.items.map((i) => i.code)).toEqual(lines.map((l) => l.upc));
    expect(cat.items.at(-1)).toMatchObject({ code: '099999999990', description: null });
    const csv = readDistributorCsv(demoCsv(lines, 'MCL-NORCAL'), 'MCLANE');
    expect(csv.zones).toEqual(['MCL-NORCAL']);
    expect(csv.items[0].description).toBe('ITEM 0, "QUOTED"');
    expect(csv.items.map((i) => i.prices.find((p) => p.id === 'NET')?.price)).toEqual(
      lines.map((l) => l.caseCost),
    );
  });

  it('moves costs both ways, keeps some unchanged, suggests some retails', () => {
    const lines = demoVendorLines(items, opts).slice(0, 30);
    const unit = (l: (typeof lines)[number]) => Number(l.caseCost) / l.pack;
    expect(lines.some((l) => unit(l) > 1.005)).toBe(true);
    expect(lines.some((l) => unit(l) < 0.995)).toBe(true);
    expect(lines.some((l) => l.retail !== null)).toBe(true);
    expect(lines.every((l) => l.retail === null || l.retail.endsWith('9'))).toBe(true);
  });
});
