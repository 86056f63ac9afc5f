import { setUniversityTimeZone } from '@lms/shared/format';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import AjvCompiler from '@fastify/ajv-compiler';
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
import compression from './plugins/app/compression.js';
import cors from './plugins/app/cors.js';
import database from './plugins/app/database.js';
import errors from './plugins/app/errors.js';
import inputRules from './plugins/app/input-rules.js';
import language from './plugins/app/language.js';
import lifecycle, { requestIdOf } from './plugins/app/lifecycle.js';
import metrics from './plugins/app/metrics.js';
import repositories from './plugins/app/repositories.js';
import routeCatalog from './plugins/app/route-catalog.js';
import securityHeaders from './plugins/app/security-headers.js';
import userSlots from './plugins/app/user-slots.js';
import xsrf from './plugins/app/xsrf.js';
import { auditArea } from './areas/audit/index.js';
import { authArea } from './areas/auth/index.js';
import { chatArea } from './areas/chat/index.js';
import { disciplineArea } from './areas/discipline/index.js';
import { documentsArea } from './areas/documents/index.js';
import { healthArea } from './areas/health/index.js';
import { journalArea } from './areas/journal/index.js';
import { libraryArea } from './areas/library/index.js';
import { newsArea } from './areas/news/index.js';
import { ordersArea } from './areas/orders/index.js';
import { paymentsArea } from './areas/payments/index.js';
import { portalArea, portalFiles } from './areas/portal/index.js';
import { profileArea } from './areas/profile/index.js';
import { pushArea } from './areas/push/index.js';
import { passkeySettings, qrArea } from './areas/qr/index.js';
import { questionnairesArea } from './areas/questionnaires/index.js';
import { registrationArea } from './areas/registration/index.js';
import { roomsArea } from './areas/rooms/index.js';
import { scheduleArea } from './areas/schedule/index.js';
import { staffAccessArea } from './areas/staff-access/index.js';
import { statementsArea } from './areas/statements/index.js';
import { testingArea } from './areas/testing/index.js';
import { transcriptArea } from './areas/transcript/index.js';
import { webinarsArea } from './areas/webinars/index.js';
import { workloadArea } from './areas/workload/index.js';

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
 * The process's validators: Fastify makes a pool per app, so an app built again in the same
 * process (a cluster's sibling, each test file's apps) compiled every route's schemas anew (most
 * of a build's time). One pool keeps Ajv's compiled validators by schema object for every app.
 * (A custom factory makes Fastify leave a `headers` schema as written: no route has one.)
 */
const validators = AjvCompiler();

/**
 * The application. Order is architecture (after fastify/demo): external plugins, then the app's
 * own plugins (database → repositories → config files → security → session), then routes.
 */
