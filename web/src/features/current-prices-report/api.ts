/** The Current Prices Report's calls (docs/api.md "Current Prices Report"), through their contracts. */
import { type CriteriaForm, currentPricesCalls } from '@cpb/domain';
import { call } from '../../shared/api';

export const runReport = (zone: number, clientCriterias: CriteriaForm) =>
  call(currentPricesCalls.report, { body: { ZoneSetupID: zone, clientCriterias } });

export const applyPrice = (
  user: string,
  zone: number,
  item: { ID: string; PackSize: number; UpdateKey: string },
  price: string,
) =>
  call(currentPricesCalls.apply, {
    params: { user },
    body: {
      ZoneSetupID: zone,
      ID: item.ID,
      PackSize: item.PackSize,
      Price: price,
      UpdateKey: item.UpdateKey,
    },
  });

export const undoPrice = (user: string, zone: number, item: { ID: string; PackSize: number }) =>
  call(currentPricesCalls.undo, {
    params: { user },
    body: { ZoneSetupID: zone, ID: item.ID, PackSize: item.PackSize },
  });
