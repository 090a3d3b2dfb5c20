/**
 * Vacuum and statistics for the embedded database. PostgreSQL's autovacuum clears dead row
 * versions and refreshes the planner's statistics by itself; PGlite runs without autovacuum's
 * processes, so there every update left its old row behind for good (a scan read them all) and the
 * planner never had statistics (it read a whole zone's base rows into a hash for a 20-item write).
 * `vacuumWhereDue` does autovacuum's work where autovacuum would: its default thresholds, per table.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from './client';

/**
 * autovacuum's defaults: vacuum after 50 + 20 % of the rows died, analyze after 50 + 10 % changed.
 * The counts start at zero when the statistics do (a PGlite restart): a table holding pages and
 * not vacuumed (or analyzed) since then is due once, as the counts cannot tell its dead rows.
 */
const VACUUM = sql.raw(`t.n_dead_tup > 50 + 0.2 * t.n_live_tup
  or (t.last_vacuum is null and t.last_autovacuum is null and c.relpages > 0)`);
const ANALYZE = sql.raw(`t.n_mod_since_analyze > 50 + 0.1 * t.n_live_tup
  or (t.last_analyze is null and t.last_autoanalyze is null and (c.relpages > 0 or t.n_mod_since_analyze > 0))`);

export interface VacuumResult {
  vacuumed: string[];
  analyzed: string[];
}

/**
 * VACUUM (ANALYZE) the tables with more dead rows than autovacuum allows, ANALYZE those changed
 * enough since their statistics (see VACUUM, ANALYZE). Not in a transaction (VACUUM cannot be).
 */
export async function vacuumWhereDue(db: Db): Promise<VacuumResult> {
  const due = await rows<{ name: string; vacuum: boolean }>(
    db,
    sql`select format('%I.%I', t.schemaname, t.relname) as name, (${VACUUM}) as vacuum
      from pg_stat_user_tables t join pg_class c on c.oid = t.relid
      where (${VACUUM}) or (${ANALYZE})
      order by 1`,
  );
  const result: VacuumResult = { vacuumed: [], analyzed: [] };
  for (const t of due) {
    // The name comes from the catalogue, quoted by format('%I').
    await db.execute(sql.raw(t.vacuum ? `vacuum (analyze) ${t.name}` : `analyze ${t.name}`));
    (t.vacuum ? result.vacuumed : result.analyzed).push(t.name);
  }
  return result;
}
