import { Envelope, REMOTE_NAMES } from '@lms/shared/contract';
import { INVALID_REQUEST } from '../../lib/client-error-messages.js';
import { fill } from '../../lib/messages.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, ok } from '../../lib/http.js';
import { PORTAL_MESSAGES } from './messages.js';
import { REMOTE_NAME } from './remote-registry.js';
import { TokenBuckets } from '../../lib/token-bucket.js';
import type { MissingKeyLimits } from './missing-key-limits.js';
import { createMissingKeysService } from './missing-keys-service.js';

export const LANGUAGES = ['kg', 'ru', 'en'] as const;

/**
 * Namespaces of the portal itself: the shell's `common`, and `ui` and `standalone` of the shared
 * package (shared/src/i18n/resources, shared/src/standalone). Every remote's namespace is its
 * name (docs/remote-layout.md): the built-in remotes and whatever the registry lists.
 */
export const PORTAL_NAMESPACES = ['common', 'ui', 'standalone'] as const;

/** A key: printable text (no control characters), as long as the options allow. */
const KEY_PATTERN = '^[^\\u0000-\\u001f\\u007f]+$';

/**
 * Missing translations reported by the i18next instance of any page, signed in or not
 * (docs/i18n-missing-keys.md): POST /lms/locales/add/{lng}/{ns} with `{ "key": "fallback", … }`.
 * Nothing secret is stored, but anyone can call it, so every dimension is capped: the body, the
 * keys of one report and their length, the keys per language and namespace, and the reports per
 * address. The XSRF check applies as to every POST; signed-out pages have their cookie too.
 */
const localesRoutes: FastifyPluginAsyncTypebox<{ limits: MissingKeyLimits }> = async (
  app,
  { limits },
) => {
  const buckets = new TokenBuckets(limits.burstPerAddress, limits.perAddressPerMinute);
  const missingKeys = createMissingKeysService(app.db.kysely, app.repos.missingKeys);

  /** The namespaces a report may name: the portal's, the built-in remotes', the registry's. */
  const knownNamespaces = async (): Promise<Set<string>> => {
    const registry = await app.portalFiles.remotes.read();
    return new Set<string>([
      ...PORTAL_NAMESPACES,
      ...REMOTE_NAMES,
      ...Object.keys(registry ?? {}).filter((name) => REMOTE_NAME.test(name)),
    ]);
  };

  app.post(
    '/lms/locales/add/:lng/:ns',
    {
      bodyLimit: limits.bodyLimitBytes,
      config: {
        catalog: { example: '/lms/locales/add/en/common' },
        answers: {
          404: 'No such language or namespace.',
          429: 'Too many reports from this address.',
        },
      },
      schema: {
        params: Type.Object({
          lng: Type.Union(LANGUAGES.map((lng) => Type.Literal(lng))),
          ns: Type.String({ pattern: REMOTE_NAME.source }),
        }),
        body: Type.Record(Type.String(), Type.String({ maxLength: limits.maxValueLength }), {
          minProperties: 1,
          maxProperties: limits.maxKeysPerRequest,
          propertyNames: { minLength: 1, maxLength: limits.maxKeyLength, pattern: KEY_PATTERN },
        }),
        // What became of the reported keys: stored, already known, or dropped at the cap.
        response: {
          200: Envelope(
            Type.Object({ added: Type.Integer(), known: Type.Integer(), dropped: Type.Integer() }),
          ),
        },
      },
      preHandler: async (request, reply) => {
        const { ns } = request.params as { ns: string };
        if (!(await knownNamespaces()).has(ns)) {
          throw new ApiError(400, fill(INVALID_REQUEST, { detail: `unknown namespace "${ns}"` }));
        }
        // Counted after validation: refused input costs a little work and writes nothing.
        if (!buckets.take(request.ip)) {
          const wait = buckets.waitMs(request.ip);
          reply.header('Retry-After', String(Math.max(1, Math.ceil(wait / 1000))));
          throw new ApiError(429, PORTAL_MESSAGES.tooManyReports);
        }
      },
    },
    async (request) => {
      const { lng, ns } = request.params;
      const keys = Object.keys(request.body);
      return ok(await missingKeys.record(lng, ns, keys, limits.maxKeysPerNamespace));
    },
  );
};

export default localesRoutes;
