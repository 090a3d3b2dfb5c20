/** A lookup's numeric ID as a picker sends it: a number, or its display text ('2 - State'). */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { INT32_MAX, LOOKUP_TEXT_MAX, safeText } from './fields';

/** "COREMARK - Core-Mark" -> "COREMARK"; "2 - State" -> "2". */
export const leadingKey = (s: string) => s.split(' - ')[0].trim();

/** Yields the ID as a number, or null for null or blank (clears the value). */
export const LookupId = z
  .union([z.number(), safeText(LOOKUP_TEXT_MAX), z.null()], { error: MESSAGES.INVALID_NUMBER })
  .transform((v, ctx): number | null => {
    if (v === null || String(v).trim() === '') return null;
    const n = typeof v === 'number' ? v : Number.parseInt(leadingKey(v), 10);
    if (!Number.isInteger(n) || Math.abs(n) > INT32_MAX) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.INVALID_NUMBER });
      return z.NEVER;
    }
    return n;
  });
