/**
 * The PostgreSQL settings a figure depends on, printed beside it. This machine's PostgreSQL came with
 * `autovacuum = off` (its CI configuration): without it the summary and base rows gather dead row
 * versions write after write (194,602 dead beside 25,000 live zone summary rows after a few dozen
 * 5,000-item writes), and every later write and read of them slows down. A production server runs
 * autovacuum (PostgreSQL's default); a figure taken without it says so.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../server/src/db/client';

export async function pgSettingsLine(db: Db): Promise<string> {
  const found = await rows<{ name: string; setting: string; unit: string | null }>(
    db,
    sql`select name, setting, unit from pg_settings
      where name in ('server_version', 'autovacuum', 'shared_buffers', 'synchronous_commit', 'jit') order by name`,
  );
  const get = (n: string) => found.find((r) => r.name === n);
  const buffers = get('shared_buffers');
  const mib = buffers ? (Number(buffers.setting) * 8) / 1024 : 0;
  return `PostgreSQL ${get('server_version')?.setting}: autovacuum ${get('autovacuum')?.setting}, shared_buffers ${mib} MiB, synchronous_commit ${get('synchronous_commit')?.setting}, jit ${get('jit')?.setting}`;
}

/** Refuses to measure with autovacuum off unless asked (`--allow-no-autovacuum`). */
export async function requireAutovacuum(db: Db): Promise<string> {
  const line = await pgSettingsLine(db);
  if (line.includes('autovacuum off') && !process.argv.includes('--allow-no-autovacuum'))
    throw new Error(
      `${line}. Turn autovacuum on (ALTER SYSTEM SET autovacuum = on; SELECT pg_reload_conf();) or pass --allow-no-autovacuum`,
    );
  return line;
}
