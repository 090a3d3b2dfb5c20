/**
 * Auto-accept rules of Outside Updates (issue 13 "Beyond the spec"): per zone, rules that decide
 * outside updates as they arrive. A rule is data: an action and typed conditions, every one of
 * which must hold. The server stores and runs them (features/outside-updates/rules/); the page's
 * rules editor sends and reads the same types. docs/api-outside-updates.md "Auto-accept rules".
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { CHANGE_FLD, type ChangeFld } from '../outside-updates';
import { contract } from './contract';
import { int32, LOOKUP_TEXT_MAX, safeText } from './fields';
import { UserZoneParams } from './params';

/** What a rule decides: Accept, Synch Site or Reject (No Action is no decision). */
export const OU_RULE_ACTIONS = ['accept', 'synch_site', 'reject'] as const;
export const OuRuleAction = z.enum(OU_RULE_ACTIONS, {
  error: `Choose one of ${OU_RULE_ACTIONS.join(', ')}.`,
});
export type OuRuleAction = z.infer<typeof OuRuleAction>;

/** Where the update came from (the root's source). */
export const OU_RULE_SOURCES = ['any', 'Site Import', 'Vendor Import'] as const;
/** Whether the item is new to the zone. */
export const OU_RULE_NEW = ['any', 'new', 'existing'] as const;
/** How the changed fields are read: 'any' one of them changed, or 'only' they changed (nothing else). */
export const OU_RULE_FIELDS_MATCH = ['any', 'only'] as const;
export const OU_RULE_FIELDS = Object.keys(CHANGE_FLD) as [ChangeFld, ...ChangeFld[]];

/** A rule's name: unique in its zone (case aside), shown in the item history. */
export const OU_RULE_NAME_MAX = 60;
/** A zone holds at most this many rules. */
export const OU_RULES_MAX = 100;
/** Percent limits: 0 to 1000, at most 3 decimals, exact (compared as integers, never as floats). */
export const OU_RULE_PERCENT_SCALE = 3;

const PERCENT_TEXT = 'Enter a percent from 0 to 1000 with at most 3 decimals.';
export const OuRulePercent = z
  .union([z.string().max(12, PERCENT_TEXT), z.number().finite()], { error: PERCENT_TEXT })
  .transform((v) => String(v).trim().replace(/%$/, '').trim())
  .refine((s) => /^\d{1,4}(\.\d{1,3})?$/.test(s) && Number(s.split('.')[0]) <= 1000, PERCENT_TEXT)
  .refine((s) => !(s.startsWith('1000') && /[1-9]/.test(s.split('.')[1] ?? '')), PERCENT_TEXT);

const Dept = int32(0, 9999);

/** A rule's conditions; every one that is set must hold (unset: any). */
export const OuRuleConditions = z
  .object({
    /** The root's source. */
    Source: z.enum(OU_RULE_SOURCES, { error: `Choose one of ${OU_RULE_SOURCES.join(', ')}.` }).default('any'),
    /** Store number: every store the change came from is this one. */
    SiteNo: int32(1).nullable().default(null),
    /** Vendor ID: the update's vendor (or, when it names none, the zone's vendor of the item). */
    VendorId: safeText(LOOKUP_TEXT_MAX).trim().nullable().default(null),
    NewItem: z.enum(OU_RULE_NEW, { error: `Choose one of ${OU_RULE_NEW.join(', ')}.` }).default('any'),
    /** Changed fields (changeFlds); empty: any. */
    Fields: z
      .array(z.enum(OU_RULE_FIELDS, { error: `Choose fields among ${OU_RULE_FIELDS.join(', ')}.` }))
      .max(OU_RULE_FIELDS.length)
      .default([]),
    FieldsMatch: z
      .enum(OU_RULE_FIELDS_MATCH, { error: `Choose one of ${OU_RULE_FIELDS_MATCH.join(', ')}.` })
      .default('any'),
    /** The incoming cost is within this percent of the zone's cost (either way). */
    CostWithinPercent: OuRulePercent.nullable().default(null),
    /** The incoming price is within this percent of the zone's price (either way). */
    PriceWithinPercent: OuRulePercent.nullable().default(null),
    /** Department range (the incoming department, else the zone's). */
    DeptFrom: Dept.nullable().default(null),
    DeptTo: Dept.nullable().default(null),
  })
  .strict()
  .transform((c) => ({ ...c, VendorId: c.VendorId || null, Fields: [...new Set(c.Fields)] }))
  .refine((c) => c.DeptFrom === null || c.DeptTo === null || c.DeptFrom <= c.DeptTo, {
    message: 'The department range must run from the lower department to the higher.',
    path: ['DeptTo'],
  })
  .refine(
    (c) =>
      c.Source !== 'any' ||
      c.SiteNo !== null ||
      c.VendorId !== null ||
      c.NewItem !== 'any' ||
      c.Fields.length > 0 ||
      c.CostWithinPercent !== null ||
      c.PriceWithinPercent !== null ||
      c.DeptFrom !== null ||
      c.DeptTo !== null,
    { message: 'A rule needs at least one condition.' },
  );
