import type { Text } from '../../lib/messages.js';
import type { QrMerchantConfig } from './emvco.js';

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
  /**
   * The clock payments are created, expired and paid by (epoch ms; the receipt's year comes from
   * it): Date.now unless a test sets another.
   */
  clock?: () => number;
}

const LANGUAGES = ['kg', 'ru', 'en'] as const;

/**
 * The university's name as a payments config file gives it (README "Payments"): one name, the
 * same in every language, or an object naming it in each of kg, ru and en. Absent: the default.
 */
export function universityName(value: unknown, fallback: Text): Text {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && value.trim() !== '') return { kg: value, ru: value, en: value };
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const names = value as Record<string, unknown>;
    const missing = LANGUAGES.filter(
      (lang) => typeof names[lang] !== 'string' || (names[lang] as string).trim() === '',
    );
    if (missing.length === 0) {
      return { kg: names.kg as string, ru: names.ru as string, en: names.en as string };
    }
    throw new Error(`payments config: "university" has no name in ${missing.join(', ')}`);
  }
  throw new Error('payments config: "university" must be a name or { "kg", "ru", "en" } names');
}

/** The payments options of a config file's fields over the defaults (LMS_PAYMENTS_CONFIG). */
export function paymentsOptionsOf(file: unknown, defaults: PaymentsOptions): PaymentsOptions {
  if (file === null || typeof file !== 'object' || Array.isArray(file)) {
    throw new Error('payments config: the file must hold a JSON object');
  }
  const { university, ...fields } = file as Record<string, unknown>;
  return {
    ...defaults,
    ...(fields as Partial<PaymentsOptions>),
    university: universityName(university, defaults.university),
  };
}
