import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/messages';
import { RoundType } from '../src/rounding';
import { canSubmit, fieldErrors } from '../src/schemas/common';
import {
  allowedModes,
  choosePriceOpt,
  EventMode,
  effectiveDateError,
  makeSetPriceSchema,
  NONE_EVENT,
  pricingEventStatus,
  type SetPriceForm,
  selectableEvents,
} from '../src/schemas/set-price';

// 2025-06-11 is a Wednesday; 06-14 a Saturday, 06-15 a Sunday, 06-16 a Monday.
const today = '2025-06-11';
const schema = makeSetPriceSchema({ today });

function errors(form: SetPriceForm): Record<string, string> {
  const r = schema.safeParse(form);
  return r.success ? {} : fieldErrors(r.error);
}

describe('Set Price amounts', () => {
  it.each([
    [
      { priceOpt: 'addAmount', addAmount: '0.25' },
      { type: 2, amount: 25n },
    ],
    [
      { priceOpt: 'setAmount', setAmount: '$4.99' },
      { type: 3, amount: 499n },
    ],
    [
      { priceOpt: 'addPercent', addPercent: '12.5' },
      { type: 1, amount: 12500n },
    ],
    [
      { priceOpt: 'percentage', addPercent: '-10%' },
      { type: 1, amount: -10000n },
    ],
  ] as const)('%o -> %o', (form, change) => {
    expect(schema.parse(form)).toEqual({ change, roundType: RoundType.None, event: null });
  });

  it.each([
    [{ priceOpt: 'setAmount', setAmount: '' }, 'setAmount', MESSAGES.AMT_IS_REQD],
    [{ priceOpt: 'addAmount' }, 'addAmount', MESSAGES.AMT_IS_REQD],
    [{ priceOpt: 'addAmount', addAmount: 'abc' }, 'addAmount', MESSAGES.INVALID_AMOUNT],
    [{ priceOpt: 'addPercent', addPercent: 'x' }, 'addPercent', MESSAGES.INVALID_NUMBER],
  ] as const)('%o -> %s: %s', (form, field, message) => {
    expect(errors(form)[field]).toBe(message);
    expect(canSubmit(schema, form)).toBe(false);
  });

  it('reads the rounding check boxes', () => {
    const form = { priceOpt: 'addAmount', addAmount: '1', last5: true, last9: true } as const;
    expect(schema.parse(form).roundType).toBe(RoundType.Last5or9);
  });

  it('choosing one price option clears the others', () => {
    const form: SetPriceForm = { priceOpt: 'addAmount', addAmount: '1', setAmount: '2', addPercent: '3' };
    expect(choosePriceOpt(form, 'setAmount')).toEqual({
      priceOpt: 'setAmount',
      addAmount: '',
      setAmount: '2',
      addPercent: '',
    });
    expect(choosePriceOpt(form, 'percentage').addPercent).toBe('3');
  });
});

describe('pricing event modes', () => {
  it.each([
    [{ PricingEventName: '' }, null],
    [{ PricingEventName: NONE_EVENT, EffectiveDate: '06/12/2025' }, null],
    [{ PricingEventName: 'Summer', existingEvent: true }, 'add_replace_items'],
    [{ PricingEventName: 'Summer', EffectiveDate: '06/12/2025' }, 'new_event'],
    [{ PricingEventName: 'Summer', EffectiveDate: '06/14/2025' }, null],
    [{ PricingEventName: 'Summer', EffectiveDate: '06/10/2025' }, null],
    [{ PricingEventName: 'Summer', EffectiveDate: '' }, null],
  ])('%o -> %s', (input, status) => {
    expect(pricingEventStatus({ ...input, today })).toBe(status);
  });

  it('new_event allows only mode 3; add_replace_items modes 1 and 2', () => {
    expect(allowedModes('new_event')).toEqual([3]);
    expect(allowedModes('add_replace_items')).toEqual([1, 2]);
    expect(allowedModes(null)).toEqual([]);
  });

  it.each([
    ['2025-06-11', null, 'today is allowed'],
    ['06-16-2025', null, 'a Monday, MM-DD-YYYY'],
    ['06/10/2025', 'DATE_BEFORE_TODAY', 'yesterday'],
    ['06/14/2025', 'DATE_ON_WEEKEND', 'Saturday'],
    ['06/15/2025', 'DATE_ON_WEEKEND', 'Sunday'],
    ['02/30/2025', 'INVALID_DATE', 'no such day'],
    ['', 'REQUIRED', 'blank'],
  ] as [string, string | null, string][])('effective date %j -> %s (%s)', (text, code) => {
    expect(effectiveDateError(text, today)).toBe(code);
  });

  it('a new event needs a valid date and mode 3', () => {
    const base = { priceOpt: 'addAmount', addAmount: '1', PricingEventName: ' Summer ' } as const;
    expect(schema.parse({ ...base, EffectiveDate: '06/12/2025' }).event).toEqual({
      name: 'Summer',
      effectiveDate: '2025-06-12',
      mode: EventMode.NewEvent,
      isNew: true,
    });
    expect(errors({ ...base }).EffectiveDate).toBe(MESSAGES.REQUIRED);
    expect(errors({ ...base, EffectiveDate: '06/14/2025' }).EffectiveDate).toBe(MESSAGES.DATE_ON_WEEKEND);
    expect(errors({ ...base, EffectiveDate: '06/10/2025' }).EffectiveDate).toBe(MESSAGES.DATE_BEFORE_TODAY);
    expect(errors({ ...base, EffectiveDate: '06/12/2025', Mode: 1 }).Mode).toBe(
      MESSAGES.EVENT_MODE_NOT_ALLOWED,
    );
  });

  it('an existing event takes mode 1 or 2, never 3', () => {
    const base = {
      priceOpt: 'setAmount',
      setAmount: '2.99',
      PricingEventName: 'Summer',
      existingEvent: true,
      EffectiveDate: '2025-06-20',
    } as const;
    expect(schema.parse({ ...base, Mode: 2 }).event?.mode).toBe(EventMode.ReplaceItems);
    expect(errors({ ...base }).Mode).toBe(MESSAGES.REQUIRED);
    expect(errors({ ...base, Mode: 3 }).Mode).toBe(MESSAGES.EVENT_MODE_NOT_ALLOWED);
  });

  it('leaves out distributed events (status 3)', () => {
    const events = [1, 2, 3, 4].map((Status) => ({ Status }));
    expect(selectableEvents(events).map((e) => e.Status)).toEqual([1, 2, 4]);
  });
});
