/** Item Adjustment's calls (spec part 1 §7): search, grid edits, bulk updates, coverage, events. */
import {
  formatUsDateTime,
  isoDateInZone,
  itemAdjustCriteriaSchema,
  msg,
  type SearchCriteria,
} from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { AppError, root } from '../../lib/errors';
import { assertZone, requireUser } from '../auth/guard';
import { loadPrefMask } from '../auth/prefs';
import { assertUserSites, distributeSelected } from '../distribution/selected';
import { listItemGroups, listRedemptionsPerZone, listTaxGroups, listVendors } from '../lookups/queries';
import { listNegCostHeaders, listNegCostItems } from '../negcost/queries';
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
import { type BatchOp, runBatch } from './batch-run';
import { siteZoneCoverage } from './coverage';
import { mostCommon } from './most-common';
import { setNegCostOp } from './neg-cost-op';
import { SORTABLE, searchItems } from './search';
import { setPriceOp } from './set-price-op';
import { submitChange } from './submit-change';

const tags = ['item adjustment'];
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
const User = z.object({ user: z.string() });
const Selected = z.object({
  ID: z
    .string()
    .min(1)
    .transform((s) => s.trim().toUpperCase()),
  PackSize: z.coerce.number().int().min(1),
  UpdateKey: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v == null ? null : String(v))),
});
const BatchBase = z.object({
  ZoneSetupID: z.coerce.number().int(),
  SelectedItems: z.array(Selected).min(1, 'select at least one item').max(50_000),
  Coverage: z.array(z.number().int()).nullish(),
  Preview: z.boolean().optional(),
});
const Search = z.object({
  ZoneSetupID: z.coerce.number().int(),
  clientCriterias: z.record(z.string(), z.unknown()).default({}),
  DivergentOnly: z.boolean().optional(),
  Page: z.coerce.number().int().min(1).default(1),
  PageSize: z.coerce.number().int().min(1).max(5000).default(100),
  OrderBy: z
    .object({ field: z.enum(Object.keys(SORTABLE) as [keyof typeof SORTABLE]), dir: z.enum(['asc', 'desc']) })
    .optional(),
});

const BULK: Array<[string, BatchOp<never>, z.ZodType]> = [
  [
    'updateSSCSItemsPriceChange',
    setPriceOp as BatchOp<never>,
    BatchBase.extend({
      UpdateType: z.coerce.number().int(),
      RoundType: z.coerce.number().int().default(0),
      ChangeAmount: z.union([z.string(), z.number()]).transform(String),
      PromotionDateType: z.coerce.number().int().optional(),
      strEffectiveDate: z.string().nullish(),
      strExpiredDate: z.string().nullish(),
      PricingEventName: z.string().nullish(),
      PricingEventMode: z.coerce.number().int().nullish(),
    }),
  ],
  [
    'updateItemCost',
    setCostOp as BatchOp<never>,
    BatchBase.extend({
      UnitCost: z.union([z.string(), z.number()]).transform(String).optional(),
      ItemCosts: z
        .array(
          z.object({
            ItemIdCoding: z.string(),
            PackSize: z.coerce.number().int(),
            Cost: z.union([z.string(), z.number()]).transform(String),
          }),
        )
        .optional(),
    }),
  ],
  [
    'updateSSCSItemsCrvChange',
    setRedemptionOp as BatchOp<never>,
    BatchBase.extend({ crvId: z.union([z.string(), z.number()]).nullable() }),
  ],
  [
    'updateSSCSItemsTaxGroupChange',
    setTaxGroupOp as BatchOp<never>,
    BatchBase.extend({ TaxGroupId: z.union([z.string(), z.number()]).nullable() }),
  ],
  [
    'updateSSCSItemsDepartmentChange',
    setDepartmentOp as BatchOp<never>,
    BatchBase.extend({ DeptSubNum: z.coerce.number().int().min(1), IsKeepSub: z.boolean().optional() }),
  ],
  [
    'updateSSCSItemGroupChange',
    setItemGroupOp as BatchOp<never>,
    BatchBase.extend({
      itemgroup: z.string(),
      themode: z.string(),
      bAppendItems: z.boolean().optional(),
      Description: z.string().optional(),
    }),
  ],
  ['updateSSCSVendorIDChange', setVendorOp as BatchOp<never>, BatchBase.extend({ vendorid: z.string() })],
  [
    'updateItemValues',
    setMinMaxOp as BatchOp<never>,
    BatchBase.extend({
      min_on_hand: z.number().int().nullish(),
      max_on_hand: z.number().int().nullish(),
      min_purchase_qty: z.number().int().nullish(),
    }),
  ],
  ['updateItemsActiveFlag', setInactiveOp as BatchOp<never>, BatchBase.extend({ flag: z.boolean() })],
  [
    'updateSSCSItemsNegCost',
    setNegCostOp as BatchOp<never>,
    BatchBase.extend({
      Vendor: z.string(),
      NegCostLabel: z.string(),
      ChangeAmount: z.union([z.string(), z.number()]).transform(String),
      strEffectiveDate: z.string(),
      strExpiredDate: z.string().nullish(),
    }),
  ],
];

