import { vi } from 'vitest';

export interface StubCall {
  method: string;
  path: string;
  body: unknown;
  /** The request's headers (e.g. X-CSRF-Token). */
  headers?: Record<string, string>;
}

type Answer = unknown | ((call: StubCall) => unknown);

/**
 * Replaces the browser's fetch for one component test: each path prefix answers with JSON
 * (a value, or a function of the call; a Response is sent as it is); every call is recorded in order. Anything else is a 404.
 */
export function stubFetch(routes: Record<string, Answer>) {
  const calls: StubCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const call: StubCall = {
      method: init?.method ?? 'GET',
      path,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    };
    calls.push(call);
    const prefix = Object.keys(routes)
      .filter((p) => path.startsWith(p))
      .sort((a, b) => b.length - a.length)[0];
    if (prefix === undefined)
      return new Response(JSON.stringify({ ErrorMessage: 'not found' }), { status: 404 });
    const route = routes[prefix];
    const answer = typeof route === 'function' ? (route as (c: StubCall) => unknown)(call) : route;
    // A Response is answered as it is (an error status, a body that is not JSON).
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, callsTo: (prefix: string) => calls.filter((c) => c.path.startsWith(prefix)) };
}
