import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { build832, type Catalog, parse832, parse832InTurns, X12FormatError } from './x12-832';

/** A real-shaped 832 as a wholesaler sends it: envelope, one segment a line, several CTPs per item. */
const REAL = `ISA*00*          *00*          *ZZ*COREMARK       *ZZ*RETAILER       *261120*0600*U*00401*000004711*0*P*>~
GS*SC*COREMARK*RETAILER*20261120*0600*4711*X*004010~
ST*832*0001~
BCT*PC*CM-WEST~
DTM*009*20261120~
N1*ST*NORTH BAY MARKETS*91*CM-WEST~
LIN**UP*049000000443*VN*400013~
PID*F*08***COCA COLA CLASSIC 20OZ~
PO4*24*20*OZ~
CTP**NET*29.5200*1*CA~
CTP**MSR*2.29*1*EA~
DTM*007*20261201~
LIN**UP*012000001291*VN*400026~
PID*F*08***PEPSI 20OZ~
PO4*24*20*OZ~
CTP**CON*28.8000*1*CA~
CTT*2~
SE*16*0001~
GE*1*4711~
IEA*1*000004711~
`;

describe('parse832', () => {
  it('reads a real-shaped file with its envelope: party, items, several price lines each', () => {
    const c = parse832(REAL);
    expect(c.catalog).toBe('CM-WEST');
    expect(c.date).toBe('20261120');
    expect(c.party).toEqual({ entity: 'ST', name: 'NORTH BAY MARKETS', id: 'CM-WEST' });
    expect(c.items).toHaveLength(2);
    expect(c.items[0]).toMatchObject({
      segment: 7,
      line: 7,
      qualifier: 'UP',
      code: '049000000443',
      vendorItem: '400013',
      description: 'COCA COLA CLASSIC 20OZ',
      pack: 24,
      size: '20',
      unit: 'OZ',
      effective: '20261201',
    });
    expect(c.items[0].prices).toEqual([
      { id: 'NET', price: '29.5200', qty: '1', unit: 'CA' },
      { id: 'MSR', price: '2.29', qty: '1', unit: 'EA' },
    ]);
    expect(c.items[1].prices.map((p) => p.id)).toEqual(['CON']);
  });

  it('reads the same file without the envelope, and with segments on one line', () => {
    const bare = REAL.split('\n').slice(2, 18).join('\n');
    expect(parse832(bare).items).toHaveLength(2);
    const oneLine = REAL.replace(/\n/g, '');
    expect(parse832(oneLine)).toEqual({ ...parse832(REAL), items: parse832(oneLine).items });
    expect(parse832(oneLine).items[1].line).toBe(1);
  });

  it('reads newline-terminated segments without `~`', () => {
    const nl = REAL.split('\n')
      .slice(2, 18)
      .map((s) => s.replace(/~$/, ''))
      .join('\r\n');
    expect(parse832(nl).items.map((i) => i.code)).toEqual(['049000000443', '012000001291']);
  });

  it('takes the separators the ISA declares', () => {
    // Elements by '|', segments by '!': ISA positions 3 and 105.
    const other = REAL.replace(/\*/g, '|').replace(/~/g, '!');
    expect(other[3]).toBe('|');
    expect(other[105]).toBe('!');
    const c = parse832(other);
    expect(c.items[0].description).toBe('COCA COLA CLASSIC 20OZ');
    expect(c.items[0].prices[0].price).toBe('29.5200');
  });

  it('reads alike in turns of the event loop (the server reads): the catalogue, or the same first fault', async () => {
    const big = parse832(REAL);
    const many = build832({
      ...big,
      items: Array.from({ length: 2_000 }, (_, k) => ({ ...big.items[k % 2] })),
    });
    expect(await parse832InTurns(many)).toEqual(parse832(many));
    expect(await parse832InTurns(REAL)).toEqual(parse832(REAL));
    const bad = REAL.replace('CTP**NET*29.5200', 'CTP**NET*29,52');
    let message = '';
    try {
      parse832(bad);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^segment \d+ \(line \d+\): CTP price/);
    await expect(parse832InTurns(bad)).rejects.toThrow(message);
  });

  it('refuses a malformed file with the segment and line of the first fault', () => {
    const fault = (text: string) => {
      try {
        parse832(text);
      } catch (e) {
        if (e instanceof X12FormatError) return e.message;
        throw e;
      }
      return 'parsed';
    };
    expect(fault(REAL.replace('CTP**NET*29.5200', 'CTP**NET*29,52'))).toBe(
      "segment 10 (line 10): CTP price '29,52' is not a number",
    );
    expect(fault(REAL.replace('PO4*24*20*OZ~\nCTP**CON', 'PO4*0*20*OZ~\nCTP**CON'))).toBe(
      "segment 15 (line 15): PO4 pack '0' is not a whole number >= 1",
    );
    expect(fault(REAL.replace('CTT*2', 'CTT*3'))).toBe(
      'segment 17 (line 17): CTT says 3 items, the file has 2',
    );
    expect(fault(REAL.replace('SE*16', 'SE*14'))).toBe(
      'segment 18 (line 18): SE says 14 segments, the transaction has 16',
    );
    expect(fault(REAL.split('\n').slice(0, 12).join('\n'))).toBe(
      'segment 12 (line 12): the transaction has no SE (truncated?)',
    );
    expect(fault(REAL.replace('LIN**UP*012000001291', 'LIN**XX*012000001291'))).toBe(
      'segment 13 (line 13): LIN has no UP, UK, EN or UA item code',
    );
    expect(fault('')).toBe('segment 1 (line 1): the file is empty');
    expect(fault('hello world')).toMatch(/^segment 1 \(line 1\): 'hello worl' is not a segment id/);
  });
});

