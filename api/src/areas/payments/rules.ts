import { PAYMENT_OPEN_STATUSES, type PaymentStatus } from '@lms/shared/contract';
import { isValidPaymentCode } from './code.js';
import type { PaymentRefusal } from './messages.js';

/**
 * The payments area's decisions, without a database: what is due under a code, whether a card
 * payment may start, which payments may be continued or cancelled, and what a provider's
 * notification does to a payment. The service and the routes run them; `test/unit` checks them.
 */

/** Years a group studies from its admission year (the longest programme, with a master's). */
export const STUDY_YEARS = 6;

/** A code's amount and what its paid payments add up to (tyiyn). */
export interface CodeAmounts {
  amount: number;
  paid: number;
}

/** What is still due under a code; never below zero (a refunded overcharge is not counted). */
export function amountDue(code: CodeAmounts): number {
  return Math.max(0, code.amount - code.paid);
}

/** A code the student typed: eleven digits whose check digit matches. */
export function checkCode(code: string): PaymentRefusal | null {
  return isValidPaymentCode(code) ? null : 'badCode';
}

/** A new card payment of `amount` under a code: nothing left to pay, or more than is due. */
export function checkCharge(code: CodeAmounts, amount: number): PaymentRefusal | null {
  const due = amountDue(code);
  if (due <= 0) return 'nothingDue';
  if (amount > due) return 'tooMuch';
  return null;
}

/** Open at the provider (created or pending): the payer may continue it or cancel it. */
export function isOpen(status: PaymentStatus): boolean {
  return PAYMENT_OPEN_STATUSES.some((open) => open === status);
}

/** The checkout a payer may go back to: only an open payment's. */
export function continueUrl(payment: {
  status: PaymentStatus;
  checkoutUrl: string | null;
}): string | null {
  return isOpen(payment.status) ? payment.checkoutUrl : null;
}

/** Why a payment that is no longer open cannot be paid or cancelled: what became of it. */
export const CLOSED_REFUSALS = {
  paid: 'alreadyPaid',
  cancelled: 'alreadyCancelled',
  expired: 'alreadyExpired',
  declined: 'alreadyDeclined',
  refund: 'alreadyRefund',
} as const satisfies Record<Exclude<PaymentStatus, 'created' | 'pending'>, PaymentRefusal>;

/**
 * The student cancels a payment: only one still open. Another is refused with what became of it
 * (paid in another tab, cancelled, expired…), so the student knows whether money was taken.
 */
export function checkCancel(status: PaymentStatus): PaymentRefusal | null {
  return status === 'created' || status === 'pending' ? null : CLOSED_REFUSALS[status];
}

/** Whether a group admitted in the year starting `admittedStart` studies in the year `yearStart`. */
export function studiesInYear(admittedStart: number, yearStart: number): boolean {
  return yearStart >= admittedStart && yearStart < admittedStart + STUDY_YEARS;
}

/**
 * The year a receipt is numbered in: the calendar year of the moment it was paid in the
 * university's zone (a payment at 00:10 on 1 January in Bishkek is the new year's, although it is
 * still 31 December in UTC).
 */
export function receiptYear(paidAt: number, utcOffsetMinutes: number): number {
  return new Date(paidAt + utcOffsetMinutes * 60_000).getUTCFullYear();
}

/**
 * A receipt's number: its year and its place in that year's sequence. Only a paid payment takes
 * a place (the counter moves in the transaction that marks it paid), so the places of a year run
 * 1, 2, 3… without a gap: an abandoned, cancelled, declined or refunded attempt takes none.
 */
export function receiptNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/** A verified notification: the order it concerns, what the provider did, how much it charged. */
export interface ChargeReport {
  orderRef: string;
  outcome: 'paid' | 'declined';
  amount: number;
}

/**
 * What a notification does to its payment: nothing (`ignored`, with why); the charge is not
 * counted (`refund`: the student cancelled the payment, or it is more than the code still has
 * due; no receipt, the money is to be returned); or the payment takes the provider's outcome.
 * Paid, declined and refund are final. A payment that expired here but was charged within what
 * is due becomes paid (the money was taken, the record must say so); a decline of an expired or
 * cancelled payment changes nothing. `payment.code` is its code's amount and what has been paid
 * under it before this charge.
 */
export type Settlement =
  | { kind: 'ignored'; reason: string }
  | { kind: 'refund'; reason: string }
  | { kind: 'applied'; status: 'paid' | 'declined' };

export function settle(
  payment: { status: PaymentStatus; amount: number; code: CodeAmounts } | undefined,
  note: ChargeReport,
): Settlement {
  if (!payment) return { kind: 'ignored', reason: `no payment ${note.orderRef}` };
  if (payment.amount !== note.amount) {
    return { kind: 'ignored', reason: `amount ${note.amount} differs from ${payment.amount}` };
  }
  if (payment.status === 'paid' || payment.status === 'declined' || payment.status === 'refund') {
    return { kind: 'ignored', reason: `payment is already ${payment.status}` };
  }
  if (note.outcome === 'declined') {
    if (payment.status === 'expired' || payment.status === 'cancelled') {
      return { kind: 'ignored', reason: `payment ${payment.status}` };
    }
    return { kind: 'applied', status: 'declined' };
  }
  if (payment.status === 'cancelled') {
    return { kind: 'refund', reason: 'the student cancelled the payment' };
  }
  const due = payment.code.amount - payment.code.paid;
  if (note.amount > due) {
    return { kind: 'refund', reason: `charged ${note.amount} with ${Math.max(0, due)} due` };
  }
  return { kind: 'applied', status: 'paid' };
}
