import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rows } from './client';

/** True when no site has been loaded yet (a brand-new database). */
export async function isEmpty(database: Database): Promise<boolean> {
  const [r] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from sites`);
  return r.n === 0;
}
