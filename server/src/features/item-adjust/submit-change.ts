/**
 * A grid edit of one item in Item Adjustment: the fields the user changed (bounded by the domain's
 * GridEdit schema: lengths, money within its limits), checked with the spec's messages, written to every site of the zone in one transaction (history source 'Item Adjustment').
 */
import {
  COST_SCALE,
  can,
  editMargin,
  fromMinor,
  type GridEditOutput,
  isDeptAllowedForType,
  isPosPrice,
  msg,
  PRICE_SCALE,
  parseDeptSub,
  parseMoneyInput,
  toMinor,
} from '@cpb/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findDept, requireRedemption, requireTaxGroup } from '../lookups/validate';
import type { FieldName, FieldValue } from '../pricebook/fields';
import { assertCurrentKeys, writeSiteItems } from '../pricebook/write';
import type { WriteScope } from '../pricebook/write-scope';
import { loadForWrite } from './batch-run';
import { presentItem, type ZoneItemRow } from './presenter';
import { getZoneItem } from './search';
import { ZONE_ITEM_COLUMNS } from './zone-rows';

/** A grid edit as the route's schema yields it (bounded, lookups as numbers). */
export type GridEdit = GridEditOutput;

const bad = (field: string, text: string) => new AppError('VALIDATION', `${field}: ${text}`);

function text35(field: string, v: string | null | undefined, required: boolean): string | null {
  const t = (v ?? '').trim();
  if (required && !t) throw bad(field, msg('REQUIRED'));
  return t || null;
}

export async function submitChange(o: {
  ex: Executor;
  user: string;
  zoneId: number;
  /** From beginWrite() in the same transaction (also the user's preference mask). */
  scope: WriteScope;
  item: GridEdit;
}) {
  const { ex, zoneId, item } = o;
  const {
    current: [row],
    ownRows,
    ownRowsAtBase,
    layout,
  } = await loadForWrite(ex, zoneId, [{ ID: item.ID, PackSize: item.PackSize }]);
  const values: Partial<Record<FieldName, FieldValue>> = {};
  if (item.Description !== undefined) values.description = text35('Description', item.Description, true);
  if (item.ReceiptDescription !== undefined)
    values.receiptDescription = text35('ReceiptDescription', item.ReceiptDescription, false);
  if (item.DeptSub !== undefined) {
    const d = parseDeptSub(String(item.DeptSub));
    const found = d && (await findDept(ex, zoneId, d.dept, d.sub));
    if (!found) throw bad('DeptSub', msg('MUST_BE_EXISTING_DEPT'));
    if (!isDeptAllowedForType({ ItemTypeName: found.item_type_name }, row.InvType))
      throw bad('DeptSub', msg('EXPENSE_DEPT_ONLY'));
    values.dept = found.dept;
    values.sub = found.sub;
  }
  if (item.UnitCost !== undefined) {
    if (!can.updateUnitCost(o.scope.prefMask))
      throw new AppError('FORBIDDEN', 'Your preferences do not allow changing unit costs.');
    const c = parseMoneyInput(String(item.UnitCost), COST_SCALE);
    if (!c.ok || c.value === null || c.value < 0n)
      throw bad('UnitCost', msg(c.ok ? 'INVALID_AMOUNT' : c.code));
    values.unitCost = fromMinor(c.value, COST_SCALE);
  }
  if (item.UnitList !== undefined) {
    if (row.InvType === 'X') throw bad('UnitList', msg('EXPENSE_LIST_LOCKED'));
    const l = parseMoneyInput(String(item.UnitList), PRICE_SCALE);
    if (!l.ok || l.value === null || l.value < 0n)
      throw bad('UnitList', msg(l.ok ? 'INVALID_AMOUNT' : l.code));
    values.unitList = fromMinor(l.value, PRICE_SCALE);
  }
  if (item.Margin !== undefined) {
    const cost = toMinor(String(values.unitCost ?? row.UnitCost), COST_SCALE);
    const m = editMargin({ invType: row.InvType, cost, text: String(item.Margin) });
    if (!m.ok) throw bad('Margin', msg(m.code));
    // The same limit as Set Price and Edit Item (a typed UnitList is held to it by the schema).
    if (!isPosPrice(m.value.list)) throw bad('Margin', msg('PRICE_OUT_OF_RANGE'));
    values.unitList = fromMinor(m.value.list, PRICE_SCALE);
  }
  if (item.TaxGroupId !== undefined) {
    const tg = item.TaxGroupId;
    if (tg !== null) await requireTaxGroup(ex, zoneId, tg);
    values.taxGroupId = tg;
  }
  if (item.CrvID !== undefined) {
    const crv = item.CrvID;
    if (crv !== null) await requireRedemption(ex, zoneId, crv);
    values.redemptionId = crv;
  }
  if (item.Active !== undefined) values.active = Boolean(item.Active);
  const fields = Object.keys(values) as FieldName[];
  if (fields.length === 0) throw new AppError('VALIDATION', msg('NOT_MODIFIED_ANY_ITEM'));
  const changes = [{ itemId: row.ID, packSize: row.PackSize, values, updateKey: item.UpdateKey ?? null }];
  // The row was read after beginWrite locked the zone: its key is the current one.
  assertCurrentKeys(changes, new Map([[row.idplu, row.UpdateKey]]));
  const result = await writeSiteItems({
    ex,
    scope: o.scope,
    user: o.user,
    source: 'Item Adjustment',
    zoneId,
    fields,
    changes,
    keysChecked: true,
    ownRows,
    ownRowsAtBase,
    layout,
    summaryColumns: ZONE_ITEM_COLUMNS,
  });
  // The answer is the summary row after the write: from the write itself when it could return it.
  const [after] = (result.summary ?? []) as ZoneItemRow[];
  const saved = after ? presentItem(after) : await getZoneItem(ex, zoneId, row.ID, row.PackSize);
  if (!saved) throw new AppError('NOT_FOUND', `${row.idplu} is no longer in this zone.`);
  return saved;
}
