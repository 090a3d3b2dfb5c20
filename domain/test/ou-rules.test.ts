import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OuRuleBody, OuRuleConditions, type OuRuleConditionsInput } from '../src/api/ou-rules';
import { decideByRules, type RuleLike, type RuleSubject, ruleMatches, withinPercent } from '../src/ou-rules';
import { CHANGE_FLD } from '../src/outside-updates';

const subject = (o: Partial<RuleSubject> = {}): RuleSubject => ({
  source: 'Site Import',
  isNew: false,
  action: 'noaction',
  changeFlds: CHANGE_FLD.description,
  vendorId: 'V1',
  dept: 10,
  cost: null,
  zoneCost: '1.0000',
  price: '2.49',
  zonePrice: '2.49',
  originSiteNos: [9],
  ...o,
});

let nextId = 1;
const rule = (c: OuRuleConditionsInput, o: Partial<RuleLike> = {}): RuleLike => ({
  id: nextId++,
  name: `r${nextId}`,
  enabled: true,
  action: 'accept',
  priority: 100,
  conditions: OuRuleConditions.parse(c),
  ...o,
});

describe('withinPercent (exact)', () => {
  it.each([
    ['1.05', '1.00', '5', true],
    ['1.0501', '1.00', '5', false],
    ['0.95', '1.00', '5', true],
    ['0.9499', '1.00', '5', false],
    ['1.00', '1.00', '0', true],
    ['1.000001', '1.00', '0', false],
    ['0', '0', '10', true],
    ['0.01', '0', '1000', false],
    ['2.60', '2.49', '4.418', true], // 0.11 / 2.49 = 4.4177 %
    ['2.60', '2.49', '4.417', false],
    ['0.3', '0.1', '200', true], // floats would say 0.3 - 0.1 > 0.2
    [null, '1.00', '5', false],
    ['1.00', null, '5', false],
  ] as const)('%s vs %s within %s%%: %s', (a, b, p, want) => {
    expect(withinPercent(a, b, p)).toBe(want);
  });

  it('is symmetric in the sign of the change and agrees with integer arithmetic', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
        fc.integer({ min: 0, max: 100_000 }),
        (base, delta, pMilli) => {
          const dec = (v: bigint) =>
            `${v < 0n ? '-' : ''}${(v < 0n ? -v : v) / 10000n}.${String((v < 0n ? -v : v) % 10000n).padStart(4, '0')}`;
          const pct = `${Math.trunc(pMilli / 1000)}.${String(pMilli % 1000).padStart(3, '0')}`;
          const abs = delta < 0n ? -delta : delta;
          const expected = abs * 100_000n <= BigInt(pMilli) * base;
          expect(withinPercent(dec(base + delta), dec(base), pct)).toBe(expected);
          expect(withinPercent(dec(base - delta), dec(base), pct)).toBe(expected);
        },
      ),
    );
  });
});

describe('ruleMatches: each condition', () => {
  it.each<[string, OuRuleConditionsInput, Partial<RuleSubject>, boolean]>([
    ['source matches', { Source: 'Site Import' }, {}, true],
    ['source differs', { Source: 'Vendor Import' }, {}, false],
    ['store: the only origin', { SiteNo: 9 }, {}, true],
    ['store: another origin too', { SiteNo: 9 }, { originSiteNos: [6, 9] }, false],
    ['store: no origin', { SiteNo: 9 }, { originSiteNos: [] }, false],
    ['vendor (case aside)', { VendorId: 'v1' }, {}, true],
    ['vendor differs', { VendorId: 'V2' }, {}, false],
    ['vendor: none known', { VendorId: 'V1' }, { vendorId: null }, false],
    ['new item wanted, existing', { NewItem: 'new' }, {}, false],
    ['new item wanted, new', { NewItem: 'new' }, { isNew: true }, true],
    ['existing wanted, new', { NewItem: 'existing' }, { isNew: true }, false],
    ['only description: only description', { Fields: ['description'], FieldsMatch: 'only' }, {}, true],
    [
      'only description: description and price',
      { Fields: ['description'], FieldsMatch: 'only' },
      { changeFlds: CHANGE_FLD.description | CHANGE_FLD.price },
      false,
    ],
    ['any of price, cost: description', { Fields: ['price', 'cost'] }, {}, false],
    ['any of price, cost: cost', { Fields: ['price', 'cost'] }, { changeFlds: CHANGE_FLD.cost }, true],
    ['cost within 5%', { CostWithinPercent: '5' }, { cost: '1.04', zoneCost: '1.00' }, true],
    ['cost beyond 5%', { CostWithinPercent: '5' }, { cost: '1.06', zoneCost: '1.00' }, false],
    ['cost: none incoming', { CostWithinPercent: '5' }, { cost: null }, false],
    ['price within 10%', { PriceWithinPercent: '10' }, { price: '2.70', zonePrice: '2.49' }, true],
    ['price beyond 5%', { PriceWithinPercent: '5' }, { price: '2.70', zonePrice: '2.49' }, false],
    ['dept in range', { DeptFrom: 5, DeptTo: 10 }, {}, true],
    ['dept above range', { DeptFrom: 5, DeptTo: 9 }, {}, false],
    ['dept below range', { DeptFrom: 11 }, {}, false],
    ['dept unknown', { DeptTo: 11 }, { dept: null }, false],
  ])('%s', (_name, c, s, want) => {
    expect(ruleMatches(rule(c), subject(s))).toBe(want);
  });

  it('Synch Site never decides an item new to the zone or one without an origin store', () => {
    expect(ruleMatches(rule({ SiteNo: 9 }, { action: 'synch_site' }), subject())).toBe(true);
    expect(
      ruleMatches(
        rule({ NewItem: 'any', Fields: ['description'] }, { action: 'synch_site' }),
        subject({ isNew: true }),
      ),
    ).toBe(false);
    expect(
      ruleMatches(
        rule({ Fields: ['description'] }, { action: 'synch_site' }),
        subject({ originSiteNos: [] }),
      ),
    ).toBe(false);
  });
});

