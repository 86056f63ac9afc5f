// What the payments service answers and takes besides its repositories: the outcome of a
// notification, the payment of an attempt, and the university's clock (service.ts).
import type { PaymentStatus } from '@lms/shared/contract';
import type { AuditTrail } from '../audit/index.js';
import type { PaymentRecord } from './payment-repository.js';

/**
 * What a notification did: applied to the payment; a charge not counted (the payment marked for
 * refund); or why nothing changed.
 */
export type NotificationOutcome =
  | { outcome: 'applied'; paymentId: number; status: PaymentStatus }
  | { outcome: 'refund'; paymentId: number; reason: string }
  | { outcome: 'duplicate' | 'ignored'; paymentId: number | null; reason: string };

/**
 * The payment of an attempt: its own (found by the key), or another attempt's still open at the
 * provider for the same code (`in-progress`: nothing new was started).
 */
export type CreatePaymentResult =
  { kind: 'payment' | 'in-progress'; payment: PaymentRecord } | { kind: 'key-reused' };

/** The university's clock (epoch ms) and its offset from UTC, which receipts are numbered by. */
export interface PaymentsClock {
  clock: () => number;
  utcOffsetMinutes: number;
  /** Where a receipt's verification link leads and what signs it (none: a receipt without one). */
  documents?: { documentSecret: string; publicOrigin: string };
  /** The audit trail: each change of a payment's status writes one row in its transaction. */
  trail: AuditTrail;
}
