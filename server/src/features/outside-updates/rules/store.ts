/**
 * The auto-accept rules' rows (table ou_rules, migration 0006): read, create, edit, delete, per
 * zone. The conditions are stored as the domain schema's output (api/ou-rules.ts) and read back
 * through it, so a row the schema no longer accepts is refused loudly rather than misread.
 */
import {
  type OuRule,
  type OuRuleAction,
  type OuRuleBody,
  OuRuleConditions,
  type RuleLike,
} from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rows } from '../../../db/client';
import { AppError } from '../../../lib/errors';

interface RuleRow {
  id: number;
  zone_id: number;
  name: string;
  enabled: boolean;
  action: OuRuleAction;
  priority: number;
  conditions: unknown;
  created_by: number;
  created_by_name: string;
  created_at: Date | string;
  updated_by: number | null;
  updated_by_name: string | null;
  updated_at: Date | string | null;
}

/** A stored rule as the engine and the runner read it. */
export interface StoredRule extends RuleLike {
  zoneId: number;
  createdBy: number;
  createdByName: string;
  /** Who the rule's decisions are written as: who last changed it, else its author. */
  decidedBy: number;
  decidedByName: string;
  row: RuleRow;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function stored(r: RuleRow): StoredRule {
  return {
    id: r.id,
    zoneId: r.zone_id,
    name: r.name,
    enabled: r.enabled,
    action: r.action,
    priority: r.priority,
    conditions: OuRuleConditions.parse(r.conditions),
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    decidedBy: r.updated_by ?? r.created_by,
    decidedByName: r.updated_by !== null && r.updated_by_name ? r.updated_by_name : r.created_by_name,
    row: r,
  };
}

export function present(r: StoredRule): OuRule {
  return {
    RuleID: r.id,
    ZoneSetupID: r.zoneId,
    Name: r.name,
    Enabled: r.enabled,
    Action: r.action,
    Priority: r.priority,
    Conditions: r.conditions,
    CreatedBy: r.createdByName,
    CreatedAt: iso(r.row.created_at) as string,
    UpdatedBy: r.row.updated_by_name,
    UpdatedAt: iso(r.row.updated_at),
  };
}

/** The zone's rules in the order they are tried (enabled or not; `enabledOnly` for the runner). */
export async function zoneRules(
  ex: Executor,
  zoneIds: readonly number[],
  o: { enabledOnly?: boolean } = {},
): Promise<StoredRule[]> {
  if (zoneIds.length === 0) return [];
  const found = await rows<RuleRow>(
    ex,
    sql`select * from ou_rules where zone_id in (${sql.join(
      zoneIds.map((z) => sql`${z}`),
      sql`, `,
    )}) ${o.enabledOnly ? sql`and enabled` : sql``}
      order by zone_id, priority, id`,
  );
  return found.map(stored);
}

async function assertNameFree(ex: Executor, zoneId: number, name: string, except: number | null) {
  const [same] = await rows<{ id: number }>(
    ex,
    sql`select id from ou_rules where zone_id = ${zoneId} and lower(name) = lower(${name})
      ${except === null ? sql`` : sql`and id <> ${except}`}`,
  );
  if (same) throw new AppError('VALIDATION', `A rule named '${name}' already exists in this zone.`);
}

async function countRules(ex: Executor, zoneId: number) {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from ou_rules where zone_id = ${zoneId}`,
  );
  return r.n;
}

export async function createRule(
  ex: Executor,
  o: { zoneId: number; userId: number; userName: string; body: OuRuleBody; max: number },
): Promise<StoredRule> {
  await ex.execute(sql`select id from zones where id = ${o.zoneId} for update`);
  if ((await countRules(ex, o.zoneId)) >= o.max) {
    throw new AppError('VALIDATION', `A zone holds at most ${o.max} rules; delete one first.`);
  }
  await assertNameFree(ex, o.zoneId, o.body.Name, null);
  const b = o.body;
  const [r] = await rows<RuleRow>(
    ex,
    sql`insert into ou_rules (zone_id, name, enabled, action, priority, conditions, created_by, created_by_name)
      values (${o.zoneId}, ${b.Name}, ${b.Enabled}, ${b.Action}, ${b.Priority},
        ${JSON.stringify(b.Conditions)}::jsonb, ${o.userId}, ${o.userName})
      returning *`,
  );
  return stored(r);
}

export async function updateRule(
  ex: Executor,
  o: { zoneId: number; ruleId: number; userId: number; userName: string; body: OuRuleBody },
): Promise<StoredRule> {
  await ex.execute(sql`select id from zones where id = ${o.zoneId} for update`);
  await assertNameFree(ex, o.zoneId, o.body.Name, o.ruleId);
  const b = o.body;
  const [r] = await rows<RuleRow>(
    ex,
    sql`update ou_rules set name = ${b.Name}, enabled = ${b.Enabled}, action = ${b.Action},
        priority = ${b.Priority}, conditions = ${JSON.stringify(b.Conditions)}::jsonb,
        updated_by = ${o.userId}, updated_by_name = ${o.userName}, updated_at = now()
      where id = ${o.ruleId} and zone_id = ${o.zoneId}
      returning *`,
  );
  if (!r) throw new AppError('NOT_FOUND', `No rule ${o.ruleId} in this zone.`);
  return stored(r);
}

export async function deleteRule(ex: Executor, o: { zoneId: number; ruleId: number }): Promise<number> {
  const gone = await rows<{ id: number }>(
    ex,
    sql`delete from ou_rules where id = ${o.ruleId} and zone_id = ${o.zoneId} returning id`,
  );
  if (gone.length === 0) throw new AppError('NOT_FOUND', `No rule ${o.ruleId} in this zone.`);
  return gone.length;
}
