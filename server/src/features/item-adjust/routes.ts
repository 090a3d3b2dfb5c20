/**
 * Item Adjustment's calls (spec part 1 §7): search, grid edits, bulk updates and coverage. The
 * screen's other calls have their own features: pricing-events (event lists), negcost (templates),
 * distribution (send to stores) and reports (preview PDFs).
 */
import {
  type BatchContract,
  adjustCalls as c,
  itemAdjustCriteriaSchema,
  msg,
  type SearchCriteria,
} from '@cpb/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, root } from '../../lib/errors';
import { route } from '../../lib/route';
import { assertZone, requireUser } from '../auth/guard';
import { listItemGroups, listRedemptionsPerZone, listTaxGroups, listVendors } from '../lookups/queries';
import { beginWrite } from '../pricebook/write-scope';
import {
  setCostOp,
  setDepartmentOp,
  setInactiveOp,
  setItemGroupOp,
  setMinMaxOp,
  setRedemptionOp,
  setTaxGroupOp,
  setVendorOp,
} from './batch-ops';
import { type ItemAdjustServices, runBatch } from './batch-run';
import { siteZoneCoverage } from './coverage';
import { mostCommon } from './most-common';
import { setNegCostOp } from './neg-cost-op';
import type { PriceItemRow } from './presenter';
import { searchItems } from './search';
import { setPriceOp } from './set-price-op';
import { submitChange } from './submit-change';

/** Divergent-only with nothing else applied: every non-uniform item of the zone. */
const NO_CRITERIA: SearchCriteria = {
  vendor: null,
  inventoryId: null,
  packSize: null,
  upc: null,
  upcPackSize: null,
  margin: null,
  itemDesc: null,
  unitList: null,
  dept: null,
  itemGroup: null,
  taxGroup: null,
  redemption: null,
  crv: null,
};
/** The batch dialogs' operations: each registers its own call (op.call). */
const BATCH_OPS = [
  setPriceOp,
  setCostOp,
  setRedemptionOp,
  setTaxGroupOp,
  setDepartmentOp,
  setItemGroupOp,
  setVendorOp,
  setMinMaxOp,
  setInactiveOp,
  setNegCostOp,
] as const;

export async function itemAdjustRoutes(app: FastifyInstance, opts: { services: ItemAdjustServices }) {
  const { services } = opts;
  const { db } = services;
  // Writes check the zone (and read the preferences) in beginWrite's first statement; no round trip before it.
  const context = (req: FastifyRequest, zoneId: number) => {
    const user = requireUser(req);
    return { user: user.userName, userId: user.userId, zoneId, services };
  };

  route(app, c.search, async (req) => {
    const b = req.body;
    const parsed = itemAdjustCriteriaSchema.safeParse(b.clientCriterias);
    if (!parsed.success && !b.DivergentOnly) {
      // The zone is checked before the criteria (searchItems checks it when they are valid).
      await assertZone(db, req, b.ZoneSetupID);
      // A wrong field also leaves "no criterion applied"; the field's own message says more.
      const fieldIssues = parsed.error.issues.filter((i) => i.path.length > 0);
      const issues = fieldIssues.length ? fieldIssues : parsed.error.issues;
      throw new AppError(
        'VALIDATION',
        issues.map((i) => `${i.path.join('.') || 'criteria'}: ${i.message}`).join('; '),
      );
    }
    const criteria = parsed.success ? parsed.data : NO_CRITERIA;
    const { total, items } = await searchItems(db, {
      userId: requireUser(req).userId,
      zoneId: b.ZoneSetupID,
      criteria,
      divergentOnly: b.DivergentOnly,
      page: b.Page,
      pageSize: b.PageSize,
      orderBy: b.OrderBy ?? undefined,
    });
    return {
      GetSSCSItemsResult: {
        TotalCount: total,
        Page: b.Page,
        PageSize: b.PageSize,
        Items: items,
        Message: total ? null : msg('NO_ITEMS_FOUND'),
      },
    };
  });

  route(app, c.criteria, async (req) => {
    const zoneId = req.body.ZoneSetupID;
    await assertZone(db, req, zoneId);
    return root({
      Vendors: await listVendors(db),
      ItemGroups: await listItemGroups(db),
      TaxGroups: await listTaxGroups(db, zoneId),
      Redemptions: await listRedemptionsPerZone(db, zoneId),
      NegCostTemplates: await services.negCosts.listHeaders(zoneId),
    });
  });

  route(app, c.mostCommon, async (req) => {
    const q = req.query;
    await assertZone(db, req, q.ZoneSetupID);
    return root(await mostCommon(db, q.ZoneSetupID, q.ID, q.PS, q.FieldName));
  });

  route(app, c.submitChange, async (req) => {
    const ctx = context(req, req.body.ZoneSetupID);
    const row = await db.transaction(async (tx) =>
      submitChange({
        ex: tx,
        ...ctx,
        scope: await beginWrite(tx, { ...ctx, zoneField: null, fewItems: true }),
        item: req.body.Item,
      }),
    );
    return { GetSSCSItemsResult: { TotalCount: 1, Items: [row], Message: msg('ITEM_SAVED') } };
  });

  for (const op of BATCH_OPS) {
    route(app, op.call, async (req) => {
      const ctx = context(req, req.body.ZoneSetupID);
      return root(await runBatch<BatchContract, PriceItemRow>({ ctx, op, body: req.body, log: req.log }));
    });
  }

  for (const coverage of [c.siteZoneCoverage, c.zoneImpactedSites]) {
    route(app, coverage, async (req) => {
      await assertZone(db, req, req.body.ZoneSetupID);
      return root(await siteZoneCoverage(db, req.body.ZoneSetupID, req.body.SelectedItems));
    });
  }
}
