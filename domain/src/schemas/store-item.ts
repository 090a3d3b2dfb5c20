/**
 * The values of an item record a store sends back (its item file), checked as a user's typed values
 * are: a description of at most 35 characters without control characters (ESC, line feed...), a
 * list price a register takes and above zero, a pack size the POS code modifier can carry, a tax
 * group and department code within their columns. Site Import refuses a record that fails, with
 * the reason, instead of letting it reach the stores' rows.
 */
import { hasControlCharacters, INT32_MAX } from '../api/fields';
import { MAX_PRICE_CENTS, PRICE_SCALE, parseMoneyInput } from '../money';
import { DESCRIPTION_MAX } from './item';

/** The largest pack size a store file carries (POSCodeModifier has three digits at most). */
export const STORE_PACK_MAX = 999;

export interface StoreItemValues {
  itemId: string;
  packSize: number;
  description: string;
  receiptDescription: string | null;
  dept: number;
  sub: number;
  unitList: string;
  taxGroupId: number | null;
}

function textProblem(name: string, v: string | null, required: boolean): string | null {
  if (v === null || v === '') return required ? `${name} is missing` : null;
  if (hasControlCharacters(v)) return `${name} holds a control character`;
  if (v.length > DESCRIPTION_MAX) return `${name} is longer than ${DESCRIPTION_MAX} characters`;
  return null;
}

/**
 * Why the record's values cannot be taken (empty: they can). A price of 0.00 (an open-price item)
 * is taken only when `zeroPriceKnown`: the site's row of the item holds 0.00 already.
 */
export function storeItemProblems(v: StoreItemValues, o: { zeroPriceKnown?: boolean } = {}): string[] {
  const out: string[] = [];
  if (!/^[0-9A-Z]{1,20}$/.test(v.itemId)) out.push(`item ID '${v.itemId}' is not an item ID`);
  if (!Number.isInteger(v.packSize) || v.packSize < 1 || v.packSize > STORE_PACK_MAX)
    out.push(`pack size ${v.packSize} is not between 1 and ${STORE_PACK_MAX}`);
  for (const p of [
    textProblem('Description', v.description, true),
    textProblem('ReceiptDescription', v.receiptDescription, false),
  ])
    if (p) out.push(p);
  const price = parseMoneyInput(v.unitList, PRICE_SCALE);
  const zeroOk = o.zeroPriceKnown === true && price.ok && price.value === 0n;
  if (!zeroOk && (!price.ok || price.value === null || price.value <= 0n || price.value > MAX_PRICE_CENTS))
    out.push(`price ${v.unitList} is not between 0.01 and 99,999.99`);
  if (
    v.taxGroupId !== null &&
    (!Number.isInteger(v.taxGroupId) || v.taxGroupId < 0 || v.taxGroupId > INT32_MAX)
  )
    out.push(`tax group ${v.taxGroupId} is out of range`);
  if (v.dept < 0 || v.dept > 9_999 || v.sub < 0 || v.sub > 99)
    out.push(`department ${v.dept}.${v.sub} is out of range`);
  return out;
}
