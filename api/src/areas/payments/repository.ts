import { PAYMENT_OPEN_STATUSES, type PaymentStatus } from '@lms/shared/contract';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import { academicYearName, startYearOfId } from '../../lib/calendar.js';
import { composePaymentCode } from './code.js';
import type { VerifiedNotification } from './provider.js';

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

/** How many times an attempt looks again when the open payment it met settled meanwhile. */
const OPEN_SLOT_TRIES = 5;

/**
 * Takes the write lock of a payment code's row for the rest of the transaction (PostgreSQL: the
 * row lock; SQLite: the database's write lock): what decides on a code's payments (a charge
 * against what is due, a cancellation) runs one at a time per code, in both dialects.
 */
async function lockCode(trx: Kysely<Database>, codeId: number): Promise<void> {
  await trx
    .updateTable('payment_codes')
    .set((eb) => ({ amount: eb.ref('amount') }))
    .where('id', '=', codeId)
    .execute();
}

/** The receipt number of a payment: the year it was paid and its id. */
/** What has been paid under the code `c`: the sum of its paid payments (a text on PostgreSQL). */
function paidOfCode(eb: ExpressionBuilder<Database & { c: Database['payment_codes'] }, 'c'>) {
  return eb
    .selectFrom('payments as p')
    .select(sql<string | number>`coalesce(sum(p.amount), 0)`.as('paid'))
    .whereRef('p.code_id', '=', 'c.id')
    .where('p.status', '=', 'paid')
    .as('paid');
}

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
          paidOfCode(eb),
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
     * every repeat (concurrent repeats race on the unique key; exactly one row wins). A code has
     * at most one open payment (created or pending; the partial unique index
     * `payments_open_code_uq`): while another attempt's is open, that one is answered instead
     * and nothing is created, however many attempts race.
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
      for (let tries = 0; tries < OPEN_SLOT_TRIES; tries++) {
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
          // key, the code's open payment is another index, and PostgreSQL reports a concurrent
          // repeat's conflict on whichever index it checks first.
          .onConflict((oc) => oc.doNothing())
          .execute();
        const row = await db
          .selectFrom('payments')
          .select(['id', 'code_id', 'amount'])
          .where('student_id', '=', input.studentId)
          .where('idempotency_key', '=', input.idempotencyKey)
          .executeTakeFirst();
        if (row) {
          // The same key with another code or amount is another request: refuse, never reinterpret.
          if (row.code_id !== input.codeId || Number(row.amount) !== input.amount) {
            return { kind: 'key-reused' };
          }
          const payment = await findPayment(row.id);
          if (!payment) throw new Error(`payment ${row.id} vanished`);
          return { kind: 'payment', payment };
        }
        const open = await db
          .selectFrom('payments')
          .select('id')
          .where('code_id', '=', input.codeId)
          .where('status', 'in', PAYMENT_OPEN_STATUSES)
          .executeTakeFirst();
        const payment = open && (await findPayment(open.id));
        if (payment && PAYMENT_OPEN_STATUSES.some((status) => status === payment.status)) {
          return { kind: 'in-progress', payment };
        }
        // The open payment settled (paid, expired, cancelled) in between: try again.
      }
      throw new Error(`no payment for code ${input.codeId} after ${OPEN_SLOT_TRIES} tries`);
    },

    /** The code's payment open at the provider (created or pending), if any. */
    async openForCode(codeId: number): Promise<PaymentRecord | undefined> {
      const row = await payments()
        .where('p.code_id', '=', codeId)
        .where('p.status', 'in', PAYMENT_OPEN_STATUSES)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /**
     * The student cancels their open payment: open → cancelled, under the code's lock, so a
     * notification applied at the same time sees either the open payment or the cancelled one.
     * False when it is no longer open.
     */
    async cancel(paymentId: number, studentId: number, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('payments')
          .select('code_id')
          .where('id', '=', paymentId)
          .executeTakeFirst();
        if (!row) return false;
        await lockCode(trx, row.code_id);
        const result = await trx
          .updateTable('payments')
          .set({ status: 'cancelled', checkout_url: null, updated_at: now })
          .where('id', '=', paymentId)
          .where('student_id', '=', studentId)
          .where('status', 'in', PAYMENT_OPEN_STATUSES)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      });
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
     * Paid, declined and refund are final. A charge counts only within what its code still has
     * due and only if the student did not cancel the payment: otherwise the payment is marked
     * `refund` (no receipt, the money is to be returned). The code's lock makes two charges of one
     * code decide one after the other. A payment that expired here but was charged by the provider
     * within what is due becomes paid (the money was taken, the record must say so).
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
        const target = await trx
          .selectFrom('payments')
          .select(['id', 'code_id'])
          .where('provider', '=', provider)
          .where('order_ref', '=', note.orderRef)
          .executeTakeFirst();
        if (target) await lockCode(trx, target.code_id);
        // Read after the lock: a cancellation committed meanwhile is seen.
        const payment =
          target &&
          (await trx
            .selectFrom('payments')
            .select(['id', 'status', 'amount', 'code_id'])
            .where('id', '=', target.id)
            .executeTakeFirstOrThrow());
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
        } else if (['paid', 'declined', 'refund'].includes(payment.status)) {
          reason = `payment is already ${payment.status}`;
        } else if (
          (payment.status === 'expired' || payment.status === 'cancelled') &&
          note.outcome === 'declined'
        ) {
          reason = `payment ${payment.status}`;
        }
        if (reason !== null || !payment) {
          await log('ignored', reason ?? 'no payment', note.eventId);
          return { outcome: 'ignored', paymentId, reason: reason ?? 'no payment' };
        }
        let refund: string | null = null;
        if (note.outcome === 'paid') {
          if (payment.status === 'cancelled') refund = 'the student cancelled the payment';
          else {
            const code = await trx
              .selectFrom('payment_codes as c')
              .select((eb) => ['c.amount', paidOfCode(eb)])
              .where('c.id', '=', payment.code_id)
              .executeTakeFirstOrThrow();
            const due = Number(code.amount) - Number(code.paid ?? 0);
            if (note.amount > due) refund = `charged ${note.amount} with ${Math.max(0, due)} due`;
          }
        }
        const status: PaymentStatus = refund !== null ? 'refund' : note.outcome;
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
        if (refund !== null) {
          await log('refund', `${payment.status} → refund: ${refund}`, note.eventId);
          return { outcome: 'refund', paymentId: payment.id, reason: refund };
        }
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
