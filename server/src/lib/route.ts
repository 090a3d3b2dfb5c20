/**
 * Registers a route from its contract (domain/src/api/contract.ts): method, path and every schema
 * come from the contract, and the handler's params, query, body and answer are typed by it. A
 * handler answers with the value (checked against the response schema by the serializer) or with
 * `reply.send(...)` for a raw answer or an error of its own shape.
 */
import {
  type AnswerOf,
  type BodyOut,
  type Contract,
  isRawAnswer,
  type ParamsOut,
  type QueryOut,
} from '@cpb/domain';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export type ContractRequest<C extends Contract> = FastifyRequest<{
  Params: ParamsOut<C>;
  Querystring: QueryOut<C>;
  Body: BodyOut<C>;
}>;

/** What the serializer encodes: the response schema's input. */
type Answer<C extends Contract> = C['response'] extends z.ZodType ? z.input<C['response']> : never;

export type ContractHandler<C extends Contract> = (
  req: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<Answer<C> | FastifyReply>;

export interface RouteOptions {
  /** Route config, e.g. `{ dbGate: false }` for a route that waits on a PDF worker. */
  config?: FastifyContextConfig;
}

export function route<C extends Contract>(
  app: FastifyInstance,
  c: C,
  handler: ContractHandler<C>,
  options: RouteOptions = {},
): void {
  const response = isRawAnswer(c.response) ? undefined : { [c.status ?? 200]: c.response };
  app.route({
    method: c.method,
    url: c.path,
    config: options.config,
    schema: {
      tags: [...c.tags],
      ...(c.params ? { params: c.params } : {}),
      ...(c.query ? { querystring: c.query } : {}),
      ...(c.body ? { body: c.body } : {}),
      ...(response ? { response } : {}),
      ...(isRawAnswer(c.response) ? { produces: [c.response.raw] } : {}),
    },
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/** The answer's type, for a handler that builds it in parts. */
export type { AnswerOf };
