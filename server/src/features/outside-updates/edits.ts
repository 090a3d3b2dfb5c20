/**
 * What an outside update would write: per item the fields and values, from the root's incoming
 * values (the fields its changeFlds bits name) and the user's edits (spec §5: an existing
 * department, EX only for type X items; amounts that parse; descriptions under 35 characters).
 */
import {
  CHANGE_FLD,
  type ChangeFld,
  COST_SCALE,
  fromMinor,
  isDeptAllowedForType,
  itemKey,
  MARGIN_SCALE,
  MESSAGES,
  msg,
  OU_EDIT_BIT,
  type OuEditOutput,
  PRICE_SCALE,
  parseMoneyInput,
  resolveExistingDepartment,
  toMinor,
  tryListFromMargin,
} from '@cpb/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { listDepartments } from '../lookups/queries';
import { requireRedemption, requireTaxGroup } from '../lookups/validate';
import { FIELD_NAMES, FIELDS, type FieldName, type FieldValue } from '../pricebook/fields';
import type { RootRow, SentValues } from './queries';

export type Values = Partial<Record<FieldName, FieldValue>>;

/** The site fields each change bit stands for (registry: a field's `change`; item group is a catalogue fact, not a site field). */
const BIT_FIELDS = new Map<ChangeFld, FieldName[]>();
for (const f of FIELD_NAMES) {
  const bit: ChangeFld | null = FIELDS[f].change;
  if (bit !== null) BIT_FIELDS.set(bit, [...(BIT_FIELDS.get(bit) ?? []), f]);
}
/** Fields a site row cannot hold empty: an update that brings no value for them leaves them. */
const REQUIRED: ReadonlySet<FieldName> = new Set([
  'description',
  'dept',
  'sub',
  'unitList',
  'unitCost',
  'active',
]);

function fromBits(flds: number, value: (f: FieldName) => FieldValue | undefined): Values {
  const out: Values = {};
  for (const [bit, fields] of BIT_FIELDS) {
    if ((flds & CHANGE_FLD[bit]) === 0) continue;
    for (const f of fields) {
      const v = value(f);
      if (v === undefined || (v === null && REQUIRED.has(f))) continue;
      out[f] = v;
    }
  }
  return out;
}

/** The incoming values of a root, for the fields its bits name. */
export function rootValues(r: RootRow): Values {
  return fromBits(r.change_flds, (f) => {
    // A field with a change bit is kept on the root, in the column the registry names.
    return r[FIELDS[f].col as keyof RootRow] as FieldValue;
  });
}

/** What one store sent, for the fields its own bits name (Synch Site). */
export function sentValues(sent: SentValues, flds: number): Values {
  const map: Partial<Record<FieldName, FieldValue>> = {
    description: sent.description,
    receiptDescription: sent.receiptDescription,
    dept: sent.dept,
    sub: sent.sub,
    unitList: sent.unitList,
    taxGroupId: sent.taxGroupId,
    active: sent.active,
  };
  return fromBits(flds, (f) => map[f]);
}

/** Each field an edit can send with its change bit (domain OU_EDIT_BIT, from the field names). */
const EDIT_BITS = Object.entries(OU_EDIT_BIT).map(([name, bit]) => [name, CHANGE_FLD[bit]] as const);

/** The change bits of the fields an edit sets. */
export function editBits(e: OuEditOutput): number {
  let bits = 0;
  for (const [name, bit] of EDIT_BITS) if ((e as Record<string, unknown>)[name] !== undefined) bits |= bit;
  return bits;
}

/** An amount the request schema already checked, in minor units; anything else is INVALID_AMOUNT. */
function money(text: string, scale: number, fail: () => AppError): bigint {
  const r = parseMoneyInput(text, scale);
  if (!r.ok || r.value === null) throw fail();
  return r.value;
}

/**
 * Checks the edits of the zone's roots and gives their values (`rootsByKey`: the roots the edits
 * name). A department must exist in the zone (EX only for type X items), tax group and
 * redemption must be the zone's; a margin sets the price from the cost (edited, incoming or the
 * zone's). Every failure is a 400 naming the item and field.
 */
