import type { PAYMENTS_ENDPOINTS } from '../payments.js';
import { file, get, post, type ApiOf } from '../endpoint.js';

/** Where the payments endpoints answer; their schemas are in ../payments.ts. */
export const PAYMENTS_ADDRESSES = {
  services: get('/api/misc/uslugi.json'),
  groups: post('/api/misc/getgroups.json'),
  code: post('/api/misc/paymentcode.json'),
  payByCard: post('/api/misc/paybycard.json'),
  payments: post('/api/misc/payments.json'),
  payment: post('/api/misc/payment.json'),
  cancel: post('/api/misc/paycancel.json'),
  receipt: file('/api/misc/payreceipt.file'),
};

/** The payments endpoints for the browser: addresses typed by their schemas. */
export const PAYMENTS_API: ApiOf<typeof PAYMENTS_ENDPOINTS> = PAYMENTS_ADDRESSES;
