/**
 * Starting a transfer: the `transfers` row and one `transfer_tasks` row per site, in the caller's
 * transaction. (The queue job that runs it is enqueued in the same transaction; see queue.ts.)
 */
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { TransferKind } from './types';

export interface StartTransfer {
  kind: TransferKind;
  userName: string;
  siteIds: number[];
  options?: Record<string, unknown>;
  notes?: string | null;
}

/** Inserts the transfer and its tasks; returns the transfer id. */
export async function insertTransfer(ex: Executor, o: StartTransfer): Promise<number> {
  const [t] = await rows<{ id: number }>(
    ex,
    sql`insert into transfers (kind, user_name, options, notes, total)
      values (${o.kind}, ${o.userName}, ${JSON.stringify(o.options ?? {})}::jsonb, ${o.notes ?? null}, ${o.siteIds.length})
      returning id`,
  );
  await ex.execute(sql`insert into transfer_tasks (transfer_id, site_id)
    select ${t.id}, s from unnest(${pgArray(o.siteIds, 'int')}) s`);
  return t.id;
}
