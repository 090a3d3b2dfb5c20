/** Item Adjustment's calls (docs/api-item-adjust.md), through the domain's contracts. */
import { type AdjustItem, adjustCalls, type DivergentField } from '@cpb/domain';
import { call } from '../../shared/api';
import type { ItemEdit, SearchRequest, SelectedItem } from './types';

/** POST /adjust/{user}/sscitems: one page of the zone's items and the total count. */
export async function searchItems(user: string, zoneId: number, req: SearchRequest) {
  const answer = await call(adjustCalls.search, {
    params: { user },
    body: {
      ZoneSetupID: zoneId,
      clientCriterias: req.criteria,
      DivergentOnly: req.divergentOnly,
      Page: req.page,
      PageSize: req.pageSize,
      OrderBy: req.orderBy ?? undefined,
    },
  });
  return answer.GetSSCSItemsResult;
}

/** POST /adjust/{user}/submitChange: one grid edit over every site of the zone; the saved item. */
export async function submitChange(
  user: string,
  zoneId: number,
  item: Pick<AdjustItem, 'ID' | 'PackSize' | 'UpdateKey'>,
  edit: ItemEdit,
): Promise<AdjustItem> {
  const answer = await call(adjustCalls.submitChange, {
    params: { user },
    body: {
      ZoneSetupID: zoneId,
      Item: { ID: item.ID, PackSize: item.PackSize, UpdateKey: item.UpdateKey, ...edit },
    },
  });
  return answer.GetSSCSItemsResult.Items[0];
}

/** GET /adjust/{user}/mostCommon: the item's values across the zone's sites, most common first. */
export function fetchMostCommon(
  user: string,
  zoneId: number,
  item: Pick<AdjustItem, 'ID' | 'PackSize'>,
  field: DivergentField,
) {
  return call(adjustCalls.mostCommon, {
    params: { user },
    query: { ZoneSetupID: zoneId, ID: item.ID, PS: item.PackSize, FieldName: field },
  });
}

/** POST /adjust/{user}/siteZoneCoverage: zones and sites for the coverage dialog. */
export function fetchCoverage(user: string, zoneId: number, items: SelectedItem[]) {
  return call(adjustCalls.siteZoneCoverage, {
    params: { user },
    body: { ZoneSetupID: zoneId, SelectedItems: items },
  });
}

/** POST /adjust/{user}/distributeSelItemsToSelSites: sends the items to the sites now. */
export async function distributeToSites(
  user: string,
  zoneId: number,
  items: SelectedItem[],
  siteIds: number[],
): Promise<string> {
  const answer = await call(adjustCalls.distributeSelected, {
    params: { user },
    body: { zonesetupid: zoneId, SelectedItems: items, sites: siteIds.join(',') },
  });
  return answer.Message;
}
