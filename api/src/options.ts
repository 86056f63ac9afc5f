import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TIME_ZONE } from '@lms/shared/format';
import {
  JOURNAL_ATTENDANCE_THRESHOLD,
  REGISTRATION_CREDIT_LIMIT,
  WAITLIST_DECLINE_MS,
} from '@lms/shared/contract';
import type { ThrottleOptions } from './areas/auth/index.js';
import type { PaymentsOptions } from './areas/payments/index.js';
import type { MissingKeyLimits } from './areas/portal/index.js';
import type { PushOptions } from './areas/push/index.js';
import type { ScheduleOptions } from './areas/schedule/index.js';
import { DEFAULT_ADMISSION, type AdmissionSettings } from './areas/testing/index.js';
import type { BbbConfig } from './areas/webinars/index.js';
import { DEFAULT_GRADING_SCALE, type DocumentsOptions } from './lib/documents/grading.js';
import { INSTITUTION } from './lib/messages.js';
import type { CommonSettings } from './lib/settings.js';

/**
 * Every setting of the server: the common ones (lib/settings.ts) and each area's own, composed.
 * Each area owns its settings' type; `defaultOptions` gives the portal's defaults.
 */

export interface AppOptions extends CommonSettings {
  /**
   * HMAC secret of preview links for candidate releases (LMS_PREVIEW_SECRET); by default made
   * once and kept in <dataDir>/preview-secret, where scripts/remote-release.mjs reads it too.
   */
  previewSecret?: string;
  /**
   * HMAC secret of known-device cookies (sign-in throttling, docs/security.md; LMS_DEVICE_SECRET);
   * by default made once and kept in <dataDir>/device-secret.
   */
  deviceSecret?: string;
  /** Web Push: VAPID keys and subject (LMS_VAPID_*), plain-http push services (areas/push). */
  push?: PushOptions;
  sessionTtlMs: number;
  /** A session without requests for this long ends (LMS_SESSION_IDLE_MINUTES). */
  sessionIdleMs: number;
  /**
   * Behind a reverse proxy: trust X-Forwarded-For from it (true, or its address/CIDR list), so
   * the per-address throttle counts clients, not the proxy.
   */
  trustProxy: boolean | string;
  /**
   * Addresses and CIDR ranges allowed to read GET /lms/metrics (LMS_METRICS_ALLOW,
   * comma-separated); loopback only by default.
   */
  metricsAllow: string[];
  throttle: ThrottleOptions;
  /** The journal flags attendance below this percent (LMS_JOURNAL_THRESHOLD). */
  journalAttendanceThreshold: number;
  /** Most credits a student may register for in one semester (LMS_REGISTRATION_CREDIT_LIMIT). */
  registrationCreditLimit: number;
  /**
   * How long a student registered from a waiting list may decline the seat
   * (LMS_REGISTRATION_DECLINE_HOURS; a day by default).
   */
  registrationDeclineMs: number;
  payments: PaymentsOptions;
  documents: DocumentsOptions;
  schedule: ScheduleOptions;
  /**
   * Testing: starts admitted per second per test across every API process
   * (LMS_TESTING_STARTS_PER_SECOND), the monitor's offline threshold (LMS_TESTING_OFFLINE_AFTER_S),
   * and its clock (the server's own, Date.now; a test may set it).
   */
  testing: AdmissionSettings & { clock: () => number };
  /** BigBlueButton for webinars (LMS_BBB_URL, LMS_BBB_SECRET); absent: the embedded room. */
  bbb?: BbbConfig | null;
  missingKeys: MissingKeyLimits;
  /** Pino logger options; false in tests. */
  logger: boolean | { level: string };
  /**
   * A log line per request (Fastify's "incoming request" / "request completed", at info):
   * off by default, since writing two lines per call costs a busy server more than the call
   * itself (LMS_ACCESS_LOG=1). Warnings and errors are logged either way.
   */
  accessLog: boolean;
  /**
   * How long start-up (migrating and, on an empty database, seeding) may take before the server
   * gives up: 120 s, or LMS_STARTUP_TIMEOUT_S. A university-scale seed on PostgreSQL on a slow
   * machine needs more (the benchmark gives it 15 min).
   */
  startupTimeoutMs: number;
}

