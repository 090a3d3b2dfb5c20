/**
 * How the report view shows money (spec part 2 §2: "Invoice Difference as currency"): in cents,
 * as the PDF does, exact (bigint minor units, never a float).
 */
import { COST_SCALE, formatCurrency, PRICE_SCALE, roundToScale, toMinor } from '@cpb/domain';

/** An invoice's difference (the server's 4 decimals) as currency, rounded to cents half away from zero. */
export const differenceText = (difference: string): string =>
  formatCurrency(toMinor(difference, PRICE_SCALE), PRICE_SCALE);

/** The invoices' differences summed exactly at 4 decimals, then rounded to cents once. */
export function totalDifferenceText(differences: readonly string[]): string {
  const total = differences.reduce((s, d) => s + toMinor(d, COST_SCALE), 0n);
  return formatCurrency(roundToScale(total, COST_SCALE, PRICE_SCALE), PRICE_SCALE);
}
