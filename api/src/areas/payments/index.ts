// Payments: payment codes, card payments through the provider, receipts.
import { area } from '../../lib/plugin.js';
import { createPaymentsRepository, type PaymentsRepository } from './repository.js';
import { paymentsRoutes } from './routes.js';
export { createPaymentsRepository, type PaymentsRepository } from './repository.js';
export type { QrMerchantConfig } from './emvco.js';
export { paymentsOptionsOf } from './config.js';
export type { PaymentsOptions } from './config.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    payments: PaymentsRepository;
  }
}

/** Payments: the repository (`app.repos.payments`) and the student's and the provider's routes. */
export const paymentsArea = area(
  'payments',
  { dependencies: ['auth'] },
  async (app, options: Parameters<typeof paymentsRoutes>[1]) => {
    app.repos.payments = createPaymentsRepository(app.db.kysely);
    await app.register(paymentsRoutes, options);
  },
);
