import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setUniversityTimeZone, universityOffsetMinutes } from '@lms/shared/format';
import { buildApp } from './app.js';
import { paymentsOptionsOf } from './areas/payments/index.js';
import { bbbConfigOf } from './areas/webinars/index.js';
import { isPostgresUrl } from './db/database.js';
import { defaultOptions, publicOriginOf, REPO_ROOT, type AppOptions } from './options.js';

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

/** A duration in ms; 0 is allowed (off). */
function envMs(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be 0 or more`);
  return value;
}

/** LMS_TRUST_PROXY: '1'/'true' trusts any proxy; otherwise an address or CIDR list. */
function trustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === '0' || raw === 'false') return false;
  return raw === '1' || raw === 'true' ? true : raw;
}

const port = envNumber('PORT', 8080);
const defaults = defaultOptions();

/** LMS_TIME_ZONE: the university's zone (an IANA name); the schedule's offset follows it. */
const timeZone = process.env.LMS_TIME_ZONE || defaults.timeZone;
if (!setUniversityTimeZone(timeZone)) {
  throw new Error('LMS_TIME_ZONE must be an IANA time zone name such as Asia/Bishkek');
}

/**
 * Payments (README "Payments"): LMS_PAYMENTS_CONFIG names a JSON file whose fields replace the
 * defaults (university: one name or { kg, ru, en }, qr, provider, paymentTtlMs);
 * LMS_PAYSANDBOX_SECRET the sandbox's secret.
 */
function paymentsOptions(): AppOptions['payments'] {
  const file = process.env.LMS_PAYMENTS_CONFIG;
  const options = file
    ? paymentsOptionsOf(JSON.parse(readFileSync(file, 'utf8')), defaults.payments)
    : defaults.payments;
  const secret = process.env.LMS_PAYSANDBOX_SECRET;
  return { ...options, ...(secret ? { sandboxSecret: secret } : {}) };
}
/**
 * Documents (README "Documents"): LMS_DOCUMENTS_CONFIG names a JSON file whose fields
 * (institution, grading) replace the defaults; LMS_DOCUMENTS_SECRET signs verification QR codes.
 */
function documentsOptions(): AppOptions['documents'] {
  const file = process.env.LMS_DOCUMENTS_CONFIG;
  const overrides = file
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<AppOptions['documents']>)
    : {};
  const secret = process.env.LMS_DOCUMENTS_SECRET;
  return { ...defaults.documents, ...overrides, ...(secret ? { secret } : {}) };
}

/**
 * The schedule's clock: LMS_SCHEDULE_CLOCK_START (an ISO instant) makes it start there and run
 * at real speed (demos and the browser tests, whatever the time of day); LMS_QR_MARGIN_MINUTES,
 * LMS_QR_ROTATE_MS and LMS_QR_ACCURACY_CAP_M tune the QR checks.
 */
function scheduleOptions(): AppOptions['schedule'] {
  const start = process.env.LMS_SCHEDULE_CLOCK_START;
  let clock = defaults.schedule.clock;
  if (start) {
    const at = Date.parse(start);
    if (Number.isNaN(at)) throw new Error('LMS_SCHEDULE_CLOCK_START must be an ISO date-time');
    const bootedAt = Date.now();
    clock = () => at + (Date.now() - bootedAt);
  }
  return {
    ...defaults.schedule,
    utcOffsetMinutes: universityOffsetMinutes(),
    marginMinutes: envNumber('LMS_QR_MARGIN_MINUTES', defaults.schedule.marginMinutes),
    rotateMs: envNumber('LMS_QR_ROTATE_MS', defaults.schedule.rotateMs),
    accuracyCapM: envMs('LMS_QR_ACCURACY_CAP_M', defaults.schedule.accuracyCapM),
    clock,
  };
}

const app = await buildApp({
  // Relative to the repository by default, wherever the server starts, so the release scripts
  // (scripts/remote-release.mjs) and the server agree on the folder.
  dataDir: resolve(process.env.LMS_DATA_DIR || join(REPO_ROOT, 'data')),
  databaseUrl: process.env.DATABASE_URL || undefined,
  staticRoot: resolve(process.env.LMS_STATIC_ROOT || REPO_ROOT),
  uploadLimitBytes: envNumber('LMS_UPLOAD_LIMIT_BYTES', defaults.uploadLimitBytes),
  timeZone,
  secureCookies: process.env.LMS_SECURE_COOKIES === '1',
  // Printed into documents (their verification links): configured, never a request's Host.
  publicOrigin: publicOriginOf(process.env.LMS_PUBLIC_ORIGIN || `http://localhost:${port}`),
  sessionIdleMs: envNumber('LMS_SESSION_IDLE_MINUTES', defaults.sessionIdleMs / 60_000) * 60_000,
  // At most a second by default, so other processes see a sign-out almost at once.
  sessionCacheMs: envMs('LMS_SESSION_CACHE_MS', 1000),
  ...(process.env.LMS_PREVIEW_SECRET ? { previewSecret: process.env.LMS_PREVIEW_SECRET } : {}),
  ...(process.env.LMS_DEVICE_SECRET ? { deviceSecret: process.env.LMS_DEVICE_SECRET } : {}),
  // Web Push: VAPID keys (else kept in <dataDir>/vapid-key) and subject; plain-http push services.
  push: {
    publicKey: process.env.LMS_VAPID_PUBLIC_KEY || undefined,
    privateKey: process.env.LMS_VAPID_PRIVATE_KEY || undefined,
    subject: process.env.LMS_VAPID_SUBJECT || undefined,
    plainHttp: process.env.LMS_PUSH_PLAIN_HTTP === '1',
    services: process.env.LMS_PUSH_SERVICES
      ? process.env.LMS_PUSH_SERVICES.split(',').filter((entry) => entry.trim())
      : undefined,
  },
  trustProxy: trustProxy(process.env.LMS_TRUST_PROXY),
  // LMS_METRICS_ALLOW: who may read /lms/metrics (addresses, CIDR ranges; loopback by default).
  ...(process.env.LMS_METRICS_ALLOW
    ? { metricsAllow: process.env.LMS_METRICS_ALLOW.split(',').filter((entry) => entry.trim()) }
    : {}),
  // LMS_LOG_LEVEL: pino's level (info by default; warn keeps only warnings and errors).
  logger: { level: process.env.LMS_LOG_LEVEL || 'info' },
  accessLog: process.env.LMS_ACCESS_LOG === '1',
  startupTimeoutMs: envNumber('LMS_STARTUP_TIMEOUT_S', defaults.startupTimeoutMs / 1000) * 1000,
  journalAttendanceThreshold: envNumber(
    'LMS_JOURNAL_THRESHOLD',
    defaults.journalAttendanceThreshold,
  ),
  registrationCreditLimit: envNumber(
    'LMS_REGISTRATION_CREDIT_LIMIT',
    defaults.registrationCreditLimit,
  ),
  testing: {
    startsPerSecond: envNumber('LMS_TESTING_STARTS_PER_SECOND', defaults.testing.startsPerSecond),
    offlineAfterMs:
      envNumber('LMS_TESTING_OFFLINE_AFTER_S', defaults.testing.offlineAfterMs / 1000) * 1000,
    clock: Date.now,
  },
  registrationDeclineMs:
    envNumber('LMS_REGISTRATION_DECLINE_HOURS', defaults.registrationDeclineMs / 3_600_000) *
    3_600_000,
  payments: paymentsOptions(),
  documents: documentsOptions(),
  schedule: scheduleOptions(),
  // Webinars on BigBlueButton when both are set (README "Webinars"), else the embedded room.
  bbb: bbbConfigOf(process.env),
});

