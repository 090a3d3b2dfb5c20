/**
 * Outside updates (DOMAIN.md "Outside updates"): the `changeFlds` bitmask of an outside update
 * names the fields whose incoming value differs from the price book. The bits are kept once, here:
 * Site Import and Vendor Import set them, the Outside Updates page reads them, and the per-field
 * flags (isSamePrice ...) derive from them.
 */

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

/** The per-field flags of an outside update row: true when the field is NOT in `flds`. */
export function sameFlags(flds: number) {
  const same = (f: ChangeFld) => (flds & CHANGE_FLD[f]) === 0;
  return {
    isSameDescription: same('description'),
    isSameReceiptDescription: same('receiptDescription'),
    isSameDeptSub: same('deptSub'),
    isSamePrice: same('price'),
    isSameTaxGroup: same('taxGroup'),
    isSameRedemption: same('redemption'),
    isSameCost: same('cost'),
    isSameItemGroup: same('itemGroup'),
    isSameActive: same('active'),
    isSameVendor: same('vendor'),
    isSameMin: same('min'),
    isSameMax: same('max'),
    isSameMinPurchaseQty: same('minPurchaseQty'),
  };
}
export type SameFlags = ReturnType<typeof sameFlags>;
