// Every answer a test's app sends is checked against the API reference the app serves: its status
// must be one the operation documents, and its JSON body must fit the schema the operation
// documents for that status, so the document cannot drift from what the server does.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { openapiPath } from '../src/plugins/app/api-reference.js';

export interface Answered {
  method: string;
  /** The route's URL as registered (`/lms/api/schedule/ical/:token`). */
  url: string;
  status: number;
}

interface Response {
  content?: Record<string, { schema?: unknown }>;
}
type Operation = { responses?: Record<string, Response> };
type Paths = Record<string, Record<string, Operation>>;
interface Document {
  paths?: Paths;
  components?: { schemas?: Record<string, unknown> };
}

/** The operation an answer belongs to, if the document has it. */
function operationOf(paths: Paths, { method, url }: Answered): Operation | undefined {
  return paths[openapiPath(url)]?.[method.toLowerCase()];
}

/** The documented response of a status: its own, its class's (`4XX`) or the default. */
function responseOf(operation: Operation, status: number): Response | undefined {
  const responses = operation.responses ?? {};
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/** The answers whose status the document's operation does not list, as `METHOD url → status`. */
export function undocumentedAnswers(paths: Paths, answers: Iterable<Answered>): string[] {
  const missing = new Set<string>();
  for (const answer of answers) {
    const operation = operationOf(paths, answer);
    // Not in the reference (hidden routes, the reference itself): nothing to conform to.
    if (!operation) continue;
    if (!responseOf(operation, answer.status)) {
      missing.add(`${answer.method.toUpperCase()} ${answer.url} → ${answer.status}`);
    }
  }
  return [...missing].sort();
}

// One Ajv for the process: a schema is compiled once, whichever test app documents it.
const COMPONENTS_ID = 'lms-components';
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ allErrors: false, strict: true, strictTypes: false }));
const compiled = new Map<string, ValidateFunction>();
let componentsJson: string | undefined;
const knownExtensions = new Set<string>();

/** The `x-` keywords of a schema: annotations, declared so strict Ajv accepts them. */
function declareExtensions(json: string): void {
  for (const [, keyword] of json.matchAll(/"(x-[A-Za-z0-9_-]+)":/g)) {
    if (knownExtensions.has(keyword!)) continue;
    knownExtensions.add(keyword!);
    ajv.addKeyword({ keyword: keyword! });
  }
}

/** A validator of a documented schema; `#/components/schemas/…` refer to the document's. */
export function validatorOf(document: Document, schema: unknown): ValidateFunction {
  const components = JSON.stringify(document.components?.schemas ?? {});
  if (componentsJson === undefined) {
    declareExtensions(components);
    ajv.addSchema({ $id: COMPONENTS_ID, $defs: JSON.parse(components) as object });
    componentsJson = components;
  } else if (componentsJson !== components) {
    throw new Error('The API reference changed its components within one test process.');
  }
  const json = JSON.stringify(schema).replaceAll(
    '"#/components/schemas/',
    `"${COMPONENTS_ID}#/$defs/`,
  );
  let validate = compiled.get(json);
  if (!validate) {
    declareExtensions(json);
    validate = ajv.compile(JSON.parse(json) as object);
    compiled.set(json, validate);
  }
  return validate;
}

/**
 * Why a JSON answer does not fit its documented schema (undefined when it fits): no schema is
 * documented for a JSON answer, the body is not JSON, or Ajv's first error.
 */
export function nonConformity(
  document: Document,
  answer: Answered,
  body: string,
): string | undefined {
  const operation = operationOf(document.paths ?? {}, answer);
  if (!operation) return undefined;
  const response = responseOf(operation, answer.status);
  // An unlisted status is reported by `undocumentedAnswers`.
  if (!response) return undefined;
  const schema = response.content?.['application/json']?.schema;
  if (schema === undefined) return 'a JSON answer, but no application/json schema is documented';
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 80)}`;
  }
  const validate = validatorOf(document, schema);
  if (validate(value)) return undefined;
  return `${ajv.errorsText(validate.errors)} in ${body.slice(0, 300)}`;
}

/** Records what each route answers; `check` names the answers the app's document does not fit. */
export function recordAnswers(app: FastifyInstance): { check(): string[] } {
  const seen = new Map<string, Answered>();
  const problems = new Map<string, string>();
  let document: Document | undefined;
  // Each JSON body is checked as it leaves (keeping every body of a suite would cost memory).
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.routeOptions.url;
    const type = String(reply.getHeader('content-type') ?? '');
    // A compressed body (a caller asking for it) is not read back.
    const encoded = reply.getHeader('content-encoding') !== undefined;
    const text =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : undefined;
    if (url && !encoded && text !== undefined && /^application\/json\b/.test(type)) {
      const answer = { method: request.method, url, status: reply.statusCode };
      const key = `${answer.method} ${url} → ${answer.status}`;
      if (!problems.has(key)) {
        document ??= app.swagger() as Document;
        const problem = nonConformity(document, answer, text);
        if (problem) problems.set(key, `${key}: ${problem}`);
      }
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const url = request.routeOptions.url;
    if (url) {
      const answer = { method: request.method, url, status: reply.statusCode };
      seen.set(`${answer.method} ${url} ${answer.status}`, answer);
    }
    done();
  });
  return {
    check: () => [
      ...undocumentedAnswers(
        (document ?? (app.swagger() as Document)).paths ?? {},
        seen.values(),
      ).map((line) => `${line}: the status is not listed (add it to the route's config.answers)`),
      ...[...problems.values()].sort(),
    ],
  };
}
