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

/**
 * The return address of one card payment: the payment page with the choice the code was made
 * from (service, academic year, group), so the student comes back to the same choice, and the
 * payment whose state the page then shows.
 */
export function returnUrl(
  code: { serviceId: number; yearId: number; groupId: number },
  paymentId: number,
): string {
  const query = new URLSearchParams({
    service: String(code.serviceId),
    year: String(code.yearId),
    group: String(code.groupId),
    payment: String(paymentId),
  });
  return `${RETURN_PATH}?${query.toString()}`;
}
