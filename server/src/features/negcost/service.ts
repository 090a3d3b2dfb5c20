/**
 * Negotiated costs: a vendor's cost for a set of items over a date range, per zone. Set Negotiated
 * Cost (Item Adjustment) creates them; the dialog's templates and the negotiated cost screen to
 * come read them here.
 */
import { addMonths, COST_SCALE, fromMinor, msg, parseDateInput, parseMoneyInput } from '@cpb/domain';
import type { AppConfig } from '../../config';
import type { Db, Executor } from '../../db/client';
import { todayIso } from '../../lib/business-day';
import { AppError } from '../../lib/errors';
import { requireVendor } from '../lookups/validate';
import { insertNegCost, listNegCostHeaders, listNegCostItems } from './queries';

/** A Set Negotiated Cost request's fields, as typed. */
export interface NegCostRequest {
  Vendor: string;
  NegCostLabel: string;
  ChangeAmount: string;
  strEffectiveDate: string;
  strExpiredDate?: string | null;
}

/** A checked negotiated cost: vendor ID, label, cost text and ISO dates. */
export interface NegCost {
  vendor: string;
  label: string;
  cost: string;
  effective: string;
  expiration: string;
}

const bad = (field: string, code: Parameters<typeof msg>[0]) =>
  new AppError('VALIDATION', `${field}: ${msg(code)}`);

export function negCostService(deps: { db: Db; config: AppConfig }) {
  const timeZone = deps.config.businessTimeZone;
  return {
    /** The zone's headers (the dialog's templates). */
    listHeaders: (zoneId: number) => listNegCostHeaders(deps.db, zoneId),
    /** The items of the zone's headers. */
    listItems: (zoneId: number) => listNegCostItems(deps.db, zoneId),

    /**
     * Checks a request: an existing vendor ('V1 - Name' or 'V1'), a label, a cost of 0 or more,
     * an effective date, and an expiration (a month from today when not given) not before it.
     */
    async check(ex: Executor, body: NegCostRequest): Promise<NegCost> {
      const vendor = String(body.Vendor ?? '')
        .split(' - ')[0]
        .trim()
        .toUpperCase();
      if (!vendor) throw bad('Vendor', 'REQUIRED');
      await requireVendor(ex, vendor);
      const label = String(body.NegCostLabel ?? '').trim();
      if (!label) throw bad('NegCostLabel', 'REQUIRED');
      const cost = parseMoneyInput(String(body.ChangeAmount ?? ''), COST_SCALE);
      if (!cost.ok) throw bad('ChangeAmount', cost.code);
      if (cost.value === null || cost.value < 0n) throw bad('ChangeAmount', 'REQUIRED');
      const effective = parseDateInput(body.strEffectiveDate);
      if (!effective) throw bad('strEffectiveDate', body.strEffectiveDate ? 'INVALID_DATE' : 'REQUIRED');
      const expiration = body.strExpiredDate
        ? parseDateInput(body.strExpiredDate)
        : addMonths(todayIso(timeZone), 1);
      if (!expiration) throw bad('strExpiredDate', 'INVALID_DATE');
      if (expiration < effective)
        throw new AppError('VALIDATION', `strExpiredDate: ${msg('EXPIRATION_BEFORE_EFFECTIVE')}`);
      return { vendor, label, cost: fromMinor(cost.value, COST_SCALE), effective, expiration };
    },

    /** Writes a checked negotiated cost holding the items; returns the header's id. */
    create: (o: {
      ex: Executor;
      zoneId: number;
      negCost: NegCost;
      items: { itemId: string; packSize: number }[];
    }): Promise<number> => insertNegCost(o.ex, { zoneId: o.zoneId, ...o.negCost, items: o.items }),
  };
}

export type NegCostService = ReturnType<typeof negCostService>;
