import { INPUT_MESSAGES, LIMIT_MESSAGES } from './input-messages.js';
import { memoByObject } from './memo.js';

export { INPUT_MESSAGES, LIMIT_MESSAGES };

/**
 * What the databases can store, applied to every schema that checks input (request bodies, query
 * strings, path parameters, multipart fields): a client's value either fits or is a 400, never a
 * PostgreSQL error (a 500) or an answer that differs between SQLite and PostgreSQL.
 */

/** The range of an `integer` column, which every id and number in the schema is. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** The keyword refusing a string with a NUL character (PostgreSQL's text cannot hold one). */
export const NO_NUL = 'noNul';
/** The keyword bounding a string of digits (an id in a query string) to an integer column. */
export const DIGITS_MAX = 'digitsMax';

export const NO_NUL_MESSAGE = INPUT_MESSAGES.noNul.en;
export const DIGITS_MAX_MESSAGE = LIMIT_MESSAGES.digitsMax.en({ n: INT32_MAX });

type Schema = Record<string | symbol, unknown>;

/**
 * A pattern of digits without a leading zero (`^[1-9][0-9]{0,9}$`): the text of a number, an id
 * in a query string. Digits that may start with 0 (`^[0-9]{11}$`, a payment code) are a code.
 */
const NUMBER_TEXT = /^\^\[1-9\](?:(?:\[0-9\]|\\d)(?:\{\d+(?:,\d*)?\}|[+*?])?)*\$$/;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const NESTED_MAPS = ['properties', 'patternProperties', 'definitions', '$defs'] as const;
const NESTED_ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'];
const NESTED_LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

/** One copy per schema (memoByObject): the validators compiled for it are reused. */
const storableCopy = memoByObject((schema: Schema): Schema => {
  // A spread keeps TypeBox's marks (symbol keys) with the rest.
  const copy: Schema = { ...schema };
  const types = [schema.type].flat();
  if (types.includes('integer') || types.includes('number')) {
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = INT32_MAX;
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) copy.minimum = INT32_MIN;
  }
  if (types.includes('string')) {
    copy[NO_NUL] = true;
    if (typeof copy.pattern === 'string' && NUMBER_TEXT.test(copy.pattern)) {
      copy[DIGITS_MAX] = INT32_MAX;
    }
  }
  for (const key of NESTED_MAPS) {
    const map = schema[key];
    if (!isSchema(map)) continue;
    copy[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, storable(sub)]));
  }
  for (const key of NESTED_ONE) {
    if (isSchema(schema[key])) copy[key] = storable(schema[key]);
  }
  for (const key of NESTED_LIST) {
    const list = schema[key];
    if (Array.isArray(list)) copy[key] = list.map((sub: unknown) => storable(sub));
  }
  return copy;
});

/**
 * A copy of an input schema with the databases' limits added (the original, shared with the
 * answers' schemas, is left alone):
 * - an `integer` or `number` without a `maximum` gets 2147483647, without a `minimum`
 *   -2147483648 (a field stored in a `bigint` column states its own bounds, e.g.
 *   `Number.MAX_SAFE_INTEGER`);
 * - every string refuses NUL (`noNul`; `ajv` only: TypeBox ignores it, multipart fields are
 *   checked for NUL where they are received, lib/uploads.ts);
 * - a string whose pattern admits a number only (digits, no leading zero) is bounded as one
 *   (`digitsMax`; `ajv` only).
 * TypeBox's kind marks are kept, so `Value.Check` can check the copy.
 */
export function storable<T>(schema: T): T {
  return isSchema(schema) ? (storableCopy(schema) as T) : schema;
}

/** An Ajv keyword's check that reports its own message. */
interface Check<S> {
  (schema: S, data: string): boolean;
  errors?: { keyword: string; message: string; params: object }[];
}

interface KeywordAjv {
  addKeyword(definition: {
    keyword: string;
    type: string;
    schemaType: string;
    errors: boolean;
    validate: Check<never>;
  }): unknown;
}

/** Teaches an Ajv instance the keywords `storable` adds (Fastify's `ajv.plugins`). */
export function inputKeywords<A>(ajv: A): A {
  const target = ajv as unknown as KeywordAjv;
  const noNul: Check<boolean> = (_on, data) => {
    if (!data.includes('\u0000')) return true;
    noNul.errors = [{ keyword: NO_NUL, message: NO_NUL_MESSAGE, params: {} }];
    return false;
  };
  const digitsMax: Check<number> = (max, data) => {
    // Only text of digits is judged here; its pattern refuses anything else.
    if (!/^\d+$/.test(data) || Number(data) <= max) return true;
    digitsMax.errors = [
      { keyword: DIGITS_MAX, message: DIGITS_MAX_MESSAGE, params: { limit: max } },
    ];
    return false;
  };
  const definition = { type: 'string', errors: true } as const;
  target.addKeyword({ ...definition, keyword: NO_NUL, schemaType: 'boolean', validate: noNul });
  target.addKeyword({
    ...definition,
    keyword: DIGITS_MAX,
    schemaType: 'number',
    validate: digitsMax,
  });
  return ajv;
}

/** Does a text carry a NUL character, raw or percent-encoded (a URL)? */
export function hasNul(text: string): boolean {
  return text.includes('\u0000') || /%00/.test(text);
}

/**
 * PostgreSQL's "data exception" errors a client's value can cause (a number out of a column's
 * range, text it cannot convert or hold). Every route's input rules keep them away; should one
 * slip through (an input checked by hand), it is still the client's 400, not a 500.
 */
const VALUE_ERRORS = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

export function isUnstorableValue(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && typeof severity === 'string' && VALUE_ERRORS.has(code);
}
