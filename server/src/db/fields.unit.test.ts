import { type Column, getTableColumns, getViewSelectedFields } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { SUMMARY_UPSERT } from '../features/pricebook/summary';
import { FIELD_NAMES, FIELDS, type FieldDef, KEPT_FLAGS, ZONE_FIELDS } from './fields';
import { baseItems, siteExceptions, siteItems, zoneItems } from './schema';
import { snakeCase } from './select';

type Registry = Record<string, FieldDef>;

/** What is wrong with a field registry: each problem names the field. */
function registryProblems(fields: Registry): string[] {
  const problems: string[] = [];
  const names = Object.keys(fields);
  const historyBy = new Map<string, string[]>();
  const parts = new Map<string, string[]>();
  for (const name of names) {
    const d = fields[name];
    if (d.col !== snakeCase(name)) problems.push(`${name}: column ${d.col} is not ${snakeCase(name)}`);
    if (!d.history?.key) problems.push(`${name}: no history key`);
    else if ('in' in d.history) {
      const host = fields[d.history.in];
      if (!host || 'in' in host.history || host.history.key !== d.history.key)
        problems.push(`${name}: its history is in ${d.history.in}, which does not give ${d.history.key}`);
    } else historyBy.set(d.history.key, [...(historyBy.get(d.history.key) ?? []), name]);
    if (d.summary === undefined) problems.push(`${name}: no summary rule (null: not kept on zone_items)`);
    else if (d.summary) {
      const part = d.summary.part ?? d.col;
      parts.set(part, [...(parts.get(part) ?? []), name]);
    }
  }
  for (const [key, by] of historyBy)
    if (by.length > 1) problems.push(`${by.join(', ')}: the same history key ${key}`);
  for (const [part, by] of parts) {
    const rules = by.map((n) => fields[n].summary as NonNullable<FieldDef['summary']>);
    if (new Set(rules.map((r) => r.uniform)).size > 1)
      problems.push(`${by.join(', ')}: ${part} with two flags`);
    if (by.length === 1) continue;
    if (rules.filter((r) => r.expr).length !== 1) problems.push(`${by.join(', ')}: ${part} needs one expr`);
    if (rules.some((r) => !r.value)) problems.push(`${by.join(', ')}: each field of ${part} needs its value`);
  }
  return problems;
}

const ELEMENT_TYPE: Record<string, RegExp> = {
  text: /^(text|varchar|char)/,
  int: /^integer$/,
  numeric: /^numeric/,
  boolean: /^boolean$/,
};

function schemaProblems(table: string, columns: Record<string, Column>, fields: readonly string[]): string[] {
  return fields.flatMap((f) => {
    const d: FieldDef = FIELDS[f as keyof typeof FIELDS];
    const c = columns[f];
    if (!c || c.name !== d.col) return [`${table}.${f}: not the column ${d.col}`];
    return ELEMENT_TYPE[d.type].test(c.getSQLType())
      ? []
      : [`${table}.${f}: ${c.getSQLType()} is not ${d.type}`];
  });
}

describe('the field registry', () => {
  it('gives every field a column named after it, a history key and a summary rule', () => {
    expect(registryProblems(FIELDS)).toEqual([]);
  });

  it('refuses a field without a history key or summary rule, or a shared part without its SQL', () => {
    const broken = {
      ...FIELDS,
      shelfLife: { col: 'shelf_life', type: 'int', column: () => null } as unknown as FieldDef,
      sub: { ...FIELDS.sub, history: { key: 'DeptSub', in: 'unitList' } },
      dept: { ...FIELDS.dept, summary: { ...FIELDS.dept.summary, expr: undefined } },
      vendorId: { ...FIELDS.vendorId, col: 'vendor' },
    } as Registry;
    expect(registryProblems(broken).sort()).toEqual(
      [
        'dept, sub: dept_sub needs one expr',
        'sub: its history is in unitList, which does not give DeptSub',
        'vendorId: column vendor is not vendor_id',
        'shelfLife: no history key',
        'shelfLife: no summary rule (null: not kept on zone_items)',
      ].sort(),
    );
  });

  it('is what the site row tables declare, with the SQL types the writes unnest', () => {
    expect([
      ...schemaProblems('base_items', getTableColumns(baseItems), FIELD_NAMES),
      ...schemaProblems('site_exceptions', getTableColumns(siteExceptions), FIELD_NAMES),
      ...schemaProblems(
        'site_items',
        getViewSelectedFields(siteItems) as Record<string, Column>,
        FIELD_NAMES,
      ),
      ...schemaProblems('zone_items', getTableColumns(zoneItems), ZONE_FIELDS),
    ]).toEqual([]);
  });

  it('has the summary refresh write every column of zone_items', () => {
    const upsert = new PgDialect().sqlToQuery(SUMMARY_UPSERT).sql;
    const listed = /insert into zone_items \(([^)]*)\)/
      .exec(upsert)?.[1]
      .split(',')
      .map((c) => c.trim());
    const columns = Object.values(getTableColumns(zoneItems)).map((c) => c.name);
    expect(listed?.sort()).toEqual(columns.sort());
    for (const flag of KEPT_FLAGS) expect(columns).toContain(flag);
  });
});
