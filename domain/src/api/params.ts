/** Path parameters: `{user}` and `{zone}` (the guard checks `{zone}` with the same ZoneId rule). */
import { z } from 'zod';
import { UserName, ZoneId } from './fields';

export const UserParams = z.object({ user: UserName });
export const UserZoneParams = UserParams.extend({ zone: ZoneId });
