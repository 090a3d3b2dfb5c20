/** Every call's contract, by area: the server registers each, the fuzz reads every answer's schema. */
import { adjustCalls, batchCalls } from './adjust';
import type { Contract } from './contract';
import { itemCalls } from './items';
import { authCalls, lookupCalls, preferenceCalls, reportCalls } from './misc';
import { ouRuleCalls } from './ou-rules';
import { ouCalls } from './outside-updates';
import { shellCalls } from './shell';
import { transferCalls } from './transfers';
import { vendorImportCalls } from './vendor-import';

export const API_AREAS = {
  authCalls,
  shellCalls,
  lookupCalls,
  preferenceCalls,
  reportCalls,
  adjustCalls,
  batchCalls,
  itemCalls,
  ouCalls,
  ouRuleCalls,
  transferCalls,
  vendorImportCalls,
} as const;

/** All contracts, each once. */
export const API_CONTRACTS: readonly Contract[] = Object.values(API_AREAS).flatMap((area) =>
  Object.values(area as Record<string, Contract>),
);
