import { createInterface } from 'node:readline/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, userZones, zones } from '../db/schema';
import { hashPassword } from '../features/auth/passwords';

async function askPassword(name: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(`Password for ${name}: `);
  } finally {
    rl.close();
  }
}

/** Adds a user with an argon2id password hash; asks for the password when none is given. */
export async function addUser(db: Db, userName: string, password?: string): Promise<void> {
  if (!/^[A-Za-z0-9._-]{1,50}$/.test(userName))
    throw new Error('A user name is 1-50 letters, digits, dots, dashes or underscores.');
  const pw = password ?? (await askPassword(userName));
  if (pw.length < 4) throw new Error('The password must have at least 4 characters.');
  const [existing] = await db.select().from(users).where(sql`lower(${users.userName}) = lower(${userName})`);
  if (existing) throw new Error(`User ${userName} already exists.`);
  await db.insert(users).values({ userName, passwordHash: await hashPassword(pw) });
}

/** Replaces a user's zones with the given zone numbers. */
export async function setUserZones(db: Db, userName: string, zoneNos: number[]): Promise<number> {
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
}
