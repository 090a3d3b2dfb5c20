/** Colours, order and the drop rule of the calendar (spec part 2 §4). */
import type { PricingEvent } from '@cpb/domain';
import { describe, expect, it } from 'vitest';
import { calendarEntry, dropRefused, lookOf } from './eventLook';

const event = (o: Partial<PricingEvent> = {}): PricingEvent => ({
  Id: 7,
  PricingEventName: 'Spring',
  EffectiveDateTime: '2030-03-05T06:01:00.000Z',
  EffectiveDate: '2030-03-05',
  strEffectiveDateTime: '03/05/2030 12:01 AM',
  Status: 1,
  SortableStatus: 1,
  ErrorReason: null,
  UndoOf: null,
  Collides: false,
  ...o,
});

describe('the calendar look of an event', () => {
  it('is green, yellow, blue, red by status; any other code is red (error)', () => {
    expect([1, 2, 3, 4, 9].map((s) => lookOf(s).color)).toEqual([
      '#237032',
      '#fcc419',
      '#1864ab',
      '#c92a2a',
      '#c92a2a',
    ]);
    expect(lookOf(0).legend).toBe('EVENT_STATUS_ERROR');
  });

  it('lasts one minute, is draggable only while pending, and sorts by status then time', () => {
    const e = calendarEntry(event());
    expect(e.end.getTime() - e.start.getTime()).toBe(60_000);
    expect(e.editable).toBe(true);
    expect(calendarEntry(event({ Status: 2 })).editable).toBe(false);
    expect(e.extendedProps).toMatchObject({ sortStatus: 1, sortTime: Date.UTC(2030, 2, 5, 6, 1) });
  });

  it('refuses a drop before today, on a weekend, or of an event that is not pending', () => {
    const today = '2030-03-05'; // a Tuesday
    expect(dropRefused(event(), '2030-03-06', today)).toBe(false);
    expect(dropRefused(event(), '2030-03-05', today)).toBe(false);
    expect(dropRefused(event(), '2030-03-04', today)).toBe(true);
    expect(dropRefused(event(), '2030-03-09', today)).toBe(true); // Saturday
    expect(dropRefused(event(), '2030-03-10', today)).toBe(true); // Sunday
    expect(dropRefused(event({ Status: 3 }), '2030-03-06', today)).toBe(true);
  });
});
