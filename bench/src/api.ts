/**
 * The bench's HTTP client: one signed-in session on the app under test, and the calls the cases use.
 * Calls go over node:http with one kept-alive connection (`http`, the default): an empty route
 * answers in 0.2-0.4 ms that way on the bench VM, against 0.9-1.4 ms through Node's fetch, whose
 * cost is the client's, not the server's. `fetch` keeps the earlier client for comparison.
 */
import http from 'node:http';
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

export type Client = 'http' | 'fetch';

/** One POST of a JSON body with the cookie: the status and the answer's text. */
type Send = (url: string, cookie: string, body: string) => Promise<{ status: number; text: string }>;

const viaFetch: Send = async (url, cookie, body) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body,
  });
  return { status: res.status, text: await res.text() };
};

function viaHttp(): Send {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (url, cookie, body) =>
    new Promise((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}

export async function signIn(
  base: string,
  userName = 'bench',
  password = 'bench',
  client: Client = 'http',
): Promise<Api> {
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const send = client === 'http' ? viaHttp() : viaFetch;
  const post = async <T>(p: string, body: unknown): Promise<T> => {
    const res = await send(`${base}${p}`, cookie, JSON.stringify(body));
    if (res.status < 200 || res.status > 299) throw new Error(`${p}: ${res.status} ${res.text}`);
    return JSON.parse(res.text) as T;
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
