import { isoDateInZone } from '@cpb/domain';

/** Today as YYYY-MM-DD in the business time zone (BUSINESS_TIME_ZONE). */
export function todayIso(timeZone: string, now = new Date()): string {
  return isoDateInZone(now, timeZone);
}
