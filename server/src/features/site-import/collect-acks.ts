/**
 * Acknowledgements as soon as a store writes them: the pickers of Site Import and Distribute to
 * Sites show, per site, whether the store confirmed its last distribution. A store answers each
 * maintenance file with an ACK file in its from-site/ folder; waiting for the next Site Import to
 * read it would show every store as unconfirmed until then. So reading the picker first records the
 * acknowledgements that arrived for sites whose last distribution is not yet confirmed (the same
 * recording Site Import does; recording one twice changes nothing).
 */
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { siteFromDir } from '../../exchange/site-folders';
import { recordAcks } from './invoices-acks';
import { DEFAULT_STORE_FILE_MAX_BYTES, readStoreFiles } from './read-store';

interface Waiting {
  site_id: number;
  site_no: number;
  exchange_dir: string | null;
  last_ack_file: string | null;
}

/** Records the new acknowledgements of the given sites' unconfirmed distributions; returns the sites updated. */
export async function collectAcks(
  db: Db,
  sitesDir: string,
  siteIds: number[],
  maxBytes = DEFAULT_STORE_FILE_MAX_BYTES,
): Promise<number[]> {
  const waiting = await rows<Waiting>(
    db,
    sql`select s.id as site_id, s.site_no, s.exchange_dir, x.last_ack_file
      from site_exchange x join sites s on s.id = x.site_id
      where x.site_id = any(${pgArray(siteIds, 'int')}) and x.last_dist_file is not null
        and x.last_ack_for is distinct from x.last_dist_file`,
  );
  const updated: number[] = [];
  for (const w of waiting) {
    const dir = siteFromDir(sitesDir, { siteNo: w.site_no, exchangeDir: w.exchange_dir });
    // A missing folder is Site Import's to report; an unreadable acknowledgement is left out here
    // and moved aside, with its reason, by the store's next Site Import.
    const reading = await readStoreFiles(
      dir,
      w.site_no,
      { itemFile: null, ackFile: w.last_ack_file, importStamp: null, only: 'ACK' },
      maxBytes,
    ).catch(() => null);
    if (!reading?.acks.length) continue;
    await db.transaction((tx) => recordAcks(tx, w.site_id, reading.acks));
    updated.push(w.site_id);
  }
  return updated;
}
