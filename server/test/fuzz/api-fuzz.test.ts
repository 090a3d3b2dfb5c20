/**
 * A schema-driven fuzz of the whole API (issue 9): every call in the OpenAPI document, started
 * from a valid request and broken with hostile values. No answer may be a server error (a
 * response that does not match its schema is one, since the serializer checks it), and a
 * refused request (4xx) must leave the price book exactly as it was. Every call must have a
 * contract with a response schema (or a raw answer's content type), and every answer of a fuzzed
 * call that succeeds is parsed with that schema. The known attacks run first, each expected to be
 * a 400 that names the field.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_CONTRACTS, type Contract, isRawAnswer, specPath } from '@cpb/domain';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildItemsFixture, type ItemsFixture } from '../support/items-fixture';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { fingerprint } from './fingerprint';
import { hostileValue, MEGABYTE, put, spots, toInject } from './hostile';
import { NOT_FUZZED, type Req, seedRows, seeds } from './seeds';

let tdb: TestDatabase;
let app: FastifyInstance;
let fx: ItemsFixture;
let cookie: string;
let seed: Record<string, Req>;
let smtp: SmtpSink;
let sitesDir: string;
/** Random requests per run (FUZZ_RUNS); 250 keeps the file well under a minute on a quiet machine. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 250);

beforeAll(async () => {
  tdb = await createTestDatabase();
  fx = await buildItemsFixture(tdb.db);
  await seedRows(tdb.db, fx);
  // Distributions write to a folder of their own; report e-mail goes to a sink on loopback.
  sitesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-fuzz-sites-'));
  smtp = await startSmtpSink();
  app = await makeApp(tdb.db, { sitesDir, smtpUrl: smtp.url });
  cookie = await signIn(app, 'ann', 'ann-pw');
  seed = seeds(fx);
  // The start of a Vendor Import is a GET that changes data: it carries the session's token.
  const token = (await app.inject({ url: '/session', headers: { cookie } })).json().RootResults.csrfToken;
  seed['GET /vendorImport/{user}'].headers = { 'x-csrf-token': token };
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
  await smtp?.close();
  if (sitesDir) fs.rmSync(sitesDir, { recursive: true, force: true });
});

/** Each call's contract by its OpenAPI key ("POST /adjust/{user}/sscitems"). */
const CONTRACTS = new Map<string, Contract>(API_CONTRACTS.map((c) => [`${c.method} ${specPath(c.path)}`, c]));

/** A success is what the call's contract says: its response schema parses it, or its content type. */
function expectContractAnswer(
  key: string,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
) {
  const c = CONTRACTS.get(key);
  expect(c, `${key}: no contract`).toBeDefined();
  if (!c || res.statusCode !== (c.status ?? 200)) return;
  if (isRawAnswer(c.response)) {
    expect(String(res.headers['content-type']), key).toContain(c.response.raw);
    return;
  }
  const parsed = c.response.safeParse(JSON.parse(res.body));
  expect(
    parsed.success,
    `${key}: the answer does not parse with its response schema: ${parsed.error?.message.slice(0, 500)}`,
  ).toBe(true);
}

/** Sign-in goes without the session cookie: signing in again would end the fuzz's session. */
const PUBLIC = new Set(['POST /login']);

async function send(key: string, req: Req, signedIn = !PUBLIC.has(key)) {
  const o = toInject(key, req);
  return app.inject({ ...o, headers: { ...(o.headers ?? {}), ...(signedIn ? { cookie } : {}) } });
}

/** The fingerprint after the last request (only requests change the price book), or null after a write. */
let known: string | null = null;