export async function editValues(
  ex: Executor,
  zoneId: number,
  edits: OuEditOutput[],
  rootsByKey: Map<string, RootRow>,
): Promise<Map<string, Values>> {
  const out = new Map<string, Values>();
  if (edits.length === 0) return out;
  const departments = await listDepartments(ex, zoneId, 'ALL');
  for (const e of edits) {
    const key = itemKey(e.ID, e.PackSize);
    const r = rootsByKey.get(key);
    if (!r) throw new AppError('NOT_FOUND', `${key}: ${msg('NO_ITEMS_FOUND')}`);
    const fail = (field: string, text: string) => new AppError('VALIDATION', `${key} ${field}: ${text}`);
    const v: Values = {};
    if (e.Description !== undefined) v.description = e.Description.trim();
    if (e.ReceiptDescription !== undefined) v.receiptDescription = e.ReceiptDescription?.trim() || null;
    if (e.DeptSub !== undefined) {
      const d = resolveExistingDepartment(e.DeptSub, departments.slice(1), r.inv_type ?? r.z_inv_type);
      if (!d.ok) throw fail('DeptSub', msg('MUST_BE_EXISTING_DEPT'));
      v.dept = Math.floor(d.value.DeptSubNum / 100);
      v.sub = d.value.DeptSubNum % 100;
    }
    const invalid = (field: string) => () => fail(field, MESSAGES.INVALID_AMOUNT);
    if (e.Cost !== undefined) v.unitCost = fromMinor(money(e.Cost, COST_SCALE, invalid('Cost')), COST_SCALE);
    if (e.Price !== undefined)
      v.unitList = fromMinor(money(e.Price, PRICE_SCALE, invalid('Price')), PRICE_SCALE);
    else if (e.Margin !== undefined) {
      const cost = (v.unitCost as string | undefined) ?? r.unit_cost ?? r.z_unit_cost;
      if (cost === null) throw fail('Margin', msg('MARGIN_NEEDS_COST'));
      const margin = money(e.Margin.replace('%', ''), MARGIN_SCALE, invalid('Margin'));
      const list = tryListFromMargin(toMinor(cost, COST_SCALE), margin);
      if (!list.ok) throw fail('Margin', msg(list.code));
      v.unitList = fromMinor(list.value, PRICE_SCALE);
    }
    if (e.TaxGroupID !== undefined) {
      if (e.TaxGroupID !== null) await requireTaxGroup(ex, zoneId, e.TaxGroupID);
      v.taxGroupId = e.TaxGroupID;
    }
    if (e.Redemption !== undefined) {
      if (e.Redemption !== null) await requireRedemption(ex, zoneId, e.Redemption);
      v.redemptionId = e.Redemption;
    }
    if (e.MinOnHand !== undefined) v.minOnHand = e.MinOnHand;
    if (e.MaxOnHand !== undefined) v.maxOnHand = e.MaxOnHand;
    if (e.MinPurchaseQty !== undefined) v.minPurchaseQty = e.MinPurchaseQty;
    const min = (v.minOnHand ?? r.min_on_hand ?? r.z_min_on_hand) as number | null;
    const max = (v.maxOnHand ?? r.max_on_hand ?? r.z_max_on_hand) as number | null;
    if (min !== null && max !== null && max < min) throw fail('MaxOnHand', msg('MAX_BELOW_MIN'));
    out.set(key, v);
  }
  return out;
}

/**
 * The departments the writes would set must exist in the zone, EX ones for type X items (an
 * incoming department is checked like an edited one): 400 MUST_BE_EXISTING_DEPT naming the items.
 */
export async function assertDepartments(
  ex: Executor,
  zoneId: number,
  writes: Array<{ key: string; values: Values; invType: string | null }>,
): Promise<void> {
  const setting = writes.filter((w) => w.values.dept != null && w.values.sub != null);
  if (setting.length === 0) return;
  const departments = await listDepartments(ex, zoneId, 'ALL');
  const byNum = new Map(departments.slice(1).map((d) => [d.DeptSubNum, d]));
  const bad = setting.filter((w) => {
    const d = byNum.get(Number(w.values.dept) * 100 + Number(w.values.sub));
    return !d || !isDeptAllowedForType(d, w.invType);
  });
  if (bad.length) {
    throw new AppError(
      'VALIDATION',
      `${bad
        .slice(0, 10)
        .map((w) => w.key)
        .join(', ')} DeptSub: ${msg('MUST_BE_EXISTING_DEPT')}`,
    );
  }
}
