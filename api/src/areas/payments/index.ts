// Payments: payment codes, card payments through the provider, receipts.
import { area } from '../../lib/plugin.js';
import { createPaymentsRepository, type PaymentsRepository } from './repository.js';
import type { CommonSettings } from '../../lib/settings.js';
import type { PaymentsOptions } from './config.js';
import { setUpProvider } from './provider-routes.js';
import { paymentsRoutes } from './routes.js';
import { createPaymentsService } from './service.js';
export { createPaymentsRepository, type PaymentsRepository } from './repository.js';
export type { QrMerchantConfig } from './emvco.js';
export { paymentsOptionsOf } from './config.js';
export type { PaymentsOptions } from './config.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    payments: PaymentsRepository;
  }
}

export type PaymentsAreaOptions = Pick<CommonSettings, 'dataDir'> & {
  payments: PaymentsOptions;
  /** The university's offset from UTC: receipts are numbered by its calendar year. */
  utcOffsetMinutes: number;
  /** What signs a receipt's verification link and where it leads (none: receipts without one). */
  receiptDocuments?: { documentSecret: string; publicOrigin: string };
};

/** Payments: the repository (`app.repos.payments`) and the student's and the provider's routes. */
export const paymentsArea = area(
  'payments',
  { dependencies: ['auth', 'audit'] },
  async (app, options: PaymentsAreaOptions) => {
    const db = app.db.kysely;
    const payments = createPaymentsRepository(db);
    app.repos.payments = payments;
    const setup = await setUpProvider(options.payments, db, options.dataDir);
    const service = createPaymentsService(db, payments, setup.provider, options.payments, {
      clock: options.payments.clock ?? Date.now,
      utcOffsetMinutes: options.utcOffsetMinutes,
      trail: app.repos.auditTrail,
      ...(options.receiptDocuments ? { documents: options.receiptDocuments } : {}),
    });
    await app.register(paymentsRoutes, { setup, service });
  },
);
