import type { PaymentStatus } from '@lms/shared/contract';
import type { Generated } from 'kysely';

// The payments' tables (see migrations/0007_payments.ts). Amounts are integers in tyiyn.

/** A service students pay for (tuition, dormitory, ...), with its yearly amount. */
export interface PaymentServiceTable {
  id: Generated<number>;
  /** Two digits inside every payment code of the service (10..99); never changes. */
  code: number;
  name: string;
  name_kg: string;
  name_en: string;
  amount: number;
  sort_order: number;
}

/** A payment code: one per student × service × year, issued once and then answered again. */
export interface PaymentCodeTable {
  id: Generated<number>;
  code: string;
  student_id: number;
  service_id: number;
  year_id: number;
  group_id: number;
  /** The amount due when the code was issued. */
  amount: number;
  created_at: number;
}

/**
 * One card payment against a code. At most one payment of a code is open (created or pending):
 * the partial unique index `payments_open_code_uq` (migration 0020).
 */
export interface PaymentTable {
  id: Generated<number>;
  code_id: number;
  student_id: number;
  amount: number;
  status: PaymentStatus;
  /** The client's key for this attempt: unique per student, so a repeat finds this row. */
  idempotency_key: string;
  provider: string;
  /** Our reference at the provider (the order id it knows us by). */
  order_ref: string;
  provider_ref: string | null;
  checkout_url: string | null;
  /** `YYYY-NNNNNN`: a paid payment's place in its year's sequence (`receipt_counters`). */
  receipt_no: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
  paid_at: number | null;
}

/** Every notification a provider sent (or someone sent in its name), verified or not. */
export interface PaymentCallbackTable {
  id: Generated<number>;
  provider: string;
  /** The provider's event id, only for verified notifications: a replay is refused by it. */
  event_id: string | null;
  payment_id: number | null;
  verified: number;
  /** applied | refund (charged, not counted) | duplicate | ignored | rejected */
  outcome: string;
  detail: string;
  received_at: number;
}

/** The sandbox acquirer's own record of a checkout (its side of the payment). */
export interface PaySandboxCheckoutTable {
  id: Generated<number>;
  token: string;
  order_ref: string;
  amount: number;
  description: string;
  return_url: string;
  notify_url: string;
  /** open | confirm | paid | declined | cancelled (the portal closed it) */
  status: string;
  card_last4: string | null;
  created_at: number;
  expires_at: number;
}

/**
 * The last receipt number issued in each year (migration 0029): the transaction that marks a
 * payment paid moves its year's row and takes the new value, so numbers run without a gap.
 */
export interface ReceiptCounterTable {
  /** The calendar year in the university's zone. */
  year: number;
  last_number: number;
}