const word = fc.stringMatching(/^[A-Z0-9][A-Z0-9 .&-]{0,20}[A-Z0-9]$/);
const price = fc
  .tuple(fc.integer({ min: -99999, max: 999999 }), fc.integer({ min: 0, max: 9999 }))
  .map(([w, f]) => `${w}.${String(f).padStart(4, '0')}`);
type Bare = Omit<Catalog, 'items'> & { items: Omit<Catalog['items'][number], 'segment' | 'line'>[] };
const catalog: fc.Arbitrary<Bare> = fc.record({
  catalog: fc.option(word, { nil: null }),
  date: fc.option(fc.constantFrom('20261120', '20270101'), { nil: null }),
  party: fc.option(fc.record({ entity: fc.constant('ST'), name: word, id: fc.option(word, { nil: null }) }), {
    nil: null,
  }),
  items: fc.array(
    fc.record({
      qualifier: fc.constantFrom('UP', 'UK', 'EN'),
      code: fc.stringMatching(/^\d{6,14}$/),
      vendorItem: fc.option(fc.stringMatching(/^[A-Z0-9]{1,10}$/), { nil: null }),
      description: fc.option(word, { nil: null }),
      pack: fc.option(fc.integer({ min: 1, max: 999 }), { nil: null }),
      size: fc.constant(null),
      unit: fc.constant(null),
      prices: fc.array(
        fc.record({
          id: fc.constantFrom('NET', 'CON', 'CAT', 'MSR', 'SLP', 'UCP'),
          price,
          qty: fc.option(fc.constantFrom('1', '24'), { nil: null }),
          unit: fc.option(fc.constantFrom('CA', 'EA'), { nil: null }),
        }),
        { maxLength: 4 },
      ),
      effective: fc.option(fc.constant('20261201'), { nil: null }),
    }),
    { maxLength: 12 },
  ),
});

describe('832 round trip (fast-check)', () => {
  it('records written to a file parse back to the same records, whatever the envelope and separators', () => {
    fc.assert(
      fc.property(
        catalog,
        fc.boolean(),
        fc.constantFrom(['*', '~'], ['|', '!'], ['^', '\\']),
        fc.boolean(),
        (cat, envelope, [elem, term], newline) => {
          // Without the envelope nothing declares other separators: `*` and `~` then.
          const seps = envelope ? { elem, term } : {};
          const full: Catalog = { ...cat, items: cat.items.map((i) => ({ ...i, segment: 0, line: 0 })) };
          const back = parse832(build832(full, { envelope, newline, ...seps }));
          const strip = (c: Catalog) => ({
            ...c,
            items: c.items.map(({ segment: _s, line: _l, ...rest }) => rest),
          });
          expect(strip(back)).toEqual(cat);
        },
      ),
      { numRuns: 200 },
    );
  });
});
