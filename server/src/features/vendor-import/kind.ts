/** The 'Vendor Import' transfer kind: the per-site task and its completion message. */
import type { TransferKindHandlers } from '../transfers/types';
import { vendorImportTask } from './handler';

export const VENDOR_IMPORT_COMPLETE = 'Vendor Import Complete.';

export const vendorImportKind: TransferKindHandlers = {
  site: vendorImportTask,
  finished: async () => ({ message: VENDOR_IMPORT_COMPLETE }),
};
