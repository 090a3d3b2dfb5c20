/**
 * Auto-accept rules' calls (beyond the spec; docs/api-outside-updates.md "Auto-accept rules"):
 *   GET    /outsideupdates/{user}/{zone}/rules            the zone's rules, in the order they are tried
 *   POST   /outsideupdates/{user}/{zone}/rules            add a rule
 *   PUT    /outsideupdates/{user}/{zone}/rules/{rule}     replace a rule
 *   DELETE /outsideupdates/{user}/{zone}/rules/{rule}     delete a rule
 *   POST   /outsideupdates/{user}/{zone}/rules/dryrun     what the enabled rules would decide now
 * `{user}` is the signed-in user and `{zone}` one of their zones (the guard).
 */
import {
  OU_RULES_MAX,
  OuRuleBody,
  OuRuleDeleteResponse,
  OuRuleDryRunResponse,
  OuRuleParams,
  OuRuleResponse,
  OuRulesResponse,
  UserZoneParams,
} from '@cpb/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { root } from '../../../lib/errors';
import { requireUser } from '../../auth/guard';
import { dryRun } from './run';
import { createRule, deleteRule, present, updateRule, zoneRules } from './store';

const tags = ['outside updates'];

export async function ouRuleRoutes(
  app: FastifyInstance,
  opts: { services: { db: Db; config: Pick<AppConfig, 'ouItemCap'> } },
) {
  const { db, config } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const who = (req: FastifyRequest) => requireUser(req);

  r.get(
    '/outsideupdates/:user/:zone/rules',
    { schema: { tags, params: UserZoneParams, response: { 200: OuRulesResponse } } },
    async (req) => root((await zoneRules(db, [req.params.zone])).map(present)),
  );

  r.post(
    '/outsideupdates/:user/:zone/rules',
    { schema: { tags, params: UserZoneParams, body: OuRuleBody, response: { 200: OuRuleResponse } } },
    async (req) => {
      const u = who(req);
      const made = await db.transaction((tx) =>
        createRule(tx, {
          zoneId: req.params.zone,
          userId: u.userId,
          userName: u.userName,
          body: req.body,
          max: OU_RULES_MAX,
        }),
      );
      return root(present(made));
    },
  );

  r.post(
    '/outsideupdates/:user/:zone/rules/dryrun',
    { schema: { tags, params: UserZoneParams, response: { 200: OuRuleDryRunResponse } } },
    async (req) => root(await dryRun(db, { zoneId: req.params.zone, cap: config.ouItemCap })),
  );

  r.put(
    '/outsideupdates/:user/:zone/rules/:rule',
    { schema: { tags, params: OuRuleParams, body: OuRuleBody, response: { 200: OuRuleResponse } } },
    async (req) => {
      const u = who(req);
      const saved = await db.transaction((tx) =>
        updateRule(tx, {
          zoneId: req.params.zone,
          ruleId: req.params.rule,
          userName: u.userName,
          body: req.body,
        }),
      );
      return root(present(saved));
    },
  );

  r.delete(
    '/outsideupdates/:user/:zone/rules/:rule',
    { schema: { tags, params: OuRuleParams, response: { 200: OuRuleDeleteResponse } } },
    async (req) =>
      root({ Deleted: await deleteRule(db, { zoneId: req.params.zone, ruleId: req.params.rule }) }),
  );
}
