import { describe, expect, it } from 'vitest';
import { groupPrices, PRICE_PALETTE } from './priceGroups';

describe('the zone price list groups', () => {
  it('groups equal prices, coloured in LocationNum order', () => {
    const groups = groupPrices([
      { LocationNum: 9, SiteName: 'Fremont', Price: '1.79' },
      { LocationNum: 6, SiteName: 'Oakland', Price: '1.99' },
      { LocationNum: 7, SiteName: 'San Jose', Price: '1.790' },
      { LocationNum: 5, SiteName: 'Berkeley', Price: '1.79' },
    ]);
    expect(groups.map((g) => [g.price, g.colour, g.sites.map((s) => s.LocationNum)])).toEqual([
      ['1.79', PRICE_PALETTE[0], [5, 7, 9]],
      ['1.99', PRICE_PALETTE[1], [6]],
    ]);
  });

  it('has 14 distinct colours and wraps after them', () => {
    expect(new Set(PRICE_PALETTE).size).toBe(14);
    const many = Array.from({ length: 15 }, (_, i) => ({
      LocationNum: i,
      SiteName: `S${i}`,
      Price: `${i}.00`,
    }));
    const groups = groupPrices(many);
    expect(groups[14].colour).toBe(PRICE_PALETTE[0]);
  });
});
