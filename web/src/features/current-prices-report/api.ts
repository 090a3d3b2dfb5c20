/** The Current Prices Report's calls (docs/api.md "Current Prices Report"), through their contracts. */
import { type CriteriaForm, currentPricesCalls } from '@cpb/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api';

export const currentPricesKeys = {
  lastApply: (user: string, zone: number) => ['currentPrices', user, zone, 'lastApply'] as const,
};

/**
 * The user's last Apply in the zone and which of its items Undo can put back (the server decides
 * from what it recorded, so a reloaded page offers Undo as the page that applied did).
 */
export const lastApplyQuery = (user: string, zone: number) =>
  queryOptions({
    queryKey: currentPricesKeys.lastApply(user, zone),
    queryFn: () => call(currentPricesCalls.lastApply, { params: { user, zone } }),
  });

export const runReport = (zone: number, clientCriterias: CriteriaForm) =>
  call(currentPricesCalls.report, { body: { ZoneSetupID: zone, clientCriterias } });

/** Apply: each item's chosen price at every store of the zone, in one call (one transaction). */
export const applyPrices = (
  user: string,
  zone: number,
  items: readonly { ID: string; PackSize: number; UpdateKey: string; Price: string }[],
) =>
  call(currentPricesCalls.apply, {
    params: { user },
    body: {
      ZoneSetupID: zone,
      Items: items.map((i) => ({ ID: i.ID, PackSize: i.PackSize, Price: i.Price, UpdateKey: i.UpdateKey })),
    },
  });

/** Undo: what the last Apply changed for these items, in one call (one transaction). */
export const undoPrices = (user: string, zone: number, items: readonly { ID: string; PackSize: number }[]) =>
  call(currentPricesCalls.undo, {
    params: { user },
    body: { ZoneSetupID: zone, Items: items.map((i) => ({ ID: i.ID, PackSize: i.PackSize })) },
  });
