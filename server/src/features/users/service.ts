/** User administration (the command line today; a user screen later): add users, give them zones. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, userZones, zones } from '../../db/schema';
import { hashPassword } from '../auth/passwords';

export function userService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * Adds a user with an argon2id password hash. `password` may be a function that asks for it,
     * called only once the user name is known to be good.
     */
    async add(o: { userName: string; password: string | (() => Promise<string>) }): Promise<void> {
      const { userName } = o;
      if (!/^[A-Za-z0-9._-]{1,50}$/.test(userName))
        throw new Error('A user name is 1-50 letters, digits, dots, dashes or underscores.');
      const pw = typeof o.password === 'string' ? o.password : await o.password();
      if (pw.length < 4) throw new Error('The password must have at least 4 characters.');
      const [existing] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.userName}) = lower(${userName})`);
      if (existing) throw new Error(`User ${userName} already exists.`);
      await db.insert(users).values({ userName, passwordHash: await hashPassword(pw) });
    },

    /** Replaces a user's zones with the given zone numbers; returns how many the user now has. */
    async setZones(o: { userName: string; zoneNos: number[] }): Promise<number> {
      const { userName, zoneNos } = o;
      const [user] = await db.select().from(users).where(sql`lower(${users.userName}) = lower(${userName})`);
      if (!user) throw new Error(`No user ${userName}.`);
      if (zoneNos.some((z) => !Number.isInteger(z))) throw new Error('Zones are given by their numbers.');
      const found = zoneNos.length ? await db.select().from(zones).where(inArray(zones.zoneNo, zoneNos)) : [];
      const missing = zoneNos.filter((z) => !found.some((f) => f.zoneNo === z));
      if (missing.length) throw new Error(`No zone ${missing.join(', ')}.`);
      await db.transaction(async (tx) => {
        await tx.delete(userZones).where(eq(userZones.userId, user.id));
        if (found.length)
          await tx.insert(userZones).values(found.map((z) => ({ userId: user.id, zoneId: z.id })));
      });
      return found.length;
    },
  };
}

export type UserService = ReturnType<typeof userService>;
