import type { PaymentStatus } from '@lms/shared/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { localized, type Language } from '../lib/catalogue-names.js';
import { academicYearName, startYearOfId } from '../lib/calendar.js';
import { composePaymentCode } from '../lib/payments/code.js';
import type { VerifiedNotification } from '../lib/payments/provider.js';

/** Years a group studies from its admission year (the longest programme, with a master's). */
const STUDY_YEARS = 6;

/** A payment row with what the student's screens show about it. */
export interface PaymentRecord {
  id: number;
  code: string;
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

export interface CodeRecord {
  id: number;
  code: string;
  studentId: number;
  service: string;
  service_kg: string;
  service_en: string;
  yearId: number;
  group: string;
  student: string;
  amount: number;
  paid: number;
}

/** What a notification did: applied to the payment, or why not. */
export type NotificationOutcome =
  | { outcome: 'applied'; paymentId: number; status: PaymentStatus }
  | { outcome: 'duplicate' | 'ignored'; paymentId: number | null; reason: string };

export type CreatePaymentResult =
  { kind: 'payment'; payment: PaymentRecord } | { kind: 'key-reused' };

/** The receipt number of a payment: the year it was paid and its id. */
export function receiptNumber(paymentId: number, paidAt: number): string {
  return `${new Date(paidAt).getFullYear()}-${String(paymentId).padStart(6, '0')}`;
}

export function createPaymentsRepository(db: Kysely<Database>) {
  const payments = (k: Kysely<Database> = db) =>
    k
      .selectFrom('payments as p')
      .innerJoin('payment_codes as c', 'c.id', 'p.code_id')
      .innerJoin('payment_services as s', 's.id', 'c.service_id')
      .innerJoin('academic_years as y', 'y.id', 'c.year_id')
      .select([
        'p.id',
        'c.code',
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

  const findPayment = async (id: number, k: Kysely<Database> = db) => {
    const row = await payments(k).where('p.id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  };

  return {
    async services() {
      const rows = await db
        .selectFrom('payment_services')
        .select(['id', 'name', 'name_kg', 'name_en', 'amount'])
        .orderBy('sort_order')
        .execute();
      return rows.map((row) => ({
        id_uslug: row.id,
        name: row.name,
        name_kg: row.name_kg,
        name_en: row.name_en,
        amount: Number(row.amount),
      }));
    },

    /** The student's group in an academic year: their group, if it studied that year. */
    async groupsFor(lng: Language, studentId: number, yearId: number, now: Date) {
      const row = await db
        .selectFrom('students as st')
        .innerJoin('groups as g', 'g.id', 'st.group_id')
        .select(['g.id', localized(lng, 'g.name').as('name'), 'g.admission_year'])
        .where('st.id', '=', studentId)
        .executeTakeFirst();
      if (!row) return [];
      const start = startYearOfId(yearId, now);
      const admitted = startYearOfId(row.admission_year, now);
      if (start < admitted || start >= admitted + STUDY_YEARS) return [];
      const year = await db
        .selectFrom('academic_years')
        .select('id')
        .where('id', '=', yearId)
        .executeTakeFirst();
      return year ? [{ id_group: row.id, name: row.name }] : [];
    },

    async service(id: number) {
      return db
        .selectFrom('payment_services')
        .select(['id', 'code', 'amount'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Issues the code of student × service × year once; later calls find the same row. */
    async issueCode(
      input: { studentId: number; serviceId: number; yearId: number; groupId: number },
      now: number,
    ): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const service = await trx
          .selectFrom('payment_services')
          .select(['code', 'amount'])
          .where('id', '=', input.serviceId)
          .executeTakeFirstOrThrow();
        const code = composePaymentCode({
          serviceCode: service.code,
          yearId: input.yearId,
          studentId: input.studentId,
        });
        await trx
          .insertInto('payment_codes')
          .values({
            code,
            student_id: input.studentId,
            service_id: input.serviceId,
            year_id: input.yearId,
            group_id: input.groupId,
            amount: Number(service.amount),
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['student_id', 'service_id', 'year_id']).doNothing())
          .execute();
        return code;
      });
    },

    /** A code with its owner, service, amount and what its paid payments add up to. */
    async code(lng: Language, code: string): Promise<CodeRecord | undefined> {
      const row = await db
        .selectFrom('payment_codes as c')
        .innerJoin('payment_services as s', 's.id', 'c.service_id')
        .innerJoin('groups as g', 'g.id', 'c.group_id')
        .innerJoin('students as st', 'st.id', 'c.student_id')
        .innerJoin('persons as pe', 'pe.id', 'st.person_id')
        .select((eb) => [
          'c.id',
          'c.code',
          'c.student_id',
          's.name as service',
          's.name_kg as service_kg',
          's.name_en as service_en',
          'c.year_id',
          localized(lng, 'g.name').as('group'),
          'pe.full_name',
          'c.amount',
          eb
            .selectFrom('payments as p')
            .select(sql<string | number>`coalesce(sum(p.amount), 0)`.as('paid'))
            .whereRef('p.code_id', '=', 'c.id')
            .where('p.status', '=', 'paid')
            .as('paid'),
        ])
        .where('c.code', '=', code)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        code: row.code,
        studentId: row.student_id,
        service: row.service,
        service_kg: row.service_kg,
        service_en: row.service_en,
        yearId: row.year_id,
        group: row.group,
        student: row.full_name,
        amount: Number(row.amount),
        paid: Number(row.paid ?? 0),
      };
    },

    yearName(yearId: number, now: Date): string {
      return academicYearName(startYearOfId(yearId, now));
    },

    /**
     * The payment of this attempt: created on the first call, found by the client's key on
     * every repeat (concurrent repeats race on the unique key; exactly one row wins).
     */
    async createPayment(input: {
      codeId: number;
      studentId: number;
      amount: number;
      idempotencyKey: string;
      provider: string;
      now: number;
      expiresAt: number;
    }): Promise<CreatePaymentResult> {
      const orderRef = `LMS-${input.studentId}-${input.idempotencyKey}`;
      await db
        .insertInto('payments')
        .values({
          code_id: input.codeId,
          student_id: input.studentId,
          amount: input.amount,
          status: 'created',
          idempotency_key: input.idempotencyKey,
          provider: input.provider,
          order_ref: orderRef,
          created_at: input.now,
          updated_at: input.now,
          expires_at: input.expiresAt,
        })
        // Any unique conflict, not just the key's: `order_ref` is made of the same student and
        // key, and PostgreSQL reports a concurrent repeat's conflict on whichever index it
        // checks first (naming only the key's index made that a 500 under double submits).
        .onConflict((oc) => oc.doNothing())
        .execute();
      const row = await db
        .selectFrom('payments')
        .select(['id', 'code_id', 'amount'])
        .where('student_id', '=', input.studentId)
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow();
      // The same key with another code or amount is another request: refuse, never reinterpret.
      if (row.code_id !== input.codeId || Number(row.amount) !== input.amount) {
        return { kind: 'key-reused' };
      }
      const payment = await findPayment(row.id);
      if (!payment) throw new Error(`payment ${row.id} vanished`);
      return { kind: 'payment', payment };
    },

    /** Records the provider's checkout: created → pending (a repeat changes nothing). */
    async markPending(paymentId: number, checkoutUrl: string, now: number): Promise<void> {
      await db
        .updateTable('payments')
        .set({ status: 'pending', checkout_url: checkoutUrl, updated_at: now })
        .where('id', '=', paymentId)
        .where('status', '=', 'created')
        .execute();
    },

    /** Payments that waited past their time: created/pending → expired. */
    async expireStale(now: number): Promise<void> {
      await db
        .updateTable('payments')
        .set({ status: 'expired', checkout_url: null, updated_at: now })
        .where('status', 'in', ['created', 'pending'])
        .where('expires_at', '<=', now)
        .execute();
    },

    find: (id: number) => findPayment(id),

    async byKey(studentId: number, idempotencyKey: string) {
      return db
        .selectFrom('payments')
        .select('id')
        .where('student_id', '=', studentId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    async listForStudent(studentId: number): Promise<PaymentRecord[]> {
      const rows = await payments()
        .where('p.student_id', '=', studentId)
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .execute();
      return rows.map(toRecord);
    },

    /** Who the receipt names: the code's student and group. */
    async receiptParties(lng: Language, paymentId: number) {
      return db
        .selectFrom('payments as p')
        .innerJoin('payment_codes as c', 'c.id', 'p.code_id')
        .innerJoin('groups as g', 'g.id', 'c.group_id')
        .innerJoin('students as st', 'st.id', 'c.student_id')
        .innerJoin('persons as pe', 'pe.id', 'st.person_id')
        .select([localized(lng, 'g.name').as('group'), 'pe.full_name as student'])
        .where('p.id', '=', paymentId)
        .executeTakeFirst();
    },

    /**
     * Applies a verified notification once. The event id is recorded in the same transaction
     * as the state change, so a replay (or a concurrent duplicate) finds it and changes nothing.
     * Paid is final; a payment that expired here but was charged by the provider becomes paid
     * (the money was taken, the record must say so).
     */
    async applyNotification(
      provider: string,
      note: VerifiedNotification,
      now: number,
    ): Promise<NotificationOutcome> {
      return db.transaction().execute(async (trx) => {
        const seen = await trx
          .selectFrom('payment_callbacks')
          .select('id')
          .where('provider', '=', provider)
          .where('event_id', '=', note.eventId)
          .executeTakeFirst();
        const payment = await trx
          .selectFrom('payments')
          .select(['id', 'status', 'amount'])
          .where('provider', '=', provider)
          .where('order_ref', '=', note.orderRef)
          .executeTakeFirst();
        const paymentId = payment?.id ?? null;
        const log = async (outcome: string, detail: string, eventId: string | null) => {
          await trx
            .insertInto('payment_callbacks')
            .values({
              provider,
              event_id: eventId,
              payment_id: paymentId,
              verified: 1,
              outcome,
              detail: detail.slice(0, 1000),
              received_at: now,
            })
            .execute();
        };
        if (seen) {
          await log('duplicate', `event ${note.eventId} already applied`, null);
          return { outcome: 'duplicate', paymentId, reason: 'event already applied' };
        }
        let reason: string | null = null;
        if (!payment) reason = `no payment ${note.orderRef}`;
        else if (Number(payment.amount) !== note.amount) {
          reason = `amount ${note.amount} differs from ${payment.amount}`;
        } else if (payment.status === 'paid' || payment.status === 'declined') {
          reason = `payment is already ${payment.status}`;
        } else if (payment.status === 'expired' && note.outcome === 'declined') {
          reason = 'payment expired';
        }
        if (reason !== null || !payment) {
          await log('ignored', reason ?? 'no payment', note.eventId);
          return { outcome: 'ignored', paymentId, reason: reason ?? 'no payment' };
        }
        const status: PaymentStatus = note.outcome;
        await trx
          .updateTable('payments')
          .set({
            status,
            provider_ref: note.providerRef,
            checkout_url: null,
            updated_at: now,
            ...(status === 'paid'
              ? { paid_at: now, receipt_no: receiptNumber(payment.id, now) }
              : {}),
          })
          .where('id', '=', payment.id)
          .execute();
        await log('applied', `${payment.status} → ${status}`, note.eventId);
        return { outcome: 'applied', paymentId: payment.id, status };
      });
    },

    /** A notification that failed verification: logged, nothing else. */
    async logRejected(provider: string, reason: string, body: string, now: number) {
      await db
        .insertInto('payment_callbacks')
        .values({
          provider,
          event_id: null,
          payment_id: null,
          verified: 0,
          outcome: 'rejected',
          detail: `${reason}: ${body.slice(0, 500)}`,
          received_at: now,
        })
        .execute();
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
