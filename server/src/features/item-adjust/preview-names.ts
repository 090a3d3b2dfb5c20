/**
 * What a person reads in a batch preview and its PDF: a code with its name beside it
 * ('3 - State Tax', '2.01 - Soft Drinks / Cola'), not the bare code.
 */
import { formatDeptSub } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';

/** 'code - name', the bare code when the name is unknown, '' when there is no code. */
export function named(code: string | number | null | undefined, name: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '';
  return name ? `${code} - ${name}` : String(code);
}

type Names<K> = (code: K | null | undefined) => string;

const lookup =
  <K>(map: Map<K, string>): Names<K> =>
  (code) =>
    named(code as string | number | null | undefined, code == null ? null : map.get(code));

/** Tax groups of a zone: 3 -> '3 - State Tax'. */
export async function taxGroupNames(ex: Executor, zoneId: number): Promise<Names<number>> {
  const found = await rows<{ id: number; description: string }>(
    ex,
    sql`select id, description from tax_groups where zone_id = ${zoneId}`,
  );
  return lookup(new Map(found.map((r) => [r.id, r.description])));
}

/** Redemptions: 2 -> '2 - CA CRV 5c'. */
export async function redemptionNames(ex: Executor): Promise<Names<number>> {
  const found = await rows<{ id: number; text: string }>(ex, sql`select id, text from redemptions`);
  return lookup(new Map(found.map((r) => [r.id, r.text])));
}

/** Vendors: 'ACME' -> 'ACME - Acme Wholesale'. */
export async function vendorNames(ex: Executor): Promise<Names<string>> {
  const found = await rows<{ id: string; name: string }>(ex, sql`select id, name from vendors`);
  return lookup(new Map(found.map((r) => [r.id, r.name])));
}

/** Item groups: 'SNACKS' -> 'SNACKS - Salty snacks'. */
export async function itemGroupNames(ex: Executor): Promise<Names<string>> {
  const found = await rows<{ id: string; description: string }>(
    ex,
    sql`select id, description from item_groups`,
  );
  return lookup(new Map(found.map((r) => [r.id, r.description])));
}

/** Departments of a zone by their display code: '2.01' -> '2.01 - Soft Drinks / Cola'. */
export async function departmentNames(ex: Executor, zoneId: number): Promise<Names<string>> {
  const found = await rows<{ dept: number; sub: number; dept_name: string; sub_name: string }>(
    ex,
    sql`select dept, sub, dept_name, sub_name from departments where zone_id = ${zoneId}`,
  );
  return lookup(
    new Map(
      found.map((d) => [
        formatDeptSub({ dept: d.dept, sub: d.sub }),
        d.sub ? `${d.dept_name} / ${d.sub_name}` : d.dept_name,
      ]),
    ),
  );
}
