import { lookupCalls as c } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { root } from '../../lib/errors';
import { route } from '../../lib/route';
import { requireUser } from '../auth/guard';
import { readTranslation } from '../shell/translation';
import * as q from './queries';

/** GET lookups; the guard has already checked `{user}` and `{zone}`. */
export async function lookupRoutes(app: FastifyInstance, opts: { services: { db: Db } }) {
  const { db } = opts.services;
  route(app, c.departments, async (req) =>
    root(await q.listDepartments(db, req.params.zone, req.params.itemTypeName.toUpperCase())),
  );
  route(app, c.taxGroups, async (req) => root(await q.listTaxGroups(db, req.params.zone)));
  route(app, c.redemptions, async () => root(await q.listRedemptions(db)));
  route(app, c.redemptionsPerZone, async (req) => root(await q.listRedemptionsPerZone(db, req.params.zone)));
  route(app, c.itemGroups, async () => root(await q.listItemGroups(db)));
  route(app, c.itemTypes, async () => root(await q.listItemTypes(db)));
  route(app, c.uoms, async () => root(await q.listUoms(db)));
  route(app, c.vendors, async () => root(await q.listVendors(db)));
  route(app, c.userZones, async (req) => root(await q.listUserZones(db, requireUser(req).userId)));
  route(app, c.tableVersion, async () => root(await q.getSetting(db, 'tableVersion', 30)));
  route(app, c.translate, async (req) => readTranslation(req.query.lang));
}
