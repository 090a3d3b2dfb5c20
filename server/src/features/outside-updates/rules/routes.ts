/**
 * Auto-accept rules' calls (beyond the spec; docs/api-outside-updates.md "Auto-accept rules"):
 *   GET    /outsideupdates/{user}/{zone}/rules            the zone's rules, in the order they are tried
 *   POST   /outsideupdates/{user}/{zone}/rules            add a rule
 *   PUT    /outsideupdates/{user}/{zone}/rules/{rule}     replace a rule
 *   DELETE /outsideupdates/{user}/{zone}/rules/{rule}     delete a rule
 *   POST   /outsideupdates/{user}/{zone}/rules/dryrun     what the enabled rules would decide now
 * `{user}` is the signed-in user and `{zone}` one of their zones (the guard).
 */
import { ouRuleCalls as c, OU_RULES_MAX } from '@cpb/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { root } from '../../../lib/errors';
import { route } from '../../../lib/route';
import { requireUser } from '../../auth/guard';
import { dryRun } from './run';
import { createRule, deleteRule, present, updateRule, zoneRules } from './store';

export async function ouRuleRoutes(
  app: FastifyInstance,
  opts: { services: { db: Db; config: Pick<AppConfig, 'ouItemCap'> } },
) {
  const { db, config } = opts.services;
  const who = (req: FastifyRequest) => requireUser(req);

  route(app, c.list, async (req) => root((await zoneRules(db, [req.params.zone])).map(present)));

  route(app, c.create, async (req) => {
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
  });

  route(app, c.dryRun, async (req) =>
    root(await dryRun(db, { zoneId: req.params.zone, cap: config.ouItemCap })),
  );

  route(app, c.update, async (req) => {
    const u = who(req);
    const saved = await db.transaction((tx) =>
      updateRule(tx, {
        zoneId: req.params.zone,
        ruleId: req.params.rule,
        userId: u.userId,
        userName: u.userName,
        body: req.body,
      }),
    );
    return root(present(saved));
  });

  route(app, c.remove, async (req) =>
    root({ Deleted: await deleteRule(db, { zoneId: req.params.zone, ruleId: req.params.rule }) }),
  );
}
