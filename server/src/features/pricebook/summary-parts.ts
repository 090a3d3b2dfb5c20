/**
 * What the zone summary aggregates, from the field registry (db/fields.ts): the parts (a field, or
 * fields aggregated as one value such as dept and sub), their SQL over a site row and their flags.
 */
import {
  FIELDS,
  type FieldDef,
  type FieldName,
  type KeptFlag,
  type UniformFlag,
  ZONE_FIELDS,
} from '../../db/fields';

export interface SummaryPart {
  /** The aggregate's name: `<part>_min`, `<part>_max`, `<part>_n` and the zone value in CTE g. */
  part: string;
  /** Its SQL over a site row `si`. */
  expr: string;
  uniform: UniformFlag;
}

const rule = (f: FieldName) => FIELDS[f].summary as NonNullable<FieldDef['summary']>;
/** The part a field is aggregated in (its column, or the part it shares: dept_sub). */
export const partOf = (f: FieldName) => rule(f).part ?? FIELDS[f].col;

/** The summary's parts in the registry's order; of fields sharing a part, one gives its SQL. */
export function summaryParts(): SummaryPart[] {
  const parts = new Map<string, SummaryPart>();
  for (const f of ZONE_FIELDS) {
    const r = rule(f);
    const p = parts.get(partOf(f)) ?? { part: partOf(f), expr: `si.${FIELDS[f].col}`, uniform: r.uniform };
    if (r.expr) p.expr = r.expr;
    parts.set(p.part, p);
  }
  return [...parts.values()];
}

/** The fields aggregated in the same part as this one (itself included). */
export const partFields = (f: FieldName) => ZONE_FIELDS.filter((g) => partOf(g) === partOf(f));

/** A zone_items column's value from the summary row g. */
export const summaryValue = (f: FieldName) => rule(f).value ?? `g.${partOf(f)}`;

/** The kept flag a field's uniformity sets, if any (dept and sub share one). */
export function keptFlag(f: FieldName): KeptFlag | undefined {
  const u = FIELDS[f].summary?.uniform;
  return u && u !== 'is_uniform' ? u : undefined;
}
