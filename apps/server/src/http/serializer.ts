import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialization from the route's zod schema, compiled once to fast-json-stringify: only the declared
 * fields are written (a new column never leaks into an answer), several times faster than encoding with zod
 * and JSON.stringify on every response. A schema JSON Schema cannot express falls back to zod's serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const schema = route.schema as z.ZodType;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as Record<string, unknown>;
    delete json.$schema;
    return fastJsonStringify(json as never);
  } catch {
    return zodSerializerCompiler(route as never);
  }
};
