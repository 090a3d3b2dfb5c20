import { isoDateInZone } from '@cpb/domain';
import { now as clockNow } from './clock';

/** Today as YYYY-MM-DD in the business time zone (BUSINESS_TIME_ZONE), by the server's clock (clock.ts). */
export function todayIso(timeZone: string, now = clockNow()): string {
  return isoDateInZone(now, timeZone);
}
