/**
 * Last-digit rounding of a new list price (RULES.md "Set Price"). The "last
 * digit" is the cent digit. Prices are bigint cents.
 */

/**
 * Rounding rules, numbered in the order the spec lists them (spec part 1 §4:
 * NoRounding, last digit 5, last digit 9, last digit 5 or 9). These numbers are
 * what a request's `RoundType` carries.
 */
export const RoundType = {
  None: 0,
  Last5: 1,
  Last9: 2,
  Last5or9: 3,
} as const;
export type RoundType = (typeof RoundType)[keyof typeof RoundType];

const ROUND_TYPE_NAMES: Record<string, RoundType> = {
  none: RoundType.None,
  norounding: RoundType.None,
  last5: RoundType.Last5,
  lastdigit5: RoundType.Last5,
  last9: RoundType.Last9,
  lastdigit9: RoundType.Last9,
  last5or9: RoundType.Last5or9,
  lastdigit5or9: RoundType.Last5or9,
  both: RoundType.Last5or9,
};

/**
 * A RoundType from its number (0-3) or a name: 'None', 'NoRounding', 'Last5',
 * 'LastDigit5', 'last digit 5', 'Last9', 'Last5or9', 'last digit 5 or 9', 'both'
 * (case, spaces, '_' and '-' ignored). Null when it is none of these.
 */
export function parseRoundType(value: string | number): RoundType | null {
  if (typeof value === 'number') {
    return value === 0 || value === 1 || value === 2 || value === 3 ? value : null;
  }
  const key = value.toLowerCase().replace(/[\s_-]/g, '');
  if (/^[0-3]$/.test(key)) return Number(key) as RoundType;
  return ROUND_TYPE_NAMES[key] ?? null;
}

/** The rule the Set Price form's two check boxes (last5, last9) choose. */
export function roundTypeFromFlags(last5: boolean, last9: boolean): RoundType {
  if (last5 && last9) return RoundType.Last5or9;
  if (last5) return RoundType.Last5;
  if (last9) return RoundType.Last9;
  return RoundType.None;
}

/** The cents to add to a non-negative price whose cent digit is `d`. */
function stepFor(d: number, rule: RoundType): number {
  switch (rule) {
    case RoundType.Last5:
      // smallest price at or above whose cent digit is 5
      return d <= 5 ? 5 - d : 15 - d;
    case RoundType.Last9:
      // smallest price at or above whose cent digit is 9; a 0 goes down a cent
      return d === 0 ? -1 : 9 - d;
    case RoundType.Last5or9:
      // 1-4 -> 5 and 6-8 -> 9 in the same dime; 0 down a cent; 5 and 9 stay
      if (d === 0) return -1;
      return d <= 5 ? 5 - d : 9 - d;
    default:
      return 0;
  }
}

/**
 * Applies a last-digit rule to a price in cents, exactly as RULES.md defines it:
 * - Last5: the smallest price at or above whose cent digit is 5 (4.90 -> 4.95,
 *   4.96 -> 5.05).
 * - Last9: the smallest price at or above whose cent digit is 9, except that a
 *   cent digit of 0 goes down one cent (4.91 -> 4.99, 5.10 -> 5.09).
 * - Last5or9: cent digit 1-4 -> 5 in the same dime, 6-8 -> 9 in the same dime,
 *   0 -> down one cent to 9; 5 and 9 stay.
 * A price already on its target digit stays. Decisions (docs/rules.md): 0.00
 * stays 0.00 under every rule (a zero price is "no price", never invented), and
 * a negative price is rounded by its size with the sign kept (-4.91 -> -4.99
 * under Last9), so the rule reads the same on refunds and credits.
 */
export function roundPrice(cents: bigint, rule: RoundType): bigint {
  if (rule === RoundType.None || cents === 0n) return cents;
  if (cents < 0n) return -roundPrice(-cents, rule);
  const d = Number(cents % 10n);
  return cents + BigInt(stepFor(d, rule));
}
