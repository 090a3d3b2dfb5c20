/**
 * What the grid shows per field: the value of a root or site row, whether it changed (from the
 * isSame* flags of a root, the changeFlds bits of a site) and the zone's value it replaces.
 */
import {
  CHANGE_FLD,
  type ChangeFld,
  OU_BIT_FIELD,
  type OuBitName,
  parseDeptSubNum,
  type SameFlag,
  sameFlag,
} from '@cpb/domain';
import { keptEditFields } from './treeRows';
import type { OuRow } from './types';

/**
 * The grid's value fields (each change bit's Outside Updates name, the domain's OU_BIT_FIELD), each
 * with the change bit and isSame flag it is marked by.
 */
export const FIELD_FLAGS = Object.fromEntries(
  (Object.keys(OU_BIT_FIELD) as ChangeFld[]).map((b) => [OU_BIT_FIELD[b], [b, sameFlag(b)] as const]),
) as Record<OuBitName, readonly [ChangeFld, SameFlag]>;
export type OuField = keyof typeof FIELD_FLAGS;

/** How a field of a row compares: 0 same; 1 incoming greater (or differs); -1 incoming smaller. */
export function changeOf(row: OuRow, field: string): -1 | 0 | 1 {
  const flags = FIELD_FLAGS[field as OuField];
  if (!flags) return 0;
  if (row.kind === 'root') return row.root[flags[1]] as -1 | 0 | 1;
  return (row.site.changeFlds & CHANGE_FLD[flags[0]]) !== 0 ? 1 : 0;
}

/**
 * Whether the user edited the field of a root row: in this page, or earlier and kept on the
 * server (a root the list gives as Edited, where the value differs from its Original).
 */
export function isEdited(row: OuRow, field: string): boolean {
  return row.kind === 'root' && (field in row.edits || keptEditFields(row.root).has(field));
}

/** The incoming value of a field a kept edit replaced (a root the list gives as Edited), else null. */
export function originalValue(row: OuRow, field: string): string | null {
  if (row.kind !== 'root' || !keptEditFields(row.root).has(field) || field in row.edits) return null;
  const v = (row.root.Original as Record<string, unknown> | undefined)?.[field];
  if (v === undefined || v === null) return null;
  return Array.isArray(v) ? v.join(', ') : String(v);
}

/** The value a field held before the update: the zone's for a root, the store's own for a site. */
export function previousValue(row: OuRow, field: string): string | null {
  if (row.kind === 'root') {
    if (field === 'Price') return row.root.ZoneList;
    if (field === 'Cost') return row.root.ExistingCost;
    if (field === 'DeptSub') return row.root.ExistingDeptSub;
    return null;
  }
  const was = row.site.Was as Record<string, unknown> | null;
  const v = was?.[field];
  return v === undefined || v === null ? null : String(v);
}

/** The cell value of a field in a root or site row. */
export function fieldValue(row: OuRow, field: string): unknown {
  if (row.kind === 'root') {
    if (field in row && field !== 'root' && field !== 'edits')
      return (row as unknown as Record<string, unknown>)[field];
    return (row.root as unknown as Record<string, unknown>)[field];
  }
  return (row.site as unknown as Record<string, unknown>)[field];
}

/**
 * The department cell's colour (spec §2): red when the zone's existing dept/sub is greater than
 * the incoming one, blue when smaller, none when equal or unknown.
 */
export function deptColour(existing: string | null, incoming: string | null): 'red' | 'blue' | null {
  if (!existing || !incoming) return null;
  const a = parseDeptSubNum(existing);
  const b = parseDeptSubNum(incoming);
  if (a === null || b === null || a === b) return null;
  return a > b ? 'red' : 'blue';
}
