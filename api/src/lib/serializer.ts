import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { memoByObject } from './memo.js';

type Schema = Record<string, unknown>;

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNull(branch: Schema): boolean {
  return branch.type === 'null' || (Object.hasOwn(branch, 'const') && branch.const === null);
}

/** The JSON type of a branch that is one plain value (a primitive type or a literal). */
function valueType(branch: Schema): string | undefined {
  if (Object.hasOwn(branch, 'const')) {
    const value = branch.const;
    if (typeof value === 'string' || typeof value === 'boolean') return typeof value;
    if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
    return undefined;
  }
  return typeof branch.type === 'string' && PRIMITIVE_TYPES.has(branch.type)
    ? branch.type
    : undefined;
}

/**
 * The same response schema, with the unions a serializer cannot write without checking the
 * value first made plain: `X | null` becomes X with `nullable: true`, and a union of literals
 * of one type (a role 1 | 2, a status 'a' | 'b') becomes that type. fast-json-stringify
 * otherwise runs a full schema validation of the value per union per response to choose a
 * branch; every envelope's `data: T | null` is such a union. Unions of objects are kept.
 */
export function forSerializing(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializing);
  if (!isSchema(schema)) return schema;
  const plain: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === 'properties' || key === 'patternProperties') && isSchema(value)) {
      plain[key] = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, forSerializing(property)]),
      );
    } else {
      plain[key] = key === 'const' || key === 'default' ? value : forSerializing(value);
    }
  }
  const { anyOf, ...siblings } = plain;
  if (!Array.isArray(anyOf) || !anyOf.every(isSchema)) return plain;
  const values = anyOf.filter((branch) => !isNull(branch));
  const nullable = values.length < anyOf.length ? { nullable: true } : {};
  const [only] = values;
  // A union inside the union keeps the whole: the serializer would look at it before `nullable`.
  const nested = only && (only.anyOf ?? only.oneOf ?? only.allOf);
  if (values.length === 1 && only && !nested) return { ...siblings, ...only, ...nullable };
  const types = new Set(values.map(valueType));
  if (types.has('integer') && types.has('number')) types.delete('integer');
  const [type] = types;
  if (types.size === 1 && type !== undefined) return { ...siblings, type, ...nullable };
  return plain;
}

const serializerOf = memoByObject((schema: object) =>
  fastJson(forSerializing(schema) as Parameters<typeof fastJson>[0]),
);

/**
 * Fastify's response serializers, built from the contract's schemas made plain (above), once per
 * schema object (memoByObject).
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  serializerOf(schema as object);
