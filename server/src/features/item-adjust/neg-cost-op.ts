/** Set Negotiated Cost: a negotiated cost header (vendor, label, cost, dates) holding the selected items. */
import {
  addMonths,
  COST_SCALE,
  formatUsDate,
  fromMinor,
  msg,
  parseDateInput,
  parseMoneyInput,
} from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { ident } from './batch-ops';
import type { BatchOp, SelectedItem } from './batch-run';
import { vendorNames } from './preview-names';
import { todayIso } from './set-price-op';
import { requireVendor } from './validate';

export interface NegCostBody {
  SelectedItems: SelectedItem[];
  Vendor: string;
  NegCostLabel: string;
  ChangeAmount: string;
  strEffectiveDate: string;
  strExpiredDate?: string | null;
}

const bad = (field: string, code: Parameters<typeof msg>[0]) =>
  new AppError('VALIDATION', `${field}: ${msg(code)}`);

export const setNegCostOp: BatchOp<NegCostBody> = {
  name: 'Set Negotiated Cost',
  async plan(ctx, body, current) {
    const vendor = String(body.Vendor ?? '')
      .split(' - ')[0]
      .trim()
      .toUpperCase();
    if (!vendor) throw bad('Vendor', 'REQUIRED');
    await requireVendor(ctx.ex, vendor);
    const label = String(body.NegCostLabel ?? '').trim();
    if (!label) throw bad('NegCostLabel', 'REQUIRED');
    const cost = parseMoneyInput(String(body.ChangeAmount ?? ''), COST_SCALE);
    if (!cost.ok) throw bad('ChangeAmount', cost.code);
    if (cost.value === null || cost.value < 0n) throw bad('ChangeAmount', 'REQUIRED');
    const eff = parseDateInput(body.strEffectiveDate);
    if (!eff) throw bad('strEffectiveDate', body.strEffectiveDate ? 'INVALID_DATE' : 'REQUIRED');
    const exp = body.strExpiredDate
      ? parseDateInput(body.strExpiredDate)
      : addMonths(todayIso(ctx.timeZone), 1);
    if (!exp) throw bad('strExpiredDate', 'INVALID_DATE');
    if (exp < eff) throw new AppError('VALIDATION', `strExpiredDate: ${msg('EXPIRATION_BEFORE_EFFECTIVE')}`);
    const costText = fromMinor(cost.value, COST_SCALE);
    const vendorName = await vendorNames(ctx.ex);
    return {
      fields: [],
      changes: [],
      skipSiteWrite: true,
      savedCount: current.length,
      preview: current.map((r) => ({
        ...ident(r),
        VendorID: vendorName(vendor),
        Label: label,
        NegCost: costText,
        BeginDate: formatUsDate(eff),
        EndDate: formatUsDate(exp),
      })),
      extra: async (ex) => {
        const [h] = await rows<{ id: number }>(
          ex,
          sql`insert into negotiated_cost_headers (zone_id, vendor_id, label, cost, effective_date, expiration_date)
            values (${ctx.zoneId}, ${vendor}, ${label}, ${costText}::numeric, ${eff}::date, ${exp}::date) returning id`,
        );
        await ex.execute(sql`insert into negotiated_cost_items (header_id, item_id, pack_size)
          select ${h.id}, i, p from unnest(${pgArray(
            current.map((r) => r.ID),
            'text',
          )}, ${pgArray(
            current.map((r) => r.PackSize),
            'int',
          )}) as v(i, p)`);
      },
    };
  },
};
