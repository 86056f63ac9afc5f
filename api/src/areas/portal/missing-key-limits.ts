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
