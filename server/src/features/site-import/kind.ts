/**
 * The 'Site Import' transfer kind: the per-site task and what happens when every site has ended
 * (with "Distribute to sites" checked, a 'DTS Import' run for the sites that imported).
 */
import { msg } from '@cpb/domain';
import type { TransferFinishedHandler, TransferKindHandlers } from '../transfers/types';
import { importOptions, siteImportTask } from './handler';

/** Starts the 'DTS Import' run (modifications only) for the sites an import finished. */
export type StartDtsAfterImport = (o: {
  userName: string;
  siteIds: number[];
  siteImport: number;
}) => Promise<unknown>;

export function siteImportFinished(startDts: StartDtsAfterImport): TransferFinishedHandler {
  return async ({ userName, options, doneSiteIds, transferId }) => {
    if (importOptions(options).bDoDTS && doneSiteIds.length)
      await startDts({ userName, siteIds: doneSiteIds, siteImport: transferId });
    return { message: msg('SITE_IMPORT_COMPLETE') };
  };
}

export const siteImportKind = (startDts: StartDtsAfterImport): TransferKindHandlers => ({
  site: siteImportTask,
  finished: siteImportFinished(startDts),
});
