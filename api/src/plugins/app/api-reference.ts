import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { appPlugin } from '../../lib/plugin.js';
import { isApiPath } from '../../lib/api-path.js';
import type { Access, ApiRoute } from './route-catalog.js';
import { XSRF_COOKIE, XSRF_HEADER } from '../../lib/xsrf.js';
import { DIGITS_MAX, NO_NUL } from '../../lib/input-rules.js';

export const OPENAPI_PATH = '/lms/api/openapi.json';
export const API_DOCS_PATH = '/lms/api/docs';

/** The reference's own addresses (the document, the reader and its files): open to anyone. */
export function isReferencePath(url: string): boolean {
  return url === OPENAPI_PATH || url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`);
}

/** What each kind of caller reads in an operation's description. */
const WHO: Record<Access, string> = {
  anyone: 'Anyone, signed in or not.',
  signedIn: 'Anyone signed in.',
  teacher: 'Signed-in teachers (role 1).',
  student: 'Signed-in students (role 2).',
  registrar: "Signed-in staff with the registrar's right (registrarPerms).",
  news: 'Signed-in teachers with the news right (newsPerms); an item only by its author.',
};

/** Answers with no envelope: a part of a file, a redirect, "not modified", a range not there. */
const BARE = new Set([206, 303, 304, 416]);

const ERROR = { $ref: '#/components/schemas/ErrorEnvelope' };
const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR } },
});

/**
 * A value the schema accepts, built from the schema alone: its own example or default when it
 * has one, otherwise the simplest valid value (the lowest number, the shortest string).
 */
export function exampleOf(schema: unknown): unknown {
  const s = (schema ?? {}) as Record<string, unknown>;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('default' in s) return s.default;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  for (const key of ['anyOf', 'oneOf']) {
    const options = s[key];
    if (Array.isArray(options)) {
      // A union with null (a nullable field) is shown with its value.
      const real = options.find((option) => (option as { type?: unknown }).type !== 'null');
      return exampleOf(real ?? options[0]);
    }
  }
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...s.allOf.map((part) => exampleOf(part) as object));
  }
  switch (s.type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set((s.required ?? []) as string[]);
      const value: Record<string, unknown> = Object.fromEntries(
        Object.entries(properties)
          .filter(([key]) => required.has(key))
          .map(([key, field]) => [key, exampleOf(field)]),
      );
      // A map (`{ [key]: value }`) that must hold something gets one entry.
      if (Object.keys(value).length < Number(s.minProperties ?? 0)) {
        const patterns = Object.values((s.patternProperties ?? {}) as Record<string, unknown>);
        value.key = exampleOf(patterns[0] ?? s.additionalProperties);
      }
      return value;
    }
    case 'integer':
    case 'number': {
      const minimum =
        typeof s.minimum === 'number'
          ? s.minimum
          : typeof s.exclusiveMinimum === 'number'
            ? s.exclusiveMinimum + 1
            : 1;
      const maximum = typeof s.maximum === 'number' ? s.maximum : Number.MAX_SAFE_INTEGER;
      return Math.min(Math.max(minimum, 1), maximum);
    }
    case 'string': {
      if (s.format === 'date') return '2026-09-01';
      if (s.format === 'date-time') return '2026-09-01T09:00:00.000Z';
      const shortest = Math.max(1, Number(s.minLength ?? 1));
      if (typeof s.pattern !== 'string') return 'x'.repeat(shortest);
      // The first of a few usual shapes that the pattern and the length allow.
      const pattern = new RegExp(s.pattern, 'u');
      const longest = Number(s.maxLength ?? Infinity);
      const candidates = [
        ...Array.from({ length: 64 }, (_, i) => '1'.repeat(i + 1)),
        '2026-09-01',
        '2026-09-01T09:00:00.000Z',
        '09:00',
        'x'.repeat(shortest),
        `${'x'.repeat(Math.max(20, shortest))}.ics`,
      ];
      return (
        candidates.find(
          (text) => text.length >= shortest && text.length <= longest && pattern.test(text),
        ) ?? 'x'.repeat(shortest)
      );
    }
    case 'boolean':
      return false;
    case 'array': {
      const minItems = Number(s.minItems ?? 0);
      return Array.from({ length: minItems }, () => exampleOf(s.items));
    }
    case 'null':
      return null;
    default:
      return {};
  }
}

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  requestBody?: {
    required?: boolean;
    description?: string;
    content?: Record<string, { schema?: unknown; example?: unknown }>;
  };
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
  'x-access'?: Access;
  'x-xsrf'?: boolean;
};

/** The OpenAPI path of a route (`/a/:id` → `/a/{id}`). */
export function openapiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

/**
 * An operation's id, unique by construction: its method and address in one identifier
 * (`POST /lms/api/news/data.json` → `post_news_data_json`), what client generators name it by.
 */
export function operationIdOf(method: string, url: string): string {
  const path = url.replace(/^\/lms\/api\//, '').replace(/^\/lms\//, '');
  return `${method.toLowerCase()}_${path.replace(/:(\w+)/g, 'by_$1').replace(/[^A-Za-z0-9]+/g, '_')}`.replace(
    /_+$/,
    '',
  );
}

/** The input keywords of the portal (input-rules.ts) as extensions, which strict tools accept. */
const EXTENSION_KEYWORDS: Record<string, string> = {
  [NO_NUL]: `x-${NO_NUL}`,
  [DIGITS_MAX]: `x-${DIGITS_MAX}`,
};

/** A copy of a document part with the portal's own schema keywords written as `x-` extensions. */
export function withExtensionKeywords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtensionKeywords);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      EXTENSION_KEYWORDS[key] ?? key,
      withExtensionKeywords(inner),
    ]),
  );
}

/** States who may call each operation, its errors and the XSRF rule, from the route catalogue. */
function describe(operation: Operation, route: ApiRoute): void {
  const access = route.access;
  const xsrf = route.xsrf && route.method !== 'GET';
  operation.operationId = operationIdOf(route.method, route.url);
  // The first sentence of what the route says of itself, else its method and address.
  const own = operation.description?.split(/(?<=\.)\s/)[0]?.trim();
  operation.summary ??= own || `${route.method} ${route.url.replace(/^\/lms\/api\//, '')}`;
  const lines = [`**Who may call it:** ${WHO[access]}`];
  if (xsrf) {
    lines.push(
      `**XSRF:** send the \`${XSRF_COOKIE}\` cookie's value in the \`${XSRF_HEADER}\` header; ` +
        'without it the call is refused (403).',
    );
  }
  if (operation.description) lines.push(operation.description);
  operation.description = lines.join('\n\n');
  operation['x-access'] = access;
  operation['x-xsrf'] = xsrf;
  // Public operations say so (an empty requirement), the others need the session cookie.
  operation.security = access === 'anyone' ? [{}] : [{ session: [] }];
  const responses = (operation.responses ??= {});
  responses['400'] ??= errorAnswer(
    'The request is refused: its input does not fit the schema, or a rule of the area answers it.',
  );
  if (access !== 'anyone') responses['401'] ??= errorAnswer('Not signed in.');
  if (access !== 'anyone' && access !== 'signedIn') {
    responses['403'] ??= errorAnswer(`Only for: ${WHO[access]}`);
  } else if (xsrf) {
    responses['403'] ??= errorAnswer('The XSRF token is missing or wrong.');
  }
  if (route.method !== 'GET') {
    responses['413'] ??= errorAnswer('The body is larger than the portal takes.');
    responses['415'] ??= errorAnswer('The body is not of the type the operation takes.');
  }
  for (const [status, when] of Object.entries(route.answers)) {
    responses[status] ??= BARE.has(Number(status)) ? { description: when } : errorAnswer(when);
  }
  if (xsrf) {
    operation.parameters ??= [];
    operation.parameters.push({
      in: 'header',
      name: XSRF_HEADER,
      required: true,
      schema: { type: 'string' },
    });
  }
  if (route.documentedBody && !operation.requestBody) {
    const { mediaType, schema, description } = route.documentedBody;
    operation.requestBody = { required: true, description, content: { [mediaType]: { schema } } };
  }
  const json = operation.requestBody?.content?.['application/json'];
  if (json && route.schemas.body) json.example = exampleOf(route.schemas.body);
  for (const parameter of operation.parameters ?? []) {
    const where = { query: route.schemas.querystring, path: route.schemas.params }[
      parameter.in as 'query' | 'path'
    ] as { properties?: Record<string, unknown> } | undefined;
    if (!where) continue;
    (parameter as { example?: unknown }).example = exampleOf(where.properties?.[parameter.name]);
  }
}

/**
 * The API reference: OpenAPI 3.1 generated from the schemas the routes validate with, at
 * /lms/api/openapi.json, and a reader (Swagger UI, served by the portal itself) at /lms/api/docs.
 * Every route of the catalogue is in it, with who may call it, its body and answer, its errors
 * and the XSRF rule.
 */
export default appPlugin('api-reference', async (app, options: { version: string }) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      // The portal that serves the document is the server it describes.
      servers: [{ url: '/', description: 'This portal' }],
      info: {
        title: 'University portal API',
        version: options.version,
        description:
          'Every answer is the envelope `{ result, error, data }`: `result: true` means a ' +
          "refusal, with `error` in the caller's language (the `lang` cookie, else " +
          'Accept-Language). Identity comes from the session cookie set by ' +
          '`POST /lms/api/auth/orize.json` (sign-in).',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'lms_session' },
        },
        schemas: {
          ErrorEnvelope: {
            type: 'object',
            required: ['result', 'error', 'data'],
            properties: {
              result: { const: true },
              error: { type: 'string' },
              data: { type: 'null' },
            },
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const listed = isApiPath(url) || (route.config as { catalog?: unknown } | undefined)?.catalog;
      if (!listed) return { schema: { ...schema, hide: true }, url };
      const area = /^\/lms\/api\/([^/]+)/.exec(url)?.[1] ?? 'portal';
      return { schema: { ...schema, tags: [area] }, url };
    },
    transformObject: (documentObject) => {
      const openapiObject = (documentObject as { openapiObject: { paths?: object } }).openapiObject;
      const byKey = new Map(
        app.apiRoutes.map((route) => [`${route.method} ${openapiPath(route.url)}`, route]),
      );
      for (const [path, item] of Object.entries(openapiObject.paths ?? {})) {
        for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
          const route = byKey.get(`${method.toUpperCase()} ${path}`);
          if (route) describe(operation, route);
        }
      }
      return withExtensionKeywords(openapiObject) as never;
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    // Nothing leaves the portal: no validator badge from swagger.io.
    validatorUrl: false,
    uiConfig: { deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(app.swagger()),
  );
});
