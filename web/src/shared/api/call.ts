/**
 * The typed client: calls an endpoint contract of the domain (`adjustCalls.search`,
 * `itemCalls.lookUpBatchItem`, ...). Path, parameters, query, body and answer all come from the
 * contract, so a call the server does not answer that way fails `tsc`. It goes through `api()` /
 * `apiBlob()` (http.ts): same-origin credentials, the 401 re-check of the sign-in, `{ RootResults }`
 * unwrapped and `{ ErrorMessage }` turned into an ApiError. Only types come from the contract
 * module here; the schemas stay in the screens' chunks.
 */
import type { BodyIn, Contract, ParamsIn, QueryIn, ResultOf } from '@cpb/domain';
import { fillPath } from '@cpb/domain/path';
import { type ApiOptions, api, apiBlob } from './http';

type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What a call sends: the contract's params, query and body (each required when the contract has it). */
export type CallParts<C extends Contract> = Part<'params', ParamsIn<C>> &
  Part<'query', QueryIn<C>> &
  Part<'body', BodyIn<C>> & {
    /** The caller handles 401 itself (sign-in, session probe). */
    allow401?: boolean;
    signal?: AbortSignal;
    /** Extra request headers (e.g. Log Off's X-CSRF-Token). */
    headers?: Record<string, string>;
  };

/** The URL of a call: its path with the parameters filled in, and its query. */
export function callUrl(c: Pick<Contract, 'path'>, parts: { params?: unknown; query?: unknown }): string {
  const path = fillPath(c.path, parts.params as Record<string, unknown> | undefined);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries((parts.query ?? {}) as Record<string, unknown>)) {
    if (v !== undefined && v !== null) query.set(k, String(v));
  }
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}

/** Calls the contract; resolves to its answer (`RootResults` unwrapped; a Blob for a raw answer). */
export function call<C extends Contract>(c: C, parts: CallParts<C>): Promise<ResultOf<C>> {
  const options: ApiOptions = {
    method: c.method,
    body: parts.body,
    allow401: parts.allow401,
    signal: parts.signal,
    headers: parts.headers,
  };
  const url = callUrl(c, parts);
  if ('raw' in c.response && !('_zod' in c.response)) {
    const { allow401: _allow401, ...rest } = options;
    return apiBlob(url, { ...rest, accept: c.response.raw }) as Promise<ResultOf<C>>;
  }
  return api<ResultOf<C>>(url, options);
}

/** A contract's route alone: its method and path, with the contract's literal types. */
export type RouteOf<C extends Contract> = Pick<C, 'method' | 'path'>;

/**
 * Calls a JSON contract by its route, for the calls of the first load (the sign-in page, Home and
 * the shell), which must not carry the zod schemas a contract object holds (scripts/check-bundle.mjs):
 * `callRoute<typeof shellCalls.appConfig>({ method: 'GET', path: '/appConfig' }, {})` with the
 * contracts imported as types only. `tsc` checks the method and path against the contract's, and
 * params, query, body and answer are the contract's as with `call()`. The contract must be named.
 */
export function callRoute<C extends Contract = never>(
  route: RouteOf<NoInfer<C>>,
  parts: CallParts<C>,
): Promise<ResultOf<C>> {
  return api<ResultOf<C>>(callUrl(route, parts), {
    method: route.method,
    body: parts.body,
    allow401: parts.allow401,
    signal: parts.signal,
    headers: parts.headers,
  });
}
