/**
 * Outside updates (DOMAIN.md "Outside updates"): the `changeFlds` bitmask of an outside update
 * names the fields whose incoming value differs from the price book. The bits are kept once, here:
 * Site Import and Vendor Import set them, the Outside Updates page reads them, and the per-field
 * flags (isSamePrice ...) derive from them. Which field each bit stands for, and its name on the
 * page, comes from the field names (item-fields.ts).
 */
import { type BitField, ITEM_FIELD_KEYS, ITEM_FIELDS, type OuName } from './item-fields';

/** One bit per field that can differ. */
export const CHANGE_FLD = {
  description: 1 << 0,
  receiptDescription: 1 << 1,
  deptSub: 1 << 2,
  price: 1 << 3,
  taxGroup: 1 << 4,
  redemption: 1 << 5,
  cost: 1 << 6,
  itemGroup: 1 << 7,
  active: 1 << 8,
  vendor: 1 << 9,
  min: 1 << 10,
  max: 1 << 11,
  minPurchaseQty: 1 << 12,
} as const;
export type ChangeFld = keyof typeof CHANGE_FLD;

/** Every bit set: an item that is new to the price book differs in everything it brings. */
export const ALL_CHANGE_FLDS = Object.values(CHANGE_FLD).reduce((a, b) => a | b, 0);

/** The fields whose bits are set in `flds`, in the order of CHANGE_FLD. */
export function changedFields(flds: number): ChangeFld[] {
  return (Object.keys(CHANGE_FLD) as ChangeFld[]).filter((f) => (flds & CHANGE_FLD[f]) !== 0);
}

/** The comparison flag of a change bit in the Outside Updates list (OuRoot isSame...). */
export type SameFlag<B extends ChangeFld = ChangeFld> = `isSame${Capitalize<B>}`;

/** The comparison flag of a change bit: 'isSame' and the bit's name ('min' -> isSameMin). */
export const sameFlag = <B extends ChangeFld>(b: B): SameFlag<B> =>
  `isSame${b[0].toUpperCase()}${b.slice(1)}` as SameFlag<B>;

/** The per-field flags of an outside update row: true when the field is NOT in `flds`. */
export function sameFlags(flds: number): { [B in ChangeFld as SameFlag<B>]: boolean } {
  return Object.fromEntries(
    (Object.keys(CHANGE_FLD) as ChangeFld[]).map((b) => [sameFlag(b), (flds & CHANGE_FLD[b]) === 0]),
  ) as { [B in ChangeFld as SameFlag<B>]: boolean };
}
export type SameFlags = ReturnType<typeof sameFlags>;

/** Change bits of catalogue facts, not site fields, with their Outside Updates names. */
const CATALOGUE_BITS = { itemGroup: 'ItemGroups' } as const satisfies Partial<Record<ChangeFld, string>>;

/** The Outside Updates name of a change bit's field. */
export type OuBitName = OuName<BitField> | (typeof CATALOGUE_BITS)[keyof typeof CATALOGUE_BITS];

function bitName(b: ChangeFld): OuBitName {
  if (b in CATALOGUE_BITS) return CATALOGUE_BITS[b as keyof typeof CATALOGUE_BITS];
  const f = ITEM_FIELD_KEYS.find((k) => ITEM_FIELDS[k].change === b);
  const name = f && ITEM_FIELDS[f].api.ou;
  if (!name) throw new Error(`change bit ${b}: no field of the registry names it in Outside Updates`);
  return name as OuBitName;
}

/**
 * The Outside Updates name of each change bit's field (the field registry's, ITEM_FIELDS; dept
 * and sub share DeptSub), in the order of CHANGE_FLD.
 */
export const OU_BIT_FIELD = Object.fromEntries(
  (Object.keys(CHANGE_FLD) as ChangeFld[]).map((b) => [b, bitName(b)]),
) as Record<ChangeFld, OuBitName>;

/**
 * The change bit of each field an Outside Updates edit (OuEdit) can send: its own field's, and a
 * margin's is the price's (a margin sets the price).
 */
export const OU_EDIT_BIT = {
  ...(Object.fromEntries(
    (Object.keys(OU_BIT_FIELD) as ChangeFld[]).map((b) => [OU_BIT_FIELD[b], b]),
  ) as Record<OuBitName, ChangeFld>),
  Margin: 'price',
} as Record<OuBitName | 'Margin', ChangeFld>;
