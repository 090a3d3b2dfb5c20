import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildMaintenanceRequest,
  buildMaintenanceRequestByTree,
  buildMaintenanceRequestInTurns,
  type NaxmlItem,
} from './naxml';

const text = fc.string({
  unit: fc.constantFrom('a', 'Z', ' ', '&', '<', '>', "'", '"', 'é', '€', ';', '#', '$&'),
});
const item: fc.Arbitrary<NaxmlItem> = fc.record({
  itemId: fc.oneof(
    fc.stringMatching(/^\d{11}$/),
    fc.stringMatching(/^\d{1,5}$/),
    fc.stringMatching(/^\d{13}$/),
    fc.stringMatching(/^[A-Z&<]{1,6}$/),
  ),
  packSize: fc.integer({ min: 1, max: 48 }),
  deleted: fc.boolean(),
  description: text,
  receiptDescription: fc.option(text),
  dept: fc.integer({ min: 0, max: 99 }),
  sub: fc.integer({ min: 0, max: 99 }),
  unitList: fc.constantFrom('0.00', '1.79', '99999.99', ''),
  active: fc.boolean(),
  taxGroupId: fc.option(fc.integer({ min: 1, max: 9 })),
  invType: fc.constantFrom('I', 'S', 'X'),
});

describe('the fast ITTDetail writer', () => {
  it('gives the same bytes as the general builder for any request', () => {
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 8 }),
        fc.constantFrom('update', 'initialize') as fc.Arbitrary<'update' | 'initialize'>,
        fc.boolean(),
        (items, tableAction, tables) => {
          const r = {
            storeNo: 7,
            tableAction,
            items,
            departments: tables
              ? [{ dept: 1, sub: 0, name: 'D&1 <x>', active: true, taxGroupId: 2 }]
              : undefined,
            taxLevels: tables
              ? [{ taxGroupId: 2, levelId: 1, rate: '8.25', description: "State 'A'" }]
              : undefined,
          };
          expect(buildMaintenanceRequest(r)).toBe(buildMaintenanceRequestByTree(r));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the same bytes when written in turns of the event loop (the server writes)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(item, { maxLength: 300 }), async (items) => {
        const r = { storeNo: 7, tableAction: 'initialize' as const, items, modifier: 'pack' as const };
        expect(await buildMaintenanceRequestInTurns(r)).toBe(buildMaintenanceRequestByTree(r));
      }),
      { numRuns: 30 },
    );
  });

  it('the same bytes for a file of more than a thousand records (joined a thousand at a time)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1_001, maxLength: 2_600 }), async (items) => {
        const r = { storeNo: 7, tableAction: 'initialize' as const, items, modifier: 'pack' as const };
        expect(await buildMaintenanceRequestInTurns(r)).toBe(buildMaintenanceRequestByTree(r));
      }),
      { numRuns: 3 },
    );
  });
});
