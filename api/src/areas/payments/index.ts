// Payments: payment codes, card payments through the provider, receipts.
export { paymentsArea } from './routes.js';
export { createPaymentsRepository, type PaymentsRepository } from './repository.js';
export type { QrMerchantConfig } from './emvco.js';
export { paymentsOptionsOf } from './config.js';
export type { PaymentsOptions } from './config.js';
