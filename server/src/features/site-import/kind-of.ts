/** Test support: runs a Site Import transfer now with its handlers (until the queue runner is merged). */
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { siteImportKind } from './kind';
import { runTransferNow } from './test-run';

export const kindOf = (db: Db, config: AppConfig, transferId: number) =>
  runTransferNow(db, config, transferId, siteImportKind);
