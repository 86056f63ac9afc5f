import { dirname, resolve } from 'node:path';
import { INSTITUTION, type Text } from './lib/messages.js';
import { fileURLToPath } from 'node:url';
import {
  JOURNAL_ATTENDANCE_THRESHOLD,
  REGISTRATION_CREDIT_LIMIT,
  WAITLIST_DECLINE_MS,
} from '@lms/shared/contract';
import type { GradeBand, Institution } from '@lms/shared/contract';
import { DEFAULT_GRADING_SCALE } from './lib/documents/grading.js';
import type { PushOptions } from './areas/push/index.js';
import type { QrMerchantConfig } from './areas/payments/index.js';

/**
 * Sign-in throttling (docs/security.md): attempts free of delay per account-and-address pair,
 * per account from any address, and per address (a campus behind one NAT); past them each
 * attempt waits a delay that doubles from `baseDelayMs` up to `maxDelayMs`. A key's count starts
 * again after `resetAfterMs` without attempts.
 */
export interface ThrottleOptions {
  freePerPair: number;
  freePerLogin: number;
  freePerAddress: number;
  baseDelayMs: number;
  maxDelayMs: number;
  resetAfterMs: number;
  /**
   * Typed QR codes (the fallback beside the QR) a student may get wrong before each further
   * attempt waits, doubling from baseDelayMs: six digits must not be guessable by trying.
   */
  freeCodesPerStudent: number;
  /**
   * The login page's recovery check (asked before every sign-in) gives its attempt back, up to
   * this many times a minute per address and API process; past that (a flood of checks, each
   * costing a password hash) the checks count like any attempt.
   */
  recoveryReleasesPerMinute: number;
}

/**
 * Reports of missing translations (POST /lms/locales/add/{lng}/{ns}, docs/i18n-missing-keys.md):
 * open to signed-out pages, so every dimension is capped.
 */
export interface MissingKeyLimits {
  /** Keys kept per language and namespace; past it new keys are dropped (known ones still count). */
  maxKeysPerNamespace: number;
  /** Keys in one report. */
  maxKeysPerRequest: number;
  /** Characters of one key. */
  maxKeyLength: number;
  /** Characters of one fallback value (checked, not stored). */
  maxValueLength: number;
  /** Bytes of one report's body (413 past it). */
  bodyLimitBytes: number;
  /** Reports one address may send at once (a token bucket of this size)... */
  burstPerAddress: number;
  /** ...refilled at this many reports a minute. */
  perAddressPerMinute: number;
}

export interface AppOptions {
  /** Folder for the SQLite file and the editable config files (remotes.json, logo.json, ...). */
  dataDir: string;
  /** postgres://… switches to PostgreSQL; otherwise SQLite at `<dataDir>/lms.sqlite`. */
  databaseUrl?: string;
  /** The repo root holding shell/dist and mfe-<name>/dist. */
  staticRoot: string;
  uploadLimitBytes: number;
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
  /** Adds `Secure` to cookies (set behind HTTPS). */
  secureCookies: boolean;
  /**
   * The portal's public origin, as its users open it (LMS_PUBLIC_ORIGIN, e.g.
   * https://lms.example.kg; by default http://localhost:<PORT>): the links the portal prints into
   * documents (the verification QR) and the origin and relying party of the QR check-in passkeys.
   * Never taken from a request's Host header.
   */
  publicOrigin: string;
  sessionTtlMs: number;
  /** A session without requests for this long ends (LMS_SESSION_IDLE_MINUTES). */
  sessionIdleMs: number;
  /**
   * How long an API process may reuse a session (and its account) it read, instead of reading it
   * on every request (LMS_SESSION_CACHE_MS; 0: never). Sign-out and revoked sessions end at once
   * in the process that ended them, and within this time in the others.
   */
  sessionCacheMs: number;
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

/** The schedule's clock and QR attendance (README "Schedule and QR attendance"). */
export interface ScheduleOptions {
  /** The university's offset from UTC in minutes (Bishkek: +360, no daylight saving). */
  utcOffsetMinutes: number;
  /** Marks are accepted from this long before a lesson starts until this long after it ends. */
  marginMinutes: number;
  /** The QR's token and code change this often; a token is accepted up to twice this long. */
  rotateMs: number;
  /** A position less accurate than this (metres) is refused rather than trusted. */
  maxAccuracyM: number;
  /**
   * The reported accuracy widens the room's radius by at most this much (metres,
   * LMS_QR_ACCURACY_CAP_M): a phone claiming 100 m must not check in 160 m from a 60 m room.
   */
  accuracyCapM: number;
  /** How long a claim (a token seen before signing in) stays good. */
  claimTtlMs: number;
  /** The clock of the schedule and QR checks (epoch ms); injectable for tests and demos. */
  clock: () => number;
}

/** Payments: who receives the money, the QR's bank template, the card provider (README "Payments"). */
export interface PaymentsOptions {
  /** The university's name on receipts and payment pages, in each language. */
  university: Text;
  qr: QrMerchantConfig;
  /** The card acquirer's adapter; 'sandbox' is the built-in test acquirer. */
  provider: 'sandbox';
  /** HMAC secret of the sandbox's notifications; by default kept in <dataDir>/paysandbox-secret. */
  sandboxSecret?: string;
  /** How long a card payment may wait at the provider before it expires. */
  paymentTtlMs: number;
}

/**
 * Documents the portal issues (transcripts, certificates of study): the institution printed on
 * them, the grading table, and the secret that signs their verification QR (README "Documents").
 */
export interface DocumentsOptions {
  institution: Institution;
  grading: GradeBand[];
  /** HMAC secret of verification ids; by default kept in <dataDir>/documents-secret. */
  secret?: string;
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
