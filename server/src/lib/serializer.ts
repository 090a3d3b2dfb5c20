/**
 * The answers' serializer: every JSON answer is encoded through its contract's response schema
 * (a field the schema does not state, or a value of the wrong type, is a server error). Under the
 * tests (VITEST) it also checks that the schema states the answer exactly, in the handler's key
 * order: the encoded JSON must be the handler's value's JSON byte for byte, so declaring a
 * response schema never changes what a call answers.
 */
import { createSerializerCompiler } from 'fastify-type-provider-zod';

const encode = createSerializerCompiler({});
const exact = Boolean(process.env.VITEST);

export const serializerCompiler: typeof encode = (route) => {
  const serialize = encode(route);
  if (!exact) return serialize;
  return (data: unknown) => {
    const text = serialize(data);
    const plain = JSON.stringify(data);
    if (text !== plain) {
      throw new Error(
        `${route.method} ${route.url}: the response schema changes the answer\n  sent: ${plain.slice(0, 400)}\n  encoded: ${text.slice(0, 400)}`,
      );
    }
    return text;
  };
};
