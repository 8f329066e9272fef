import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Response schemas of hot routes, serialized by code compiled from their JSON schema. */
const compiled = new WeakSet<z.ZodType>();

/**
 * Marks a response schema as hot: its answers are written by fast-json-stringify (Fastify's own
 * JSON-schema serializer) compiled from the schema, instead of zod's encode and JSON.stringify.
 * Only the schema's declared properties are written; anything else on the object is dropped, as
 * zod's strip did. The answer is not checked against the schema any more: only use it for
 * answers the server builds itself, field by field (the mining reads).
 */
export function compiledResponse<Schema extends z.ZodType>(schema: Schema): Schema {
  compiled.add(schema);
  return schema;
}

type JsonSchema = Record<string, unknown>;

/**
 * What fast-json-stringify needs of a zod JSON schema: types and properties. A nullable written by
 * zod as `anyOf: [X, null]` becomes `type: [X, 'null']`, which it writes without running a
 * validator to choose the branch; checks it never makes (patterns, bounds, formats) go.
 */
export function writerSchema(schema: JsonSchema): JsonSchema {
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf.some((branch) => branch.type === 'null')) {
    const other = writerSchema(anyOf.find((branch) => branch.type !== 'null') ?? {});
    if (typeof other.type === 'string') return { ...other, type: [other.type, 'null'] };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (['$schema', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].includes(key))
      continue;
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, property]) => [name, writerSchema(property)]),
      );
    } else if ((key === 'items' || key === 'additionalProperties') && value && typeof value === 'object') {
      out[key] = writerSchema(value as JsonSchema);
    } else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') {
      out[key] = (value as JsonSchema[]).map(writerSchema);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** A serializer compiled from the zod schema's output JSON schema. */
export function compileWriter(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  return fastJson(writerSchema(json) as unknown as Parameters<typeof fastJson>[0]);
}

/** The app's serializer compiler: hot schemas through compiled code, every other one through zod. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) =>
  compiled.has(route.schema) ? compileWriter(route.schema) : zodSerializerCompiler(route);
