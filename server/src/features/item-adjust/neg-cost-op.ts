/**
 * Set Negotiated Cost: a negotiated cost header (vendor, label, cost, dates) holding the selected
 * items. The check and the write are features/negcost's; this operation adds the preview rows.
 */
import { batchCalls, formatUsDate } from '@cpb/domain';
import { ident } from './batch-ops';
import { defineBatchOp } from './batch-run';
import { vendorNames } from './preview-names';

export const setNegCostOp = defineBatchOp(batchCalls.updateSSCSItemsNegCost, {
  name: 'Set Negotiated Cost',
  async plan(ctx, body, current) {
    const negCosts = ctx.services.negCosts;
    const negCost = await negCosts.check(ctx.ex, body);
    return {
      fields: [],
      changes: [],
      skipSiteWrite: true,
      savedCount: current.length,
      preview: async () => {
        const vendorName = await vendorNames(ctx.ex);
        return current.map((r) => ({
          ...ident(r),
          VendorID: vendorName(negCost.vendor),
          Label: negCost.label,
          NegCost: negCost.cost,
          BeginDate: formatUsDate(negCost.effective),
          EndDate: formatUsDate(negCost.expiration),
        }));
      },
      extra: async (ex) => {
        await negCosts.create({
          ex,
          zoneId: ctx.zoneId,
          negCost,
          items: current.map((r) => ({ itemId: r.ID, packSize: r.PackSize })),
        });
      },
    };
  },
});
