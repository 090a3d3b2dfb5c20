import {
  Department,
  DepartmentsParams,
  ItemGroup,
  ItemType,
  LanguageQuery,
  Redemption,
  rootOf,
  TaxGroup,
  Uom,
  UserParams as User,
  UserZone,
  UserZoneParams,
  Vendor,
} from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { root } from '../../lib/errors';
import { requireUser } from '../auth/guard';
import { readTranslation } from '../shell/translation';
import * as q from './queries';

const tags = ['lookups'];
/** A lookup list's answer. */
const list = (row: z.ZodType) => ({ 200: rootOf(z.array(row)) });

/** GET lookups; the guard has already checked `{user}` and `{zone}`. */
export async function lookupRoutes(app: FastifyInstance, opts: { services: { db: Db } }) {
  const { db } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/departments/:user/:zone/ItemTypeName/:itemTypeName',
    { schema: { tags, params: DepartmentsParams, response: list(Department) } },
    async (req) => root(await q.listDepartments(db, req.params.zone, req.params.itemTypeName.toUpperCase())),
  );
  r.get(
    '/taxgroups/:user/:zone',
    { schema: { tags, params: UserZoneParams, response: list(TaxGroup) } },
    async (req) => root(await q.listTaxGroups(db, req.params.zone)),
  );
  r.get(
    '/redemptions/:user/:zone',
    { schema: { tags, params: UserZoneParams, response: list(Redemption) } },
    async () => root(await q.listRedemptions(db)),
  );
  r.get(
    '/redemptionsPerZone/:user/:zone',
    { schema: { tags, params: UserZoneParams, response: list(Redemption) } },
    async (req) => root(await q.listRedemptionsPerZone(db, req.params.zone)),
  );
  r.get(
    '/itemgroups/:user/:zone',
    { schema: { tags, params: UserZoneParams, response: list(ItemGroup) } },
    async () => root(await q.listItemGroups(db)),
  );
  r.get(
    '/itemtypes/:user/:zone',
    { schema: { tags, params: UserZoneParams, response: list(ItemType) } },
    async () => root(await q.listItemTypes(db)),
  );
  r.get(
    '/items/uom/:user/:zone',
    { schema: { tags, params: UserZoneParams, response: list(Uom) } },
    async () => root(await q.listUoms(db)),
  );
  r.get('/vendors/:user', { schema: { tags, params: User, response: list(Vendor) } }, async () =>
    root(await q.listVendors(db)),
  );
  r.get('/userZones/:user', { schema: { tags, params: User, response: list(UserZone) } }, async (req) =>
    root(await q.listUserZones(db, requireUser(req).userId)),
  );
  r.get('/tableVersion/:user', { schema: { tags, params: User } }, async () =>
    root(await q.getSetting(db, 'tableVersion', 30)),
  );
  r.get('/translate/:user/', { schema: { tags, params: User, querystring: LanguageQuery } }, async (req) =>
    readTranslation(req.query.lang),
  );
}
