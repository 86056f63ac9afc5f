import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { readFileSync } from 'node:fs';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifySchemaValidationError,
} from 'fastify';
import { checkedScale } from './lib/documents/grading.js';
import { inputKeywords } from './lib/input-rules.js';
import { lazyChildLogger } from './lib/lazy-logger.js';
import { dataDirSecret } from './lib/secret.js';
import { serializerCompiler } from './lib/serializer.js';
import { defaultOptions, type AppOptions } from './options.js';
import apiReference from './plugins/app/api-reference.js';
import cors from './plugins/app/cors.js';
import database from './plugins/app/database.js';
import errors from './plugins/app/errors.js';
import inputRules from './plugins/app/input-rules.js';
import language from './plugins/app/language.js';
import lifecycle, { requestIdOf } from './plugins/app/lifecycle.js';
import metrics from './plugins/app/metrics.js';
import routeCatalog from './plugins/app/route-catalog.js';
import securityHeaders from './plugins/app/security-headers.js';
import userSlots from './plugins/app/user-slots.js';
import xsrf from './plugins/app/xsrf.js';
import { repositories } from './areas/index.js';
import { authArea, sessionPlugin } from './areas/auth/index.js';
import { chatArea, chatEvents } from './areas/chat/index.js';
import { disciplineArea } from './areas/discipline/index.js';
import { healthArea } from './areas/health/index.js';
import { journalArea, journalEvents, passkeySettings, visitEvents } from './areas/journal/index.js';
import { libraryArea } from './areas/library/index.js';
import { newsArea, newsEvents } from './areas/news/index.js';
import { orderEvents, ordersArea } from './areas/orders/index.js';
import { paymentsArea } from './areas/payments/index.js';
import { portalArea, portalFiles } from './areas/portal/index.js';
import { profileArea } from './areas/profile/index.js';
import { pushArea } from './areas/push/index.js';
import { registrationArea, registrationEvents } from './areas/registration/index.js';
import { transcriptArea } from './areas/transcript/index.js';

export type { AppOptions } from './options.js';

/** The API's version, as its package states it (the API reference's version). */
const API_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/**
 * One readable line per validation problem, e.g. `body/role must be one of 1, 2`.
 * Union members (anyOf of constants) are folded into the allowed values.
 */
export function formatValidationErrors(
  errors: FastifySchemaValidationError[],
  dataVar: string,
): Error {
  const byPath = new Map<string, string>();
  for (const error of errors) {
    const path = `${dataVar}${error.instancePath}`;
    if (error.keyword === 'const') {
      const previous = byPath.get(path);
      const value = JSON.stringify((error.params as { allowedValue: unknown }).allowedValue);
      byPath.set(
        path,
        previous?.startsWith('must be one of ')
          ? `${previous}, ${value}`
          : `must be one of ${value}`,
      );
    } else if (error.keyword !== 'anyOf' || !byPath.has(path)) {
      if (!byPath.has(path)) byPath.set(path, error.message ?? 'is invalid');
    }
  }
  const text = [...byPath].map(([path, message]) => `${path} ${message}`).join('; ');
  return new Error(`Invalid request: ${text}`);
}

/**
 * The application. Order is architecture (after fastify/demo): external plugins, then the app's
 * own plugins (database → repositories → config files → security → session), then routes.
 */