export async function itemAdjustRoutes(
  app: FastifyInstance,
  opts: { db: Db; sitesDir: string; timeZone: string },
) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const context = async (req: FastifyRequest, zoneId: number) => {
    await assertZone(db, req, zoneId);
    const user = requireUser(req);
    return {
      user: user.userName,
      userId: user.userId,
      zoneId,
      prefMask: await loadPrefMask(db, user.userId),
      timeZone: opts.timeZone,
    };
  };

  r.post('/adjust/:user/sscitems', { schema: { tags, params: User, body: Search } }, async (req) => {
    const b = req.body;
    await assertZone(db, req, b.ZoneSetupID);
    const parsed = itemAdjustCriteriaSchema.safeParse(b.clientCriterias);
    if (!parsed.success && !b.DivergentOnly) {
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
      zoneId: b.ZoneSetupID,
      criteria,
      divergentOnly: b.DivergentOnly,
      page: b.Page,
      pageSize: b.PageSize,
      orderBy: b.OrderBy,
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

  r.post(
    '/adjust/:user/criteria',
    { schema: { tags, params: User, body: z.object({ ZoneSetupID: z.coerce.number().int() }) } },
    async (req) => {
      const zoneId = req.body.ZoneSetupID;
      await assertZone(db, req, zoneId);
      return root({
        Vendors: await listVendors(db),
        ItemGroups: await listItemGroups(db),
        TaxGroups: await listTaxGroups(db, zoneId),
        Redemptions: await listRedemptionsPerZone(db, zoneId),
        NegCostTemplates: await listNegCostHeaders(db, zoneId),
      });
    },
  );

  r.get(
    '/adjust/:user/mostCommon',
    {
      schema: {
        tags,
        params: User,
        querystring: z.object({
          ZoneSetupID: z.coerce.number().int(),
          ID: z.string(),
          PS: z.coerce.number().int(),
          FieldName: z.string(),
        }),
      },
    },
    async (req) => {
      const q = req.query;
      await assertZone(db, req, q.ZoneSetupID);
      return root(await mostCommon(db, q.ZoneSetupID, q.ID.toUpperCase(), q.PS, q.FieldName));
    },
  );

  r.post(
    '/adjust/:user/submitChange',
    {
      schema: {
        tags,
        params: User,
        body: z.object({
          ZoneSetupID: z.coerce.number().int(),
          Item: Selected.extend({
            Description: z.string().optional(),
            ReceiptDescription: z.string().nullish(),
            DeptSub: z.union([z.string(), z.number()]).transform(String).optional(),
            UnitList: z.union([z.string(), z.number()]).transform(String).optional(),
            UnitCost: z.union([z.string(), z.number()]).transform(String).optional(),
            Margin: z.union([z.string(), z.number()]).transform(String).optional(),
            TaxGroupId: z.union([z.string(), z.number()]).nullish(),
            CrvID: z.union([z.string(), z.number()]).nullish(),
            Active: z.boolean().optional(),
          }),
        }),
      },
    },
    async (req) => {
      const ctx = await context(req, req.body.ZoneSetupID);
      const row = await db.transaction((tx) => submitChange({ ex: tx, ...ctx, item: req.body.Item }));
      return { GetSSCSItemsResult: { TotalCount: 1, Items: [row], Message: msg('ITEM_SAVED') } };
    },
  );

  for (const [call, op, body] of BULK) {
    r.post(`/adjust/:user/${call}`, { schema: { tags, params: User, body } }, async (req) => {
      const b = req.body as z.infer<typeof BatchBase>;
      const ctx = await context(req, b.ZoneSetupID);
      return root(await runBatch({ db, ctx, op, body: b as never }));
    });
  }

  r.post(
    '/adjust/:user/distributeSelItemsToSelSites',
    {
      schema: {
        tags,
        params: User,
        body: z.object({
          zonesetupid: z.coerce.number().int(),
          SelectedItems: z.array(Selected).min(1).max(50_000),
          sites: z.string().regex(/^\s*-?\d+(\s*,\s*-?\d+)*\s*$/, 'a comma list of SetupID'),
        }),
      },
    },
    async (req) => {
      const b = req.body;
      await assertZone(db, req, b.zonesetupid);
      const siteIds = [...new Set(b.sites.split(',').map((s) => Math.abs(Number(s.trim()))))];
      await assertUserSites(db, requireUser(req).userId, siteIds);
      const sites = await distributeSelected({
        db,
        sitesDir: opts.sitesDir,
        siteIds,
        items: b.SelectedItems.map((i) => ({ itemId: i.ID, packSize: i.PackSize })),
      });
      return root({ Sites: sites, Message: msg('SUCCESSFULLY_SAVED') });
    },
  );

  r.get(
    '/adjust/negcosthdrs/:user/:zone',
    { schema: { tags, params: z.object({ user: z.string(), zone: z.string() }) } },
    async (req) => {
      const zoneId = Number(req.params.zone);
      return { root: await listNegCostHeaders(db, zoneId), included: await listNegCostItems(db, zoneId) };
    },
  );

  const coverageBody = z.object({
    ZoneSetupID: z.coerce.number().int(),
    SelectedItems: z.array(Selected).max(50_000).default([]),
  });
  for (const path of ['/adjust/:user/siteZoneCoverage', '/zoneImpactedSitesForSelectedItems/:user']) {
    r.post(path, { schema: { tags, params: User, body: coverageBody } }, async (req) => {
      await assertZone(db, req, req.body.ZoneSetupID);
      return root(await siteZoneCoverage(db, req.body.ZoneSetupID, req.body.SelectedItems));
    });
  }

  const events = (current: boolean) => async (req: FastifyRequest<{ Params: { zone: string } }>) => {
    const zoneId = Number(req.params.zone);
    const found = await rows<{ name: string; effective_at: Date; status: number }>(
      db,
      sql`select name, effective_at, status from pricing_events where zone_id = ${zoneId}
        ${current ? sql`and status <> 3` : sql``} order by status, effective_at`,
    );
    return root(
      found.map((e) => ({
        PricingEventName: e.name,
        EffectiveDateTime: new Date(e.effective_at).toISOString(),
        EffectiveDate: isoDateInZone(new Date(e.effective_at), opts.timeZone),
        strEffectiveDateTime: formatUsDateTime(new Date(e.effective_at), opts.timeZone),
        Status: e.status,
        SortableStatus: e.status,
      })),
    );
  };
  const ZoneParams = z.object({ user: z.string(), zone: z.string() });
  r.get('/getZonePricingEvents/:user/:zone', { schema: { tags, params: ZoneParams } }, events(false));
  r.get('/currentPricingEvents/:user/:zone', { schema: { tags, params: ZoneParams } }, events(true));
}
