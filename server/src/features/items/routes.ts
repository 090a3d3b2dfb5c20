/**
 * The item calls of Add Item and Add/Edit Item (spec part 1 §7 "Item calls"): lookUpBatchItem,
 * updateBatchItem, getItemHistoryPerSite, getLinkedItems, ingredients and vendorsPerItem. The
 * items/uom lookup is in features/lookups.
 */
import { STATUS_CODES } from 'node:http';
import { itemCalls as c, formatDeptSub, msg, type SaveErrorAnswer } from '@cpb/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, root } from '../../lib/errors';
import { route } from '../../lib/route';
import { assertZone, requireUser } from '../auth/guard';
import { loadPrefMask } from '../auth/prefs';
import { assertWritableZones } from '../auth/site-access';
import { lookupItem, parseKey } from './lookup';
import { presentRecipe } from './presenter';
import {
  INGREDIENT_LIMIT_DEFAULT,
  INGREDIENT_LIMIT_MAX,
  listIngredients,
  listItemVendors,
  loadHistory,
  loadRecipes,
} from './queries';
import { SaveRefused, saveItems } from './save';

/** The zones the models name (ZoneSetupID); a value that is no zone number is refused with them. */
function modelZones(items: Record<string, unknown>[]): number[] {
  return items
    .map((m) => m.ZoneSetupID)
    .filter((z) => z != null && z !== '')
    .map((z) => Number(z));
}

/** A failed save: the message, and AjaxError with the status and, for a refusal, every error. */
function sendSaveError(reply: FastifyReply, err: AppError) {
  const answer: SaveErrorAnswer = {
    ErrorMessage: err.message,
    AjaxError: {
      Status: err.status,
      StatusText: err.code === 'CANNOT_SAVE' ? msg('BACKEND_CANNOT_SAVE') : (STATUS_CODES[err.status] ?? ''),
      Message: msg('SAVE_ITEM_FAILED', { detail: err.message }),
      Errors: err instanceof SaveRefused ? err.errors : [],
    },
  };
  return reply.code(err.status).headers(err.headers).send(answer);
}

export async function itemRoutes(app: FastifyInstance, opts: { services: { db: Db } }) {
  const { db } = opts.services;

  route(app, c.lookUpBatchItem, async (req) => {
    const b = req.body;
    await assertZone(db, req, b.ZoneSetupID);
    return root(await lookupItem(db, b.ZoneSetupID, parseKey(b.ID, b.PackSize)));
  });

  route(app, c.updateBatchItem, async (req, reply) => {
    const b = req.body;
    const items = b.Items ?? (b.model ? [b.model] : []);
    const zoneId = b.ZoneSetupID ?? items[0]?.ZoneSetupID;
    try {
      if (zoneId == null) throw new AppError('VALIDATION', 'ZoneSetupID: Required.');
      await assertZone(db, req, zoneId);
      const user = requireUser(req);
      // A model's own ZoneSetupID must be the user's too, though the save uses the request's zone.
      await assertWritableZones(db, user.userId, modelZones(items), 'Items.ZoneSetupID');
      const prefMask = await loadPrefMask(db, user.userId);
      const result = await db.transaction((tx) =>
        saveItems({ ex: tx, user: user.userName, userId: user.userId, zoneId, prefMask, items }),
      );
      return root(result);
    } catch (err) {
      if (err instanceof AppError) return sendSaveError(reply, err);
      req.log.error({ err }, 'updateBatchItem failed');
      return sendSaveError(reply, new AppError('INTERNAL', 'Unexpected server error. It has been logged.'));
    }
  });

  route(app, c.itemHistory, async (req) => {
    const b = req.body;
    await assertZone(db, req, b.ZoneSetupID);
    const found = await loadHistory(db, b.ZoneSetupID, parseKey(b.ID, b.PackSize));
    return root(
      found.map((h) => ({
        SiteNo: h.site_no,
        SiteName: h.site_name,
        ChangedBy: h.changed_by,
        Date: new Date(h.changed_at).toISOString(),
        DeptSub: h.dept === null || h.sub === null ? null : formatDeptSub({ dept: h.dept, sub: h.sub }),
        UnitList: h.unit_list,
        UnitCost: h.unit_cost,
        Source: h.source,
        InZone: h.in_zone,
      })),
    );
  });

  route(app, c.linkedItems, async (req) => {
    const q = req.query;
    await assertZone(db, req, q.ZoneSetupID);
    const found = await loadRecipes(db, q.ZoneSetupID, parseKey(q.ID, q.PS));
    return root(found.map(presentRecipe));
  });

  route(app, c.ingredients, async (req) =>
    root(
      await listIngredients(db, req.params.zone, {
        search: req.query.search,
        limit: Math.min(req.query.limit ?? INGREDIENT_LIMIT_DEFAULT, INGREDIENT_LIMIT_MAX),
      }),
    ),
  );

  route(app, c.vendorsPerItem, async (req) =>
    root(await listItemVendors(db, parseKey(req.params.itemId, req.query.PS))),
  );
}
