/** Every call's contract, by area: the server registers each, the fuzz reads every answer's schema. */
import { adjustCalls, batchCalls } from './adjust';
import type { Contract } from './contract';
import { currentPricesCalls } from './current-prices';
import { itemCalls } from './items';
import { authCalls, lookupCalls, reportCalls } from './misc';
import { negCostCalls } from './negcost';
import { ouRuleCalls } from './ou-rules';
import { ouCalls } from './outside-updates';
import { preferenceCalls } from './preferences';
import { pricingEventCalls } from './pricing-events';
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
  currentPricesCalls,
  pricingEventCalls,
  negCostCalls,
  vendorImportCalls,
} as const;

/** All contracts, each once. */
export const API_CONTRACTS: readonly Contract[] = Object.values(API_AREAS).flatMap((area) =>
  Object.values(area as Record<string, Contract>),
);
