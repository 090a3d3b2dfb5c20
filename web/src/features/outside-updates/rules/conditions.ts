/**
 * The rules editor's model: a rule's conditions as the form holds them (text boxes, empty = unset)
 * and back, and a rule's conditions as one line of text. The schema itself is the domain's
 * (api/ou-rules.ts): the server validates with it and the form checks with it before sending.
 */
import {
  type ChangeFld,
  OU_RULE_FIELDS,
  type OuRule,
  OuRuleBody,
  type OuRuleBodyInput,
  type OuRuleConditions,
} from '@cpb/domain';
import type { TFunction } from 'i18next';

export interface RuleForm {
  Name: string;
  Enabled: boolean;
  Action: 'accept' | 'synch_site' | 'reject';
  Priority: string;
  Source: 'any' | 'Site Import' | 'Vendor Import';
  SiteNo: string;
  VendorId: string;
  NewItem: 'any' | 'new' | 'existing';
  Fields: ChangeFld[];
  FieldsMatch: 'any' | 'only';
  CostWithinPercent: string;
  PriceWithinPercent: string;
  DeptFrom: string;
  DeptTo: string;
}

export const EMPTY_FORM: RuleForm = {
  Name: '',
  Enabled: true,
  Action: 'accept',
  Priority: '100',
  Source: 'any',
  SiteNo: '',
  VendorId: '',
  NewItem: 'any',
  Fields: [],
  FieldsMatch: 'any',
  CostWithinPercent: '',
  PriceWithinPercent: '',
  DeptFrom: '',
  DeptTo: '',
};

const orEmpty = (v: string | number | null) => (v === null ? '' : String(v));

export function formOf(r: OuRule): RuleForm {
  const c = r.Conditions;
  return {
    Name: r.Name,
    Enabled: r.Enabled,
    Action: r.Action,
    Priority: String(r.Priority),
    Source: c.Source,
    SiteNo: orEmpty(c.SiteNo),
    VendorId: orEmpty(c.VendorId),
    NewItem: c.NewItem,
    Fields: c.Fields,
    FieldsMatch: c.FieldsMatch,
    CostWithinPercent: orEmpty(c.CostWithinPercent),
    PriceWithinPercent: orEmpty(c.PriceWithinPercent),
    DeptFrom: orEmpty(c.DeptFrom),
    DeptTo: orEmpty(c.DeptTo),
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

export function bodyOf(f: RuleForm): OuRuleBodyInput {
  return {
    Name: f.Name,
    Enabled: f.Enabled,
    Action: f.Action,
    Priority: f.Priority.trim() === '' ? 100 : f.Priority.trim(),
    Conditions: {
      Source: f.Source,
      SiteNo: orNull(f.SiteNo),
      VendorId: orNull(f.VendorId),
      NewItem: f.NewItem,
      Fields: f.Fields,
      FieldsMatch: f.FieldsMatch,
      CostWithinPercent: orNull(f.CostWithinPercent),
      PriceWithinPercent: orNull(f.PriceWithinPercent),
      DeptFrom: orNull(f.DeptFrom),
      DeptTo: orNull(f.DeptTo),
    },
  };
}

/** The first problem the domain's schema finds in the form, as its message; null: none. */
export function problemOf(f: RuleForm): string | null {
  const r = OuRuleBody.safeParse(bodyOf(f));
  if (r.success) return null;
  const issue = r.error.issues[0];
  const where = issue.path.filter((p) => p !== 'Conditions').join('.');
  return where && !issue.message.includes(where) ? `${where}: ${issue.message}` : issue.message;
}

/** A rule's conditions as one line ("from store 9, only description changed"). */
export function conditionText(c: OuRuleConditions, t: TFunction): string {
  const fields = (fs: readonly ChangeFld[]) =>
    OU_RULE_FIELDS.filter((f) => fs.includes(f))
      .map((f) => t(`ouRules.fld_${f}`))
      .join(', ');
  const parts: string[] = [];
  if (c.Source !== 'any') parts.push(t('ouRules.condSource', { v: c.Source }));
  if (c.SiteNo !== null) parts.push(t('ouRules.condSite', { v: String(c.SiteNo) }));
  if (c.VendorId !== null) parts.push(t('ouRules.condVendor', { v: c.VendorId }));
  if (c.NewItem === 'new') parts.push(t('ouRules.condNew'));
  if (c.NewItem === 'existing') parts.push(t('ouRules.condExisting'));
  if (c.Fields.length)
    parts.push(
      t(c.FieldsMatch === 'only' ? 'ouRules.condFieldsOnly' : 'ouRules.condFieldsAny', {
        v: fields(c.Fields),
      }),
    );
  if (c.CostWithinPercent !== null) parts.push(t('ouRules.condCost', { v: c.CostWithinPercent }));
  if (c.PriceWithinPercent !== null) parts.push(t('ouRules.condPrice', { v: c.PriceWithinPercent }));
  if (c.DeptFrom !== null || c.DeptTo !== null)
    parts.push(t('ouRules.condDept', { from: String(c.DeptFrom ?? 0), to: String(c.DeptTo ?? 9999) }));
  return parts.join(', ');
}

export const ACTION_LABEL = {
  accept: 'ouRules.actionAccept',
  synch_site: 'ouRules.actionSynch',
  reject: 'ouRules.actionReject',
} as const;