describe('decideByRules', () => {
  const acceptStore9 = rule({ SiteNo: 9 }, { name: 'store 9', priority: 20 });
  const rejectDescr = rule(
    { Fields: ['description'], FieldsMatch: 'only' },
    { name: 'descr', action: 'reject', priority: 10 },
  );

  it('takes the first matching rule by priority, then by id', () => {
    expect(decideByRules(subject(), [acceptStore9, rejectDescr])?.rule.name).toBe('descr');
    expect(decideByRules(subject(), [acceptStore9, rejectDescr])?.action).toBe('reject');
    const same = rule({ SiteNo: 9 }, { name: 'later', priority: 20 });
    expect(decideByRules(subject({ changeFlds: CHANGE_FLD.price }), [same, acceptStore9])?.rule.name).toBe(
      'store 9',
    );
  });

  it('skips disabled rules and decides nothing without rules', () => {
    expect(decideByRules(subject(), [])).toBeNull();
    expect(decideByRules(subject(), [{ ...rejectDescr, enabled: false }])).toBeNull();
    expect(decideByRules(subject(), [{ ...rejectDescr, enabled: false }, acceptStore9])?.rule.name).toBe(
      'store 9',
    );
  });

  it('leaves a root a user already chose an action for', () => {
    for (const action of ['accept', 'reject', 'synch_site']) {
      expect(decideByRules(subject({ action }), [acceptStore9, rejectDescr])).toBeNull();
    }
  });

  it('a decision is always an enabled rule that matches, and the earliest such', () => {
    const rules = [
      acceptStore9,
      rejectDescr,
      rule({ NewItem: 'new' }, { priority: 5, action: 'accept' }),
      rule({ PriceWithinPercent: '5' }, { priority: 30, action: 'synch_site' }),
      rule({ DeptFrom: 0, DeptTo: 50 }, { priority: 40, enabled: false }),
    ];
    const subjects = fc.record({
      source: fc.constantFrom('Site Import', 'Vendor Import'),
      isNew: fc.boolean(),
      action: fc.constantFrom('noaction', 'noaction', 'accept'),
      changeFlds: fc.integer({ min: 0, max: (1 << 13) - 1 }),
      vendorId: fc.constantFrom(null, 'V1', 'V2'),
      dept: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
      cost: fc.constant(null),
      zoneCost: fc.constant(null),
      price: fc.constantFrom('2.49', '2.59', '3.00'),
      zonePrice: fc.constant('2.49'),
      originSiteNos: fc.constantFrom([], [9], [6, 9], [6]),
    });
    fc.assert(
      fc.property(subjects, fc.shuffledSubarray(rules), (s, rs) => {
        const d = decideByRules(s, rs);
        const candidates = [...rs]
          .sort((a, b) => a.priority - b.priority || a.id - b.id)
          .filter((r) => r.enabled && ruleMatches(r, s));
        if (s.action !== 'noaction' || candidates.length === 0) expect(d).toBeNull();
        else expect(d?.rule).toBe(candidates[0]);
      }),
    );
  });
});

describe('the rule schema', () => {
  const ok = {
    Name: 'Store 9 descriptions',
    Action: 'reject',
    Conditions: { SiteNo: 9, Fields: ['description'], FieldsMatch: 'only' },
  };

  it('reads a rule with defaults', () => {
    const r = OuRuleBody.parse(ok);
    expect(r.Enabled).toBe(true);
    expect(r.Priority).toBe(100);
    expect(r.Conditions).toMatchObject({
      Source: 'any',
      VendorId: null,
      CostWithinPercent: null,
      DeptFrom: null,
    });
  });

  it.each<[string, unknown, string]>([
    ['no condition', { ...ok, Conditions: {} }, 'A rule needs at least one condition.'],
    ['blank name', { ...ok, Name: '  ' }, 'Enter a name for the rule.'],
    ['unknown action', { ...ok, Action: 'noaction' }, 'Choose one of accept, synch_site, reject.'],
    [
      'reversed departments',
      { ...ok, Conditions: { DeptFrom: 9, DeptTo: 3 } },
      'The department range must run from the lower department to the higher.',
    ],
    [
      'percent with 4 decimals',
      { ...ok, Conditions: { CostWithinPercent: '1.2345' } },
      'Enter a percent from 0 to 1000 with at most 3 decimals.',
    ],
    [
      'percent above 1000',
      { ...ok, Conditions: { CostWithinPercent: '1000.5' } },
      'Enter a percent from 0 to 1000 with at most 3 decimals.',
    ],
    [
      'negative percent',
      { ...ok, Conditions: { PriceWithinPercent: '-1' } },
      'Enter a percent from 0 to 1000 with at most 3 decimals.',
    ],
    ['unknown field', { ...ok, Conditions: { Fields: ['colour'] } }, 'Choose fields among'],
    ['unknown key', { ...ok, Conditions: { SiteNo: 9, Store: 9 } }, 'Store'],
  ])('refuses %s', (_n, body, message) => {
    const r = OuRuleBody.safeParse(body);
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain(message);
  });

  it('takes a percent as a number or with a % sign', () => {
    expect(OuRuleConditions.parse({ CostWithinPercent: 2.5 }).CostWithinPercent).toBe('2.5');
    expect(OuRuleConditions.parse({ CostWithinPercent: '2.5 %' }).CostWithinPercent).toBe('2.5');
    expect(OuRuleConditions.parse({ CostWithinPercent: '1000' }).CostWithinPercent).toBe('1000');
  });
});