/** Sends the request; a 4xx must change nothing and no answer may be a 5xx. */
async function check(key: string, req: Req, signedIn = !PUBLIC.has(key)) {
  const before = known ?? (await fingerprint(tdb.db));
  known = null;
  const res = await send(key, req, signedIn);
  const where = `${key} ${JSON.stringify(req).slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expectContractAnswer(key, res);
  if (res.statusCode >= 400) {
    const after = await fingerprint(tdb.db);
    expect(after, `refused but changed: ${where}`).toBe(before);
    known = after;
  }
  return res;
}

describe('API fuzz', () => {
  it('has a valid seed request for every call of the OpenAPI document, each answered 200', async () => {
    const doc = (await app.inject({ url: '/docs/json', headers: { cookie } })).json() as {
      paths: Record<string, object>;
    };
    const calls = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    const fuzzed = calls.filter((c) => !NOT_FUZZED.some((re) => re.test(c)));
    expect(fuzzed.filter((c) => !(c in seed))).toEqual([]);
    // Every call has a contract, each JSON one with its response schema in the document.
    expect(calls.filter((c) => !CONTRACTS.has(c))).toEqual([]);
    const withoutSchema = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops as Record<string, { responses?: Record<string, unknown> }>)
        .map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op }))
        .filter(({ key, op }) => {
          const c = CONTRACTS.get(key);
          return !c || (!isRawAnswer(c.response) && !op.responses?.[String(c.status ?? 200)]);
        })
        .map(({ key }) => key),
    );
    expect(withoutSchema).toEqual([]);
    for (const key of Object.keys(seed)) {
      const res = await check(key, seed[key]);
      expect(res.statusCode, `${key}: ${res.body.slice(0, 300)}`).toBe(200);
    }
  });

  const at = (key: string, path: string, value: unknown): [string, Req] => {
    const [part, ...rest] = path.split('.');
    const s = seed[key];
    return [
      key,
      put(s, { part: part as 'body', path: rest.map((p) => (/^\d+$/.test(p) ? Number(p) : p)) }, value),
    ];
  };
  const SEARCH = 'POST /adjust/{user}/sscitems';
  const PRICE = 'POST /adjust/{user}/updateSSCSItemsPriceChange';
  const EDIT = 'POST /adjust/{user}/submitChange';
  const SAVE = 'POST /updateBatchItem/{user}';
  const LOOKUP = 'POST /additem/{user}/lookUpBatchItem';
  const attacks: Array<{ name: string; field: string; make: () => [string, Req]; signedIn?: boolean }> = [
    { name: 'zone past 32 bits', field: 'ZoneSetupID', make: () => at(SEARCH, 'body.ZoneSetupID', 2 ** 32) },
    { name: 'zone as a boolean', field: 'ZoneSetupID', make: () => at(SEARCH, 'body.ZoneSetupID', true) },
    { name: 'page size past 32 bits', field: 'PageSize', make: () => at(SEARCH, 'body.PageSize', 2 ** 40) },
    {
      name: 'pack size past 32 bits',
      field: 'SelectedItems.0.PackSize',
      make: () => at(PRICE, 'body.SelectedItems.0.PackSize', 2 ** 40),
    },
    {
      name: 'tax group id past 32 bits',
      field: 'TaxGroupId',
      make: () => at('POST /adjust/{user}/updateSSCSItemsTaxGroupChange', 'body.TaxGroupId', 2 ** 53 + 2),
    },
    {
      name: 'department past 32 bits',
      field: 'DeptSubNum',
      make: () => at('POST /adjust/{user}/updateSSCSItemsDepartmentChange', 'body.DeptSubNum', 2 ** 33),
    },
    {
      name: 'min on hand past 32 bits',
      field: 'min_on_hand',
      make: () => at('POST /adjust/{user}/updateItemValues', 'body.min_on_hand', 2 ** 31),
    },
    {
      name: 'NUL in a grid edit',
      field: 'Item.Description',
      make: () => at(EDIT, 'body.Item.Description', 'CO\u0000KE'),
    },
    {
      name: 'NUL in a search criterion',
      field: 'ItemDesc',
      make: () => at(SEARCH, 'body.clientCriterias.ItemDesc', 'CO\u0000KE'),
    },
    { name: 'NUL in an item id', field: 'ID', make: () => at(LOOKUP, 'body.ID', 'A\u0000') },
    {
      name: 'non-numeric UpdateKey',
      field: 'SelectedItems.0.UpdateKey',
      make: () => at(PRICE, 'body.SelectedItems.0.UpdateKey', 'abc'),
    },
    {
      name: 'UpdateKey as an object',
      field: 'Item.UpdateKey',
      make: () => at(EDIT, 'body.Item.UpdateKey', { a: 1 }),
    },
    {
      name: 'list price past 2^53',
      field: 'Item.UnitList',
      make: () => at(EDIT, 'body.Item.UnitList', '9007199254740993.00'),
    },
    {
      name: 'grid edit above the POS limit of 99,999.99',
      field: 'Item.UnitList',
      make: () => at(EDIT, 'body.Item.UnitList', '100000.00'),
    },
    {
      name: 'margin edit with no ceiling',
      field: 'Item.Margin',
      make: () => at(EDIT, 'body.Item.Margin', '1e400'),
    },
    {
      name: 'cost past 2^53',
      field: 'UnitCost',
      make: () => at('POST /adjust/{user}/updateItemCost', 'body.UnitCost', '90071992547409930000'),
    },
    {
      name: 'price change amount past 2^53',
      field: 'ChangeAmount',
      make: () => at(PRICE, 'body.ChangeAmount', 2 ** 55),
    },
    { name: 'selection as text', field: 'SelectedItems', make: () => at(PRICE, 'body.SelectedItems', 'all') },
    { name: 'preview flag as text', field: 'Preview', make: () => at(PRICE, 'body.Preview', 'yes') },
    { name: 'a body that is an array', field: 'body', make: () => at(SEARCH, 'body', [1, 2]) },
    { name: '1 MB item id', field: 'ID', make: () => at(LOOKUP, 'body.ID', MEGABYTE) },
    {
      name: '1 MB UPC criterion',
      field: 'UPC',
      make: () => at(SEARCH, 'body.clientCriterias.UPC', MEGABYTE),
    },
    {
      name: '1 MB UPC in a save',
      field: 'Items.0.UpcCode',
      make: () => at(SAVE, 'body.Items.0.UpcCode', MEGABYTE),
    },
    {
      name: 'description criterion longer than a description',
      field: 'ItemDesc',
      make: () => at(SEARCH, 'body.clientCriterias.ItemDesc', 'x'.repeat(36)),
    },
    {
      name: 'FieldName=constructor',
      field: 'FieldName',
      make: () => at('GET /adjust/{user}/mostCommon', 'query.FieldName', 'constructor'),
    },
    {
      name: 'NUL in userName before sign-in',
      field: 'userName',
      make: () => at('POST /login', 'body.userName', 'ann\u0000'),
      signedIn: false,
    },
    {
      name: 'zone path segment past 32 bits',
      field: 'zone',
      make: () => at('GET /taxgroups/{user}/{zone}', 'params.zone', 2 ** 32 + 1),
    },
    {
      name: 'zone path segment that is not a number',
      field: 'zone',
      make: () => at('GET /getZonePricingEvents/{user}/{zone}', 'params.zone', '1abc'),
    },
    {
      name: 'more item groups than an item may have',
      field: 'Items.0.ItemGroups',
      make: () =>
        at(
          SAVE,
          'body.Items.0.ItemGroups',
          Array.from({ length: 1000 }, (_, i) => `G${i}`),
        ),
    },
    {
      name: 'more rows than a save takes',
      field: 'Items',
      make: () =>
        at(
          SAVE,
          'body.Items',
          Array.from(
            { length: 501 },
            () => seed[SAVE].body && (seed[SAVE].body as { Items: unknown[] }).Items[0],
          ),
        ),
    },
    {
      name: 'more coverage sites than a batch takes',
      field: 'Coverage',
      make: () =>
        at(
          PRICE,
          'body.Coverage',
          Array.from({ length: 10_001 }, (_, i) => i + 1),
        ),
    },
  ];

  it.each(attacks)('$name is a 400 naming $field, and changes nothing', async ({ field, make, signedIn }) => {
    const [key, req] = make();
    const res = await check(key, req, signedIn);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().ErrorMessage).toContain(field === 'body' ? '' : field);
  });

  it(
    'random breakage of every call: never a server error, and a refusal changes nothing',
    async () => {
      const keys = Object.keys(seed).filter((k) => spots(seed[k]).length > 0);
      const broken = fc.constantFrom(...keys).chain((key) =>
        fc.record({
          key: fc.constant(key),
          changes: fc.array(fc.tuple(fc.constantFrom(...spots(seed[key])), hostileValue), {
            minLength: 1,
            maxLength: 3,
          }),
        }),
      );
      await fc.assert(
        fc.asyncProperty(broken, async ({ key, changes }) => {
          const req = changes.reduce((r, [spot, value]) => put(r, spot, value), seed[key]);
          await check(key, req);
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 100000) },
      );
    },
    60_000 + RUNS * 300,
  );
});
