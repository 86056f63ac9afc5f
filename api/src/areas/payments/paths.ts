import { SANDBOX_PAGE_PREFIX } from './sandbox/adapter.js';

/**
 * The legacy URL prefixes the payments area answers under (spec §7): the student's calls under
 * `misc`, the provider's notify URL under `payments`, the sandbox acquirer's page under its own.
 */
export const PREFIXES = {
  misc: '/lms/api/misc',
  payments: '/lms/api/payments',
  sandbox: SANDBOX_PAGE_PREFIX,
} as const;

/** Where the provider sends the payer back (the portal's payment page), and where it posts. */
export const RETURN_PATH = '/lms/paymentcode';
export const NOTIFY_PATH = `${PREFIXES.payments}/notify.json`;
