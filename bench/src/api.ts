/** The bench's HTTP client: one signed-in session on the app under test, and the calls the cases use. */
import type { AdjustItem } from '@cpb/domain';

export type Item = Pick<AdjustItem, 'ID' | 'PackSize' | 'UpdateKey' | 'UnitList' | 'InvType'>;

/** The answers the cases read: a search, a grid edit (the saved item), a batch write. */
export type SearchAnswer = { GetSSCSItemsResult: { TotalCount: number; Items: Item[] } };
export type GridEditAnswer = { GetSSCSItemsResult: { Message: string; Items: Item[] } };
export type BatchAnswer = { RootResults?: { Saved?: number } };

export type Api = {
  /** The session cookie (`name=value`), for calls the helpers below do not make. */
  cookie: string;
  post: <T>(path: string, body: unknown) => Promise<T>;
  /** Items of the zone matching the criteria, first page of pageSize, ordered by ID. */
  search: (zoneId: number, criteria: Record<string, unknown>, pageSize: number) => Promise<Item[]>;
  /** The item as a fresh search shows it now (its current UpdateKey and price). */
  fresh: (zoneId: number, item: Pick<Item, 'ID' | 'PackSize'>) => Promise<Item>;
};

export async function signIn(base: string, userName = 'bench', password = 'bench'): Promise<Api> {
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const post = async <T>(p: string, body: unknown): Promise<T> => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const search = async (zoneId: number, criteria: Record<string, unknown>, pageSize: number) =>
    (
      await post<SearchAnswer>(`/adjust/${userName}/sscitems`, {
        ZoneSetupID: zoneId,
        clientCriterias: criteria,
        Page: 1,
        PageSize: pageSize,
      })
    ).GetSSCSItemsResult.Items;
  const fresh = async (zoneId: number, item: Pick<Item, 'ID' | 'PackSize'>) => {
    const found = await search(zoneId, { ApplyInventoryID: true, InventoryID: item.ID }, 100);
    const it = found.find((x) => x.ID === item.ID && x.PackSize === item.PackSize);
    if (!it) throw new Error(`item ${item.ID}/${item.PackSize} not found by a search of its ID`);
    return it;
  };
  return { cookie, post, search, fresh };
}
