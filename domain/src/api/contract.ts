/**
 * One endpoint contract per call (docs/api.md "Contracts"): method, path, path parameters, query,
 * body and answer, in one object. The server registers its route from it (server/src/lib/route.ts)
 * and the page calls it through one typed client (web/src/shared/api/), so the two sides cannot
 * drift without `tsc` noticing.
 */
import { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An answer that is not JSON (a PDF, an HTML page): sent as it is, of this content type. */
export interface RawAnswer {
  readonly raw: string;
}
export const rawAnswer = (contentType: string): RawAnswer => ({ raw: contentType });

/** Every error answer: `{ "ErrorMessage": "..." }`. */
export const ErrorAnswer = z.strictObject({ ErrorMessage: z.string() });
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

type Schema = z.ZodType;

export interface Contract<
  M extends Method = Method,
  P extends string = string,
  Params extends Schema | undefined = Schema | undefined,
  Query extends Schema | undefined = Schema | undefined,
  Body extends Schema | undefined = Schema | undefined,
  Res extends Schema | RawAnswer = Schema | RawAnswer,
> {
  method: M;
  /** Fastify's path syntax: `/adjust/:user/sscitems` (the spec's `/adjust/{user}/sscitems`). */
  path: P;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The success answer's schema (strict: it states the answer exactly), or a raw answer's type. */
  response: Res;
  /** The status of the answer `response` describes, when it is not 200 (GET /logout: 405). */
  status?: number;
  /** OpenAPI tags (the area). */
  tags: readonly string[];
}

/** Declares a contract, keeping its literal types (method, path, schemas). */
export const contract = <
  const M extends Method,
  const P extends string,
  Params extends Schema | undefined = undefined,
  Query extends Schema | undefined = undefined,
  Body extends Schema | undefined = undefined,
  Res extends Schema | RawAnswer = Schema,
>(
  c: Contract<M, P, Params, Query, Body, Res>,
) => c;

/** A part the contract leaves out is `undefined`. */
type In<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends Schema
    ? z.input<NonNullable<S>>
    : undefined;
type Out<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends Schema
    ? z.output<NonNullable<S>>
    : undefined;

/** What the caller sends (before the schema's defaults and transforms). */
export type ParamsIn<C extends Contract> = In<C['params']>;
export type QueryIn<C extends Contract> = In<C['query']>;
export type BodyIn<C extends Contract> = In<C['body']>;
/** What the handler reads (after them). */
export type ParamsOut<C extends Contract> = Out<C['params']>;
export type QueryOut<C extends Contract> = Out<C['query']>;
export type BodyOut<C extends Contract> = Out<C['body']>;
/** The JSON answer (a raw answer: a Blob on the page). */
export type AnswerOf<C extends Contract> = C['response'] extends Schema ? z.output<C['response']> : Blob;
/** The answer with the spec's `{ RootResults }` wrapper taken off (what the page's client returns). */
export type ResultOf<C extends Contract> = Unwrap<AnswerOf<C>>;
type Unwrap<T> = T extends { RootResults: infer R } ? R : T;

export const isRawAnswer = (r: Schema | RawAnswer): r is RawAnswer => 'raw' in r && !('_zod' in r);

export { fillPath, specPath } from './path';
