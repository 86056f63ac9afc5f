import { PAYMENT_OPEN_STATUSES, type PaymentStatus } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The SQL of card payments and of the provider's notifications (`payments`, `payment_callbacks`).
 * Helpers that join a write of the service take its transaction first (`trx`).
 */

/** A payment row with what the student's screens show about it. */
export interface PaymentRecord {
  id: number;
  code: string;
  codeId: number;
  studentId: number;
  service: string;
  service_kg: string;
  service_en: string;
  year: string;
  amount: number;
  status: PaymentStatus;
  provider: string;
  orderRef: string;
  providerRef: string | null;
  checkoutUrl: string | null;
  receiptNo: string | null;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  paidAt: number | null;
}

/** A new payment's row, as the attempt that starts it gives it. */
export interface NewPayment {
  codeId: number;
  studentId: number;
  amount: number;
  idempotencyKey: string;
  provider: string;
  now: number;
  expiresAt: number;
}

/** One line of the notifications' log. */
export interface CallbackLine {
  provider: string;
  eventId: string | null;
  paymentId: number | null;
  verified: boolean;
  outcome: string;
  detail: string;
  at: number;
}

export function createPaymentRowsRepository(db: Kysely<Database>) {
  const payments = (k: Kysely<Database> = db) =>
    k
      .selectFrom('payments as p')
      .innerJoin('payment_codes as c', 'c.id', 'p.code_id')
      .innerJoin('payment_services as s', 's.id', 'c.service_id')
      .innerJoin('academic_years as y', 'y.id', 'c.year_id')
      .select([
        'p.id',
        'c.code',
        'p.code_id',
        'p.student_id',
        's.name as service',
        's.name_kg as service_kg',
        's.name_en as service_en',
        'y.name as year',
        'p.amount',
        'p.status',
        'p.provider',
        'p.order_ref',
        'p.provider_ref',
        'p.checkout_url',
        'p.receipt_no',
        'p.created_at',
        'p.updated_at',
        'p.expires_at',
        'p.paid_at',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof payments>['executeTakeFirstOrThrow']>>;
  const toRecord = (row: Row): PaymentRecord => ({
    id: row.id,
    code: row.code,
    codeId: row.code_id,
    studentId: row.student_id,
    service: row.service,
    service_kg: row.service_kg,
    service_en: row.service_en,
    year: row.year,
    amount: Number(row.amount),
    status: row.status,
    provider: row.provider,
    orderRef: row.order_ref,
    providerRef: row.provider_ref,
    checkoutUrl: row.checkout_url,
    receiptNo: row.receipt_no,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    expiresAt: Number(row.expires_at),
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
  });

  return {
    async find(id: number, k: Kysely<Database> = db): Promise<PaymentRecord | undefined> {
      const row = await payments(k).where('p.id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    /** The payment of a student's attempt, by the client's idempotency key. */
    async byKey(studentId: number, idempotencyKey: string) {
      const row = await db
        .selectFrom('payments')
        .select(['id', 'code_id', 'amount'])
        .where('student_id', '=', studentId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      return row && { id: row.id, codeId: row.code_id, amount: Number(row.amount) };
    },

    /**
     * Inserts the attempt's payment unless any unique index already holds it: the key's (a
     * repeat), `order_ref` (made of the same student and key) or the code's one open payment
     * (`payments_open_code_uq`). PostgreSQL reports a concurrent repeat's conflict on whichever
     * index it checks first, so every conflict is ignored; the caller reads what is there.
     */
    async insertAttempt(input: NewPayment, k: Kysely<Database> = db): Promise<number | null> {
      const row = await k
        .insertInto('payments')
        .values({
          code_id: input.codeId,
          student_id: input.studentId,
          amount: input.amount,
          status: 'created',
          idempotency_key: input.idempotencyKey,
          provider: input.provider,
          order_ref: `LMS-${input.studentId}-${input.idempotencyKey}`,
          created_at: input.now,
          updated_at: input.now,
          expires_at: input.expiresAt,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    /** The code's payment open at the provider (created or pending), if any. */
    async openForCode(codeId: number): Promise<PaymentRecord | undefined> {
      const row = await payments()
        .where('p.code_id', '=', codeId)
        .where('p.status', 'in', PAYMENT_OPEN_STATUSES)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** Open → cancelled, if it is still open and the student's; true when it changed. */
    async cancelOpen(trx: Kysely<Database>, paymentId: number, studentId: number, now: number) {
      const result = await trx
        .updateTable('payments')
        .set({ status: 'cancelled', checkout_url: null, updated_at: now })
        .where('id', '=', paymentId)
        .where('student_id', '=', studentId)
        .where('status', 'in', PAYMENT_OPEN_STATUSES)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records the provider's checkout: created → pending (a repeat changes nothing); true when it changed. */
    async markPending(
      trx: Kysely<Database>,
      paymentId: number,
      checkoutUrl: string,
      now: number,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('payments')
        .set({ status: 'pending', checkout_url: checkoutUrl, updated_at: now })
        .where('id', '=', paymentId)
        .where('status', '=', 'created')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Payments that waited past their time: created/pending → expired, one status at a time so
     * each expired payment is answered with the status it had (for the audit trail).
     */
    async expireStale(trx: Kysely<Database>, now: number) {
      const expired: { id: number; studentId: number; amount: number; status: PaymentStatus }[] =
        [];
      for (const status of PAYMENT_OPEN_STATUSES) {
        const rows = await trx
          .updateTable('payments')
          .set({ status: 'expired', checkout_url: null, updated_at: now })
          .where('status', '=', status)
          .where('expires_at', '<=', now)
          .returning(['id', 'student_id', 'amount'])
          .execute();
        for (const row of rows) {
          expired.push({
            id: row.id,
            studentId: row.student_id,
            amount: Number(row.amount),
            status,
          });
        }
      }
      return expired;
    },

    async listForStudent(studentId: number): Promise<PaymentRecord[]> {
      const rows = await payments()
        .where('p.student_id', '=', studentId)
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .execute();
      return rows.map(toRecord);
    },

    /** Has this provider's event been applied (or logged as a duplicate) before? */
    async eventSeen(trx: Kysely<Database>, provider: string, eventId: string): Promise<boolean> {
      const row = await trx
        .selectFrom('payment_callbacks')
        .select('id')
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The payment a provider's order reference names. */
    async byOrder(trx: Kysely<Database>, provider: string, orderRef: string) {
      const row = await trx
        .selectFrom('payments')
        .select(['id', 'code_id', 'student_id'])
        .where('provider', '=', provider)
        .where('order_ref', '=', orderRef)
        .executeTakeFirst();
      return row && { id: row.id, codeId: row.code_id, studentId: row.student_id };
    },

    /** A payment's state as a notification decides on it (read under the code's lock). */
    async state(trx: Kysely<Database>, paymentId: number) {
      const row = await trx
        .selectFrom('payments')
        .select(['id', 'status', 'amount', 'code_id'])
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow();
      return { id: row.id, status: row.status, amount: Number(row.amount), codeId: row.code_id };
    },

    /** The provider's outcome on a payment; a paid one gets its paid time and receipt number. */
    async settle(
      trx: Kysely<Database>,
      paymentId: number,
      change: { status: PaymentStatus; providerRef: string; now: number; receiptNo?: string },
    ): Promise<void> {
      await trx
        .updateTable('payments')
        .set({
          status: change.status,
          provider_ref: change.providerRef,
          checkout_url: null,
          updated_at: change.now,
          ...(change.receiptNo ? { paid_at: change.now, receipt_no: change.receiptNo } : {}),
        })
        .where('id', '=', paymentId)
        .execute();
    },

    /**
     * The next place in a year's receipt sequence, taken inside the transaction that marks the
     * payment paid. The upsert locks the year's row until that transaction ends, so concurrent
     * payments take consecutive places one after the other, and a transaction rolled back gives
     * its place back.
     */
    async nextReceiptSequence(trx: Kysely<Database>, year: number): Promise<number> {
      const row = await trx
        .insertInto('receipt_counters')
        .values({ year, last_number: 1 })
        .onConflict((oc) =>
          oc.column('year').doUpdateSet((eb) => ({
            last_number: eb('receipt_counters.last_number', '+', 1),
          })),
        )
        .returning('last_number')
        .executeTakeFirstOrThrow();
      return Number(row.last_number);
    },

    /** One line of the notifications' log (a rejected one, or what a verified one did). */
    async logCallback(k: Kysely<Database>, line: CallbackLine): Promise<void> {
      await k
        .insertInto('payment_callbacks')
        .values({
          provider: line.provider,
          event_id: line.eventId,
          payment_id: line.paymentId,
          verified: line.verified ? 1 : 0,
          outcome: line.outcome,
          detail: line.detail.slice(0, 1000),
          received_at: line.at,
        })
        .execute();
    },
  };
}

export type PaymentRowsRepository = ReturnType<typeof createPaymentRowsRepository>;