/**
 * Graceful shutdown (README "Running a cluster"): on SIGTERM or SIGINT the process stops being
 * ready at once (GET /lms/readyz answers 503), keeps serving for LMS_DRAIN_DELAY_MS (0 by
 * default; behind a load balancer, longer than its health checks take to see it), then ends its
 * event streams with a reconnect hint, stops listening, finishes the requests in flight and
 * exits. Past LMS_SHUTDOWN_TIMEOUT_S (30 s) it exits anyway.
 */
const drainDelayMs = envMs('LMS_DRAIN_DELAY_MS', 0);
const shutdownTimeoutMs = envNumber('LMS_SHUTDOWN_TIMEOUT_S', 30) * 1000;
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: draining for ${drainDelayMs} ms, then shutting down`);
    app.lifecycle.drain();
    setTimeout(() => {
      // What was still open, for the operator: connections, sockets, timers, database clients.
      app.server.getConnections((_error, connections) => {
        app.log.error(
          { connections, resources: process.getActiveResourcesInfo() },
          'shutdown took too long; exiting with requests unfinished',
        );
        process.exit(1);
      });
    }, drainDelayMs + shutdownTimeoutMs).unref();
    setTimeout(() => {
      app.lifecycle.endStreams();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    }, drainDelayMs);
  });
}

try {
  await app.listen({ host: '0.0.0.0', port });
  app.log.info(
    `Database: ${isPostgresUrl(process.env.DATABASE_URL) ? 'PostgreSQL' : 'SQLite'}; ` +
      `portal at http://localhost:${port}/lms`,
  );
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
