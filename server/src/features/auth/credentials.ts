/**
 * Checks a user name and password. An unknown or disabled name is verified against a dummy argon2
 * hash, so both failures cost the same time and the answer time does not tell which names exist.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword, verifyPassword } from './passwords';

let dummy: Promise<string> | null = null;
/** A hash of a random password nobody knows, made once per process with the same parameters. */
const dummyHash = () => {
  dummy ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummy;
};

export interface SignInUser {
  id: number;
  userName: string;
}

export async function checkCredentials(
  ex: Executor,
  userName: string,
  password: string,
): Promise<SignInUser | null> {
  const [user] = await ex
    .select({ id: users.id, userName: users.userName, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName}) and not ${users.disabled}`);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  return user && ok ? { id: user.id, userName: user.userName } : null;
}

/** Makes the dummy hash ahead of the first unknown name (called at start). */
export async function prepareCredentials(): Promise<void> {
  await dummyHash();
}
