/** What a user sees of their transfers: the active-sites count the page polls and a run's status. */
import type { TransferStatus } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { TransferKind } from './types';

/**
 * GET /activeSites (spec section 4): 0 when the user has no unfinished transfer of the kind; -1 when
 * the newest unfinished one has not had a site claimed yet, or is ending (poll again at once); else
 * the number of its sites left (waiting or running).
 */
export async function activeSites(
  ex: Executor,
  o: { userName: string; kind: TransferKind },
): Promise<number> {
  const [t] = await rows<{ left: number; touched: number }>(
    ex,
    sql`select
        (select count(*)::int from transfer_tasks k where k.transfer_id = t.id and k.status in ('PENDING', 'RUNNING')) as "left",
        (select count(*)::int from transfer_tasks k where k.transfer_id = t.id and (k.status <> 'PENDING' or k.attempts > 0)) as touched
      from transfers t
      where lower(t.user_name) = lower(${o.userName}) and t.kind = ${o.kind} and t.status in ('PENDING', 'FINISHING')
      order by t.id desc limit 1`,
  );
  if (!t) return 0;
  if (t.touched === 0 || t.left === 0) return -1;
  return t.left;
}

/** The user's newest transfer of the kind with each site's state, or null when there is none. */
export async function latestTransfer(
  ex: Executor,
  o: { userName: string; kind: TransferKind },
): Promise<TransferStatus | null> {
  const [t] = await rows<{ id: number; status: string; total: number; message: string | null }>(
    ex,
    sql`select id, status, total, message from transfers
      where lower(user_name) = lower(${o.userName}) and kind = ${o.kind}
      order by id desc limit 1`,
  );
  if (!t) return null;
  const sites = await rows<{
    site_no: number;
    status: TransferStatus['Sites'][number]['Status'];
    error: string | null;
    result: Record<string, unknown> | null;
  }>(
    ex,
    sql`select s.site_no, k.status, k.error, k.result from transfer_tasks k join sites s on s.id = k.site_id
      where k.transfer_id = ${t.id} order by s.site_no`,
  );
  return {
    TransferID: t.id,
    ProcessType: o.kind,
    // A run that is ending (its finished handler running) is still pending to the user.
    Status: t.status === 'DONE' || t.status === 'FAILED' ? t.status : 'PENDING',
    Total: t.total,
    Remaining: sites.filter((s) => s.status === 'PENDING' || s.status === 'RUNNING').length,
    Message: t.message,
    Sites: sites.map((s) => ({
      SiteNo: s.site_no,
      Status: s.status,
      Error: s.error,
      Result: s.status === 'DONE' ? shownResult(s.result) : null,
    })),
  };
}

/**
 * What a finished task did, as the user sees it: its plain values only. While a task runs its
 * result holds the handler's own bookkeeping (Distribute to Sites keeps its plan there, an object),
 * which is not the user's and not of the answer's shape.
 */
function shownResult(result: Record<string, unknown> | null): TransferStatus['Sites'][number]['Result'] {
  if (!result) return null;
  const shown: NonNullable<TransferStatus['Sites'][number]['Result']> = {};
  for (const [k, v] of Object.entries(result)) {
    if (v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') shown[k] = v;
  }
  return shown;
}