export async function buildApp(overrides: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  const options = defaultOptions(overrides);
  const app = Fastify({
    logger: options.logger,
    logController: new LogController({ disableRequestLogging: !options.accessLog }),
    // A request's child logger is made only if it logs (most do not: it is a hot call's cost).
    childLoggerFactory: lazyChildLogger,
    trustProxy: options.trustProxy,
    // Request ids unique across a cluster's processes (shown in the front end's error boxes).
    genReqId: requestIdOf(options.trustProxy !== false),
    // Wrong types are errors, not something to coerce: "5" is not a uid.
    // Input schemas get the databases' limits (plugins/app/input-rules.ts) and their keywords.
    ajv: { customOptions: { coerceTypes: false }, plugins: [inputKeywords] },
    schemaErrorFormatter: formatValidationErrors,
    // The database plugin migrates and seeds an empty database before the server listens;
    // on a slow machine (2 cores, PostgreSQL) that outlasts Fastify's 10 s default.
    pluginTimeout: options.startupTimeoutMs,
  });

  // Responses are written from the contract's schemas, with their nullable unions made plain.
  app.setSerializerCompiler(serializerCompiler);

  // External plugins.
  await app.register(fastifyCookie);
  // Builds ship .br/.gz twins of their text assets (tools/webpack); they are sent as is.
  await app.register(fastifyStatic, {
    root: options.staticRoot,
    serve: false,
    preCompressed: true,
  });

  // Application plugins.
  // Request ids, draining and the streams to end on shutdown; then the metrics of every answer.
  await app.register(lifecycle);
  await app.register(metrics, { metricsAllow: options.metricsAllow });
  await app.register(routeCatalog);
  // Collects every route as it registers, for /lms/api/openapi.json and /lms/api/docs.
  await app.register(apiReference, { version: API_VERSION });
  await app.register(language);
  await app.register(errors);
  await app.register(inputRules);
  await app.register(database, { dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  await app.register(repositories, { throttle: options.throttle });
  await app.register(chatEvents, { databaseUrl: options.databaseUrl });
  await app.register(visitEvents, { databaseUrl: options.databaseUrl });
  await app.register(orderEvents, { databaseUrl: options.databaseUrl });
  await app.register(registrationEvents, { databaseUrl: options.databaseUrl });
  await app.register(journalEvents, { databaseUrl: options.databaseUrl });
  await app.register(newsEvents, { databaseUrl: options.databaseUrl });
  await app.register(portalFiles, {
    dataDir: options.dataDir,
    previewSecret: options.previewSecret,
  });
  await app.register(securityHeaders, { secureCookies: options.secureCookies });
  await app.register(cors);
  await app.register(xsrf, { secureCookies: options.secureCookies });
  await app.register(sessionPlugin, {
    secureCookies: options.secureCookies,
    sessionTtlMs: options.sessionTtlMs,
    sessionIdleMs: options.sessionIdleMs,
    sessionCacheMs: options.sessionCacheMs,
  });
  await app.register(userSlots, {});

  // Routes, one folder per API area (spec §7).
  await app.register(healthArea, { dataDir: options.dataDir });
  await app.register(authArea, {
    deviceSecret: options.deviceSecret ?? (await dataDirSecret(options.dataDir, 'device-secret')),
    secureCookies: options.secureCookies,
  });
  await app.register(profileArea, { sessionCacheMs: options.sessionCacheMs });
  await app.register(disciplineArea);
  await app.register(newsArea, {
    dataDir: options.dataDir,
    uploadLimitBytes: options.uploadLimitBytes,
    sessionCacheMs: options.sessionCacheMs,
  });
  await app.register(chatArea, {
    dataDir: options.dataDir,
    uploadLimitBytes: options.uploadLimitBytes,
  });
  await app.register(registrationArea, {
    creditLimit: options.registrationCreditLimit,
    declineMs: options.registrationDeclineMs,
    clock: options.schedule.clock,
  });
  await app.register(paymentsArea, { dataDir: options.dataDir, payments: options.payments });
  await app.register(libraryArea, {
    dataDir: options.dataDir,
    uploadLimitBytes: options.uploadLimitBytes,
  });
  // Documents the portal issues are signed with one secret (their verification QR).
  const documents = {
    documents: { ...options.documents, grading: checkedScale(options.documents.grading) },
    documentSecret:
      options.documents.secret ?? (await dataDirSecret(options.dataDir, 'documents-secret')),
    publicOrigin: options.publicOrigin,
  };
  await app.register(ordersArea, documents);
  await app.register(transcriptArea, {
    ...documents,
    utcOffsetMinutes: options.schedule.utcOffsetMinutes,
  });

  // QR check-ins are signed by the students' phones: passkeys of the portal's public origin.
  const passkeys = passkeySettings(
    options.publicOrigin,
    options.documents.institution.name,
    await dataDirSecret(options.dataDir, 'passkey-secret'),
  );
  await app.register(journalArea, {
    attendanceThreshold: options.journalAttendanceThreshold,
    schedule: options.schedule,
    secureCookies: options.secureCookies,
    passkeys,
  });
  // Notifications with the page closed: sent from the events this process publishes.
  await app.register(pushArea, {
    dataDir: options.dataDir,
    push: options.push ?? {},
    fallbackSubject: options.publicOrigin.startsWith('https:')
      ? options.publicOrigin
      : `mailto:${options.documents.institution.mail}`,
  });
  await app.register(portalArea, {
    dataDir: options.dataDir,
    secureCookies: options.secureCookies,
    missingKeys: options.missingKeys,
    staticRoot: options.staticRoot,
    uploadLimitBytes: options.uploadLimitBytes,
  });

  return app;
}
