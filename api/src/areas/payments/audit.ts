import { systemActor } from '../../access/index.js';
import { auditKeys, type AuditChange } from '../audit/index.js';

/** The author of a notification's change in the audit trail: the provider, through the portal. */
export const PROVIDER_ACTOR = systemActor('payments');
/** The author of a payment's expiry: the portal's clock. */
export const EXPIRY_ACTOR = systemActor('payments-expiry');

/** A payment's value in the audit trail: its status and amount (and receipt, once paid). */
export interface PaymentAuditValue {
  status: string;
  amount: number;
  receiptNo?: string;
}

/** The audit trail's row of a payment's change (null before: it was created). */
export function paymentChange(
  paymentId: number,
  studentId: number | null,
  before: PaymentAuditValue | null,
  after: PaymentAuditValue,
): AuditChange {
  return {
    kind: 'payment',
    key: auditKeys.record('payment', paymentId),
    studentId,
    before,
    after,
  };
}
