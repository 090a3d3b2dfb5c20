/** The auto-accept rules' calls (docs/api-outside-updates.md "Auto-accept rules"). */
import type { OuRule, OuRuleBodyInput, OuRuleDecision } from '@cpb/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, seg } from '../../../shared/api';

export interface OuDryRun {
  Considered: number;
  KeptByUser: number;
  Decisions: OuRuleDecision[];
}

const base = (user: string, zoneId: number) => `/outsideupdates/${seg(user)}/${zoneId}/rules`;

export const ouRuleKeys = {
  list: (user: string, zoneId: number) => ['outsideUpdates', 'rules', user, zoneId] as const,
};

export const ouRulesQuery = (user: string, zoneId: number) =>
  queryOptions({
    queryKey: ouRuleKeys.list(user, zoneId),
    queryFn: () => api<OuRule[]>(base(user, zoneId)),
    staleTime: 0,
  });

export function saveOuRule(user: string, zoneId: number, body: OuRuleBodyInput, ruleId?: number) {
  return ruleId === undefined
    ? api<OuRule>(base(user, zoneId), { body })
    : api<OuRule>(`${base(user, zoneId)}/${ruleId}`, { method: 'PUT', body });
}

export function deleteOuRule(user: string, zoneId: number, ruleId: number) {
  return api<{ Deleted: number }>(`${base(user, zoneId)}/${ruleId}`, { method: 'DELETE' });
}

export function dryRunOuRules(user: string, zoneId: number) {
  return api<OuDryRun>(`${base(user, zoneId)}/dryrun`, { method: 'POST', body: {} });
}
