/** Item Adjustment's calls (docs/api-item-adjust.md); every path carries the signed-in user. */
import type { SearchBodyInput, SubmitChangeInput } from '@cpb/domain';
import { api, seg } from '../../shared/api';
import type {
  AdjustItem,
  CommonValue,
  CoverageData,
  DivergentField,
  ItemEdit,
  SearchRequest,
  SearchResult,
  SelectedItem,
} from './types';

/** POST /adjust/{user}/sscitems: one page of the zone's items and the total count. */
export async function searchItems(user: string, zoneId: number, req: SearchRequest): Promise<SearchResult> {
  const body: SearchBodyInput = {
    ZoneSetupID: zoneId,
    clientCriterias: req.criteria,
    DivergentOnly: req.divergentOnly,
    Page: req.page,
    PageSize: req.pageSize,
    OrderBy: req.orderBy ?? undefined,
  };
  const answer = await api<{ GetSSCSItemsResult: SearchResult }>(`/adjust/${seg(user)}/sscitems`, { body });
  return answer.GetSSCSItemsResult;
}

/** POST /adjust/{user}/submitChange: one grid edit over every site of the zone; the saved item. */
export async function submitChange(
  user: string,
  zoneId: number,
  item: Pick<AdjustItem, 'ID' | 'PackSize' | 'UpdateKey'>,
  edit: ItemEdit,
): Promise<AdjustItem> {
  const body: SubmitChangeInput = {
    ZoneSetupID: zoneId,
    Item: { ID: item.ID, PackSize: item.PackSize, UpdateKey: item.UpdateKey, ...edit },
  };
  const answer = await api<{ GetSSCSItemsResult: { Items: AdjustItem[] } }>(
    `/adjust/${seg(user)}/submitChange`,
    { body },
  );
  return answer.GetSSCSItemsResult.Items[0];
}

/** GET /adjust/{user}/mostCommon: the item's values across the zone's sites, most common first. */
export function fetchMostCommon(
  user: string,
  zoneId: number,
  item: Pick<AdjustItem, 'ID' | 'PackSize'>,
  field: DivergentField,
): Promise<CommonValue[]> {
  const q = new URLSearchParams({
    ZoneSetupID: String(zoneId),
    ID: item.ID,
    PS: String(item.PackSize),
    FieldName: field,
  });
  return api<CommonValue[]>(`/adjust/${seg(user)}/mostCommon?${q}`);
}

/** POST /adjust/{user}/siteZoneCoverage: zones and sites for the coverage dialog. */
export function fetchCoverage(user: string, zoneId: number, items: SelectedItem[]): Promise<CoverageData> {
  return api<CoverageData>(`/adjust/${seg(user)}/siteZoneCoverage`, {
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
  const answer = await api<{ Message: string }>(`/adjust/${seg(user)}/distributeSelItemsToSelSites`, {
    body: { zonesetupid: zoneId, SelectedItems: items, sites: siteIds.join(',') },
  });
  return answer.Message;
}
