/** The auto-accept rules' calls (docs/api-outside-updates.md "Auto-accept rules"), through their contracts. */
import { type OuRuleBodyInput, type OuRuleDryRunResponse, ouRuleCalls } from '@cpb/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../shared/api';

/** What a dry run answers: the domain's type. */
export type OuDryRun = z.infer<typeof OuRuleDryRunResponse>['RootResults'];

export const ouRuleKeys = {
  list: (user: string, zoneId: number) => ['outsideUpdates', 'rules', user, zoneId] as const,
};

export const ouRulesQuery = (user: string, zoneId: number) =>
  queryOptions({
    queryKey: ouRuleKeys.list(user, zoneId),
    queryFn: () => call(ouRuleCalls.list, { params: { user, zone: zoneId } }),
    staleTime: 0,
  });

export function saveOuRule(user: string, zoneId: number, body: OuRuleBodyInput, ruleId?: number) {
  return ruleId === undefined
    ? call(ouRuleCalls.create, { params: { user, zone: zoneId }, body })
    : call(ouRuleCalls.update, { params: { user, zone: zoneId, rule: ruleId }, body });
}

export function deleteOuRule(user: string, zoneId: number, ruleId: number) {
  return call(ouRuleCalls.remove, { params: { user, zone: zoneId, rule: ruleId } });
}

export function dryRunOuRules(user: string, zoneId: number) {
  return call(ouRuleCalls.dryRun, { params: { user, zone: zoneId } });
}