/** The repository root: api/src/options.ts and api/dist/options.js are both two levels below it. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export { REMOTE_NAMES } from '@lms/shared/contract';

/**
 * The origin of an absolute http(s) URL (`https://lms.example.kg`), for LMS_PUBLIC_ORIGIN: a
 * path, query, credentials or another scheme are refused rather than half-used.
 */
export function publicOriginOf(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`LMS_PUBLIC_ORIGIN must be an http(s) origin such as https://lms.example.kg`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash
  ) {
    throw new Error(`LMS_PUBLIC_ORIGIN must be an http(s) origin such as https://lms.example.kg`);
  }
  return url.origin;
}

export function defaultOptions(overrides: Partial<AppOptions> = {}): AppOptions {
  return {
    dataDir: resolve('data'),
    staticRoot: REPO_ROOT,
    uploadLimitBytes: 20 * 1024 * 1024,
    timeZone: DEFAULT_TIME_ZONE,
    secureCookies: false,
    publicOrigin: 'http://localhost:8080',
    sessionTtlMs: 12 * 60 * 60 * 1000,
    sessionIdleMs: 2 * 60 * 60 * 1000,
    sessionCacheMs: 0,
    trustProxy: false,
    metricsAllow: ['127.0.0.1', '::1'],
    throttle: {
      freePerPair: 5,
      freePerLogin: 20,
      freePerAddress: 100,
      baseDelayMs: 30 * 1000,
      maxDelayMs: 15 * 60 * 1000,
      resetAfterMs: 60 * 60 * 1000,
      freeCodesPerStudent: 5,
      recoveryReleasesPerMinute: 120,
    },
    journalAttendanceThreshold: JOURNAL_ATTENDANCE_THRESHOLD,
    registrationCreditLimit: REGISTRATION_CREDIT_LIMIT,
    registrationDeclineMs: WAITLIST_DECLINE_MS,
    payments: {
      university: INSTITUTION.name,
      // Demo values: the receiver's bank gives the template tag, its GUID and the account.
      qr: {
        accountTag: '32',
        accountFields: [
          { id: '00', value: 'kg.bank.demo.qr' },
          { id: '01', value: '1280016030000001' },
        ],
        categoryCode: '8220',
        merchantName: 'UNIVERSITY',
        merchantCity: 'BISHKEK',
      },
      provider: 'sandbox',
      paymentTtlMs: 30 * 60 * 1000,
    },
    documents: {
      institution: {
        name: INSTITUTION.name.ru,
        name_kg: INSTITUTION.name.kg,
        name_en: INSTITUTION.name.en,
        address: INSTITUTION.address.ru,
        phone: '+996 312 00 00 00',
        mail: 'registrar@tsu.example.kg',
      },
      grading: DEFAULT_GRADING_SCALE,
    },
    schedule: {
      utcOffsetMinutes: 6 * 60,
      marginMinutes: 10,
      rotateMs: 10_000,
      maxAccuracyM: 100,
      accuracyCapM: 30,
      claimTtlMs: 5 * 60 * 1000,
      clock: Date.now,
    },
    testing: { ...DEFAULT_ADMISSION, clock: Date.now },

    missingKeys: {
      maxKeysPerNamespace: 2000,
      maxKeysPerRequest: 50,
      maxKeyLength: 200,
      maxValueLength: 1000,
      bodyLimitBytes: 16 * 1024,
      burstPerAddress: 20,
      perAddressPerMinute: 10,
    },
    logger: { level: 'info' },
    accessLog: false,
    startupTimeoutMs: 120_000,
    ...overrides,
  };
}
