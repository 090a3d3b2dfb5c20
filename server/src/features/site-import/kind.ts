/**
 * The 'Site Import' transfer kind: the per-site task and what happens when every site has ended
 * (with "Distribute to sites" checked, a 'DTS Import' run for the sites that imported).
 */
import { msg } from '@cpb/domain';
import { insertTransfer } from '../transfers/start';
import type { TransferFinishedHandler, TransferKindHandlers } from '../transfers/types';
import { importOptions, siteImportTask } from './handler';

export const siteImportFinished: TransferFinishedHandler = async ({
  db,
  userName,
  options,
  doneSiteIds,
  transferId,
}) => {
  if (importOptions(options).bDoDTS && doneSiteIds.length) {
    await db.transaction((tx) =>
      insertTransfer(tx, {
        kind: 'DTS Import',
        userName,
        siteIds: doneSiteIds,
        options: { bModsOnly: true, siteImport: transferId },
      }),
    );
  }
  return { message: msg('SITE_IMPORT_COMPLETE') };
};

export const siteImportKind: TransferKindHandlers = { site: siteImportTask, finished: siteImportFinished };