export async function buildApp(overrides: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  const options = defaultOptions(overrides);
  // Every time written for a person (pages' answers, files, PDFs) is in the university's zone.
  if (!setUniversityTimeZone(options.timeZone)) {
    throw new Error(`Unknown time zone: ${options.timeZone}`);
  }
  const app = Fastify({
    logger: options.logger,
    logController: new LogController({ disableRequestLogging: !options.accessLog }),
    // A request's child logger is made only if it logs (most do not: it is a hot call's cost).
    childLoggerFactory: lazyChildLogger,
    trustProxy: options.trustProxy,
    // Request ids unique across a cluster's processes (shown in the front end's error boxes).
    genReqId: requestIdOf(options.trustProxy !== false),
    // Wrong types are errors, not something to coerce: "5" is not a uid.
    // A field a closed schema does not name is refused, not dropped in silence.
    // Input schemas get the databases' limits (plugins/app/input-rules.ts) and their keywords.
    ajv: {
      customOptions: { coerceTypes: false, removeAdditional: false },
      plugins: [inputKeywords],
    },
    schemaErrorFormatter: formatValidationErrors,
    schemaController: { compilersFactory: { buildValidator: validators } },
    // The database plugin migrates and seeds an empty database before the server listens;
    // on a slow machine (2 cores, PostgreSQL) that outlasts Fastify's 10 s default.
    pluginTimeout: options.startupTimeoutMs,
  });

  // Responses are written from the contract's schemas, with their nullable unions made plain.
  app.setSerializerCompiler(serializerCompiler);
  try {
    await registerAll(app, options);
  } catch (error) {
    // What started before the failure (database pool, LISTEN connections, timers) is ended, so a
    // process that cannot start exits instead of holding connections the server cannot use.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

async function registerAll(app: FastifyInstance, options: AppOptions): Promise<void> {
  // External plugins.
  await app.register(fastifyCookie);
  // Text answers over 1 KB go out compressed (the API's JSON; never the event streams).
  await app.register(compression);
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
  await app.register(repositories);
  // The operator's files (registry, logo, CORS origins): the security headers and CORS read them.
  await app.register(portalFiles, {
    dataDir: options.dataDir,
    previewSecret: options.previewSecret,
  });
  await app.register(securityHeaders, { secureCookies: options.secureCookies });
  await app.register(cors);
  await app.register(xsrf, { secureCookies: options.secureCookies });
  await app.register(userSlots, {});

  // The areas, one folder each (spec §7). Each builds its own repositories, events and services
  // and names the areas it needs (Fastify refuses to start when one is missing or comes later).
  const { databaseUrl, dataDir, secureCookies, sessionCacheMs, uploadLimitBytes } = options;
  await app.register(authArea, {
    ...options,
    deviceSecret: options.deviceSecret ?? (await dataDirSecret(dataDir, 'device-secret')),
  });
  // Before every area whose changes it records (their dependencies name it).
  await app.register(auditArea, { utcOffsetMinutes: options.schedule.utcOffsetMinutes });
  await app.register(healthArea, { dataDir });
  await app.register(disciplineArea);
  await app.register(profileArea, { sessionCacheMs });
  await app.register(newsArea, { databaseUrl, dataDir, uploadLimitBytes, sessionCacheMs });
  await app.register(chatArea, { databaseUrl, dataDir, uploadLimitBytes });
  // Before registration, which asks it whether a student's tuition is paid.
  // Documents the portal issues are signed with one secret (their verification QR).
  const documents = {
    documents: { ...options.documents, grading: checkedScale(options.documents.grading) },
    documentSecret: options.documents.secret ?? (await dataDirSecret(dataDir, 'documents-secret')),
    publicOrigin: options.publicOrigin,
  };
  await app.register(paymentsArea, {
    dataDir,
    payments: options.payments,
    utcOffsetMinutes: options.schedule.utcOffsetMinutes,
    // A receipt is an issued document too: its verification link is signed like the others'.
    receiptDocuments: {
      documentSecret: documents.documentSecret,
      publicOrigin: documents.publicOrigin,
    },
  });
  await app.register(registrationArea, {
    databaseUrl,
    creditLimit: options.registrationCreditLimit,
    declineMs: options.registrationDeclineMs,
    clock: options.schedule.clock,
  });
  await app.register(libraryArea, { dataDir, uploadLimitBytes });
  await app.register(ordersArea, { ...documents, databaseUrl });
  await app.register(transcriptArea, {
    ...documents,
    utcOffsetMinutes: options.schedule.utcOffsetMinutes,
  });
  await app.register(journalArea, {
    databaseUrl,
    attendanceThreshold: options.journalAttendanceThreshold,
    // Marks by hand and QR check-ins are timed by the same clock.
    clock: options.schedule.clock,
  });
  await app.register(scheduleArea, { schedule: options.schedule });
  // QR check-ins are signed by the students' phones: passkeys of the portal's public origin.
  const passkeys = passkeySettings(
    options.publicOrigin,
    options.documents.institution.name,
    await dataDirSecret(dataDir, 'passkey-secret'),
  );
  await app.register(qrArea, { databaseUrl, schedule: options.schedule, secureCookies, passkeys });
  // Before push, which sends their notices of the groups' timetables.
  await app.register(roomsArea, {
    databaseUrl,
    schedule: options.schedule,
    publicOrigin: options.publicOrigin,
  });
  await app.register(webinarsArea, {
    schedule: options.schedule,
    bbb: options.bbb ?? null,
    publicOrigin: options.publicOrigin,
  });
  // Before push, which sends the teachers' notices of their statements.
  await app.register(statementsArea, {
    databaseUrl,
    grading: documents.documents.grading,
    documentSecret: documents.documentSecret,
    attendanceThreshold: options.journalAttendanceThreshold,
    utcOffsetMinutes: options.schedule.utcOffsetMinutes,
    institution: documents.documents.institution,
    publicOrigin: documents.publicOrigin,
    passkeys,
  });
  // Notifications with the page closed: sent from the events this process publishes.
  await app.register(pushArea, {
    dataDir,
    push: options.push ?? {},
    fallbackSubject: options.publicOrigin.startsWith('https:')
      ? options.publicOrigin
      : `mailto:${options.documents.institution.mail}`,
  });
  await app.register(portalArea, {
    dataDir,
    secureCookies,
    missingKeys: options.missingKeys,
    staticRoot: options.staticRoot,
    uploadLimitBytes,
    timeZone: options.timeZone,
  });
  await app.register(questionnairesArea, {
    secret: await dataDirSecret(dataDir, 'questionnaire-key'),
    utcOffsetMinutes: options.schedule.utcOffsetMinutes,
    // The server's own clock: the schedule's may be set to a demo week.
    clock: Date.now,
  });
  const { clock: testingClock, ...admission } = options.testing;
  await app.register(testingArea, { passkeys, admission, clock: testingClock });
  await app.register(workloadArea, { schedule: options.schedule });
  await app.register(documentsArea, {
    documentSecret: documents.documentSecret,
    publicOrigin: documents.publicOrigin,
  });
  await app.register(staffAccessArea);
  // area:new inserts a new area's register() above this line (scripts/area-new.mjs).
}