export type OuRuleConditions = z.output<typeof OuRuleConditions>;
export type OuRuleConditionsInput = z.input<typeof OuRuleConditions>;

/** POST .../rules and PUT .../rules/{rule}: a rule as the editor sends it. */
export const OuRuleBody = z
  .object({
    Name: safeText(OU_RULE_NAME_MAX + 20)
      .trim()
      .min(1, 'Enter a name for the rule.')
      .max(OU_RULE_NAME_MAX, MESSAGES.MAX_LENGTH_EXCEEDED),
    Enabled: z.boolean({ error: 'Enter true or false.' }).default(true),
    Action: OuRuleAction,
    /** Rules are tried from the lowest Priority up (then by RuleID); the first that matches decides. */
    Priority: int32(0, 9999).default(100),
    Conditions: OuRuleConditions,
  })
  .strict();
export type OuRuleBodyInput = z.input<typeof OuRuleBody>;
export type OuRuleBody = z.output<typeof OuRuleBody>;

export const OuRuleParams = z.object({
  user: safeText(100),
  zone: int32(1),
  rule: int32(1),
});

export const OuRule = z.object({
  RuleID: z.number(),
  ZoneSetupID: z.number(),
  Name: z.string(),
  Enabled: z.boolean(),
  Action: OuRuleAction,
  Priority: z.number(),
  Conditions: z.object({
    Source: z.enum(OU_RULE_SOURCES),
    SiteNo: z.number().nullable(),
    VendorId: z.string().nullable(),
    NewItem: z.enum(OU_RULE_NEW),
    Fields: z.array(z.enum(OU_RULE_FIELDS)),
    FieldsMatch: z.enum(OU_RULE_FIELDS_MATCH),
    CostWithinPercent: z.string().nullable(),
    PriceWithinPercent: z.string().nullable(),
    DeptFrom: z.number().nullable(),
    DeptTo: z.number().nullable(),
  }),
  CreatedBy: z.string(),
  CreatedAt: z.string(),
  UpdatedBy: z.string().nullable(),
  UpdatedAt: z.string().nullable(),
});
export type OuRule = z.infer<typeof OuRule>;

export const OuRulesResponse = z.object({ RootResults: z.array(OuRule) });
export const OuRuleResponse = z.object({ RootResults: OuRule });
export const OuRuleDeleteResponse = z.object({ RootResults: z.object({ Deleted: z.number() }) });

/** One decision: the first enabled rule (by Priority) that matches the root. */
export const OuRuleDecision = z.object({
  ID: z.string(),
  PackSize: z.number(),
  Description: z.string().nullable(),
  RuleID: z.number(),
  RuleName: z.string(),
  Action: OuRuleAction,
});
export type OuRuleDecision = z.infer<typeof OuRuleDecision>;

/** POST .../rules/dryrun: what the zone's enabled rules would decide on the current list; writes nothing. */
export const OuRuleDryRunResponse = z.object({
  RootResults: z.object({
    /** Roots on the list. */
    Considered: z.number(),
    /** Roots left alone because a user already chose an action for them. */
    KeptByUser: z.number(),
    Decisions: z.array(OuRuleDecision),
  }),
});

// ---------- contracts ----------

const Ou = ['outside updates'];

/** Auto-accept rules' calls (docs/api-outside-updates.md "Auto-accept rules"). */
export const ouRuleCalls = {
  list: contract({
    method: 'GET',
    path: '/outsideupdates/:user/:zone/rules',
    params: UserZoneParams,
    response: OuRulesResponse,
    tags: Ou,
  }),
  create: contract({
    method: 'POST',
    path: '/outsideupdates/:user/:zone/rules',
    params: UserZoneParams,
    body: OuRuleBody,
    response: OuRuleResponse,
    tags: Ou,
  }),
  dryRun: contract({
    method: 'POST',
    path: '/outsideupdates/:user/:zone/rules/dryrun',
    params: UserZoneParams,
    response: OuRuleDryRunResponse,
    tags: Ou,
  }),
  update: contract({
    method: 'PUT',
    path: '/outsideupdates/:user/:zone/rules/:rule',
    params: OuRuleParams,
    body: OuRuleBody,
    response: OuRuleResponse,
    tags: Ou,
  }),
  remove: contract({
    method: 'DELETE',
    path: '/outsideupdates/:user/:zone/rules/:rule',
    params: OuRuleParams,
    response: OuRuleDeleteResponse,
    tags: Ou,
  }),
};
