import type { Language, Payment } from '@lms/shared/contract';
import type { PaymentProvider } from './provider.js';
import type { PaymentRecord } from './payment-repository.js';
import { continueUrl } from './rules.js';

/** A service's name in the reader's language (the catalogue keeps all three; Russian fills in). */
export function serviceName(
  service: { service: string; service_kg: string; service_en: string },
  lang: Language,
): string {
  const name = lang === 'kg' ? service.service_kg : lang === 'en' ? service.service_en : '';
  return name || service.service;
}

/** A payment as the student's screens read it (the contract's `Payment`). */
export function toPayment(record: PaymentRecord, provider: PaymentProvider): Payment {
  return {
    id_payment: record.id,
    PaymentCode: record.code,
    service: record.service,
    service_kg: record.service_kg,
    service_en: record.service_en,
    year: record.year,
    amount: record.amount,
    status: record.status,
    redirectUrl: continueUrl(record),
    receiptNo: record.receiptNo,
    testMode: provider.name === record.provider && provider.testMode,
    created: record.createdAt,
    updated: record.updatedAt,
    expires: record.expiresAt,
  };
}
