import { isLanguage, type Language } from './languages.js';

/**
 * Reports of translations the i18next instance could not find (docs/i18n-missing-keys.md): the
 * keys go to POST /lms/locales/add/{lng}/{ns} as `{ "key": "fallback value", … }`, the
 * i18next convention. Each key is reported once per page session, in batches after a quiet
 * moment; in production a page session sends only a few batches, so a page full of missing
 * keys cannot flood the server.
 */
export type MissingKeysMode = 'development' | 'production';

/** The server's limits on one report (api/src/options.ts, `missingKeys`). */
export const MISSING_KEY_LIMITS = {
  maxKeyLength: 200,
  maxValueLength: 1000,
  keysPerRequest: 50,
} as const;

/** A namespace as the server accepts it: the shell's, shared's, or a remote's name. */
const NAMESPACE = /^[a-z][a-z0-9-]{0,39}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export interface MissingKeyReporterOptions {
  mode: MissingKeysMode;
  /** Sends one report; a rejection is swallowed (and, in production, ends the reporting). */
  send(lng: Language, ns: string, keys: Record<string, string>): Promise<unknown>;
  /** Quiet time after the latest missing key before a batch leaves. */
  debounceMs?: number;
  /** Production only: most keys one page session reports. */
  maxKeysPerSession?: number;
  /** Production only: most requests one page session sends. */
  maxRequestsPerSession?: number;
}

export interface MissingKeyReporter {
  /** i18next's `missingKeyHandler`: the languages, namespace, key and fallback value. */
  report(lngs: readonly string[], ns: string, key: string, fallbackValue?: unknown): void;
  /** Sends what is waiting now (the debounce cut short). */
  flush(): Promise<void>;
}

export const MISSING_KEY_DEFAULTS = {
  development: { debounceMs: 1000 },
  production: { debounceMs: 5000, maxKeysPerSession: 50, maxRequestsPerSession: 3 },
} as const;

export function createMissingKeyReporter(options: MissingKeyReporterOptions): MissingKeyReporter {
  const production = options.mode === 'production';
  const debounceMs = options.debounceMs ?? MISSING_KEY_DEFAULTS[options.mode].debounceMs;
  const maxKeys = production
    ? (options.maxKeysPerSession ?? MISSING_KEY_DEFAULTS.production.maxKeysPerSession)
    : Infinity;
  const maxRequests = production
    ? (options.maxRequestsPerSession ?? MISSING_KEY_DEFAULTS.production.maxRequestsPerSession)
    : Infinity;

  /** lng, ns and key of every key queued or sent in this page session. */
  const seen = new Set<string>();
  /** Waiting keys by language and namespace. */
  const pending = new Map<string, { lng: Language; ns: string; keys: Record<string, string> }>();
  let requests = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = async (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const groups = [...pending.values()];
    pending.clear();
    const sends: Promise<void>[] = [];
    for (const { lng, ns, keys } of groups) {
      const entries = Object.entries(keys);
      for (let start = 0; start < entries.length; start += MISSING_KEY_LIMITS.keysPerRequest) {
        if (stopped || requests >= maxRequests) return Promise.all(sends).then(() => undefined);
        requests += 1;
        const batch = Object.fromEntries(
          entries.slice(start, start + MISSING_KEY_LIMITS.keysPerRequest),
        );
        sends.push(
          options.send(lng, ns, batch).then(
            () => undefined,
            () => {
              // Refused (rate limit, a namespace the server does not know) or offline: a
              // production page stops reporting; in development the next keys still go.
              if (production) stopped = true;
            },
          ),
        );
      }
    }
    await Promise.all(sends);
  };

  return {
    report(lngs, ns, key, fallbackValue) {
      if (stopped || !NAMESPACE.test(ns)) return;
      if (!key || key.length > MISSING_KEY_LIMITS.maxKeyLength || CONTROL.test(key)) return;
      const value =
        typeof fallbackValue === 'string'
          ? fallbackValue.slice(0, MISSING_KEY_LIMITS.maxValueLength)
          : '';
      let queued = false;
      for (const lng of lngs) {
        if (!isLanguage(lng)) continue;
        const id = `${lng}\u0000${ns}\u0000${key}`;
        if (seen.has(id) || seen.size >= maxKeys) continue;
        seen.add(id);
        const group = `${lng}/${ns}`;
        let entry = pending.get(group);
        if (!entry) pending.set(group, (entry = { lng, ns, keys: {} }));
        entry.keys[key] = value;
        queued = true;
      }
      if (!queued) return;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void flush(), debounceMs);
    },
    flush,
  };
}
