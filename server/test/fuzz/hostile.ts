/**
 * Values that have broken servers like this one: integers past 32 bits and past 2^53, control
 * and NUL characters, names of Object.prototype, numbers written as text, wrong JSON types and
 * very long text. `mutate` puts some of them into a valid request.
 */
import fc from 'fast-check';
import type { Req } from './seeds';

export const MEGABYTE = '9'.repeat(1_000_000);

const FIXED: unknown[] = [
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32 + 1,
  2 ** 53 + 2,
  -1,
  0,
  1.5,
  1e308,
  'abc',
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\u0007\u001b[2J',
  'constructor',
  '__proto__',
  'toString',
  '9007199254740993.00',
  '99999999999999999999999.99',
  '1e400',
  '-0',
  'NaN',
  '2147483648',
  '4294967297',
  "1' or '1'='1",
  '%_\\',
  null,
  true,
  false,
  [],
  {},
  [null],
  { constructor: 1 },
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIXED) },
  { weight: 2, arbitrary: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constant(MEGABYTE) },
);

type Part = 'params' | 'query' | 'body';
export interface Spot {
  part: Part;
  path: (string | number)[];
}

/** Every place a value sits in the request (objects and arrays too, so their type can be wrong). */
export function spots(req: Req): Spot[] {
  const out: Spot[] = [];
  const walk = (part: Part, v: unknown, path: (string | number)[]) => {
    out.push({ part, path });
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(part, x, [...path, i]);
    } else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(part, x, [...path, k]);
  };
  for (const [k, v] of Object.entries(req.params)) walk('params', v, [k]);
  for (const [k, v] of Object.entries(req.query ?? {})) walk('query', v, [k]);
  if (req.body !== undefined) walk('body', req.body, []);
  return out;
}

/** A copy of the request with `value` at `spot` (the whole body when the path is empty). */
export function put(req: Req, spot: Spot, value: unknown): Req {
  const copy = structuredClone(req) as Req & Record<string, unknown>;
  if (spot.part === 'body' && spot.path.length === 0) {
    copy.body = value;
    return copy;
  }
  let target = (spot.part === 'body' ? copy.body : (copy[spot.part] ?? {})) as Record<
    string | number,
    unknown
  >;
  if (spot.part === 'query') copy.query = target as Record<string, unknown>;
  if (!target || typeof target !== 'object') return copy; // an earlier change replaced the whole body
  for (const key of spot.path.slice(0, -1)) {
    const next = target?.[key];
    if (!next || typeof next !== 'object') return copy; // an earlier change made this spot go away
    target = next as Record<string | number, unknown>;
  }
  target[spot.path[spot.path.length - 1]] = value;
  return copy;
}

/** A path or query value as text (objects as JSON, as a careless client would send them). */
export const asText = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Method, URL and payload for app.inject. */
export function toInject(key: string, req: Req) {
  const [method, template] = key.split(' ');
  let url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(asText(req.params[name])));
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) q.append(k, asText(v));
  if ([...q].length) url += `?${q}`;
  return {
    method: method as 'GET' | 'POST',
    url,
    ...(req.body === undefined ? {} : { payload: JSON.stringify(req.body) }),
    headers: {
      ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(req.headers ?? {}),
    },
  };
}
