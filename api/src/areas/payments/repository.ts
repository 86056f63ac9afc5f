import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import { academicYearName, startYearOfId } from '../../lib/calendar.js';
import { createPaymentRowsRepository } from './payment-repository.js';
import { studiesInYear, type CodeAmounts } from './rules.js';

export type { PaymentRecord } from './payment-repository.js';

/**
 * The SQL of the payments area: the services, the student's group, payment codes (here) and the
 * card payments with the provider's notifications (`payment-repository.ts`), as one repository
 * (`app.repos.payments`). Helpers that join a write of the service take its transaction first.
 */

export interface CodeRecord extends CodeAmounts {
  id: number;
  code: string;
  studentId: number;
  service: string;
  service_kg: string;
  service_en: string;
  serviceId: number;
  yearId: number;
  groupId: number;
  group: string;
  student: string;
}

/** The payment service whose code holds registration until paid (the seed's tuition, code 11). */
const TUITION_SERVICE_CODE = 11;

type CodeScope = ExpressionBuilder<Database & { c: Database['payment_codes'] }, 'c'>;

/** What has been paid under the code `c`: the sum of its paid payments (a text on PostgreSQL). */
function paidUnder(eb: CodeScope) {
  return eb
    .selectFrom('payments as p')
    .select(sql<string | number>`coalesce(sum(p.amount), 0)`.as('paid'))
    .whereRef('p.code_id', '=', 'c.id')
    .where('p.status', '=', 'paid');
}

function paidOfCode(eb: CodeScope) {
  return paidUnder(eb).as('paid');
}

function createCodesRepository(db: Kysely<Database>) {
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
      const admitted = startYearOfId(row.admission_year, now);
      if (!studiesInYear(admitted, startYearOfId(yearId, now))) return [];
      const year = await db
        .selectFrom('academic_years')
        .select('id')
        .where('id', '=', yearId)
        .executeTakeFirst();
      return year ? [{ id_group: row.id, name: row.name }] : [];
    },

    async service(id: number, k: Kysely<Database> = db) {
      const row = await k
        .selectFrom('payment_services')
        .select(['id', 'code', 'amount'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { id: row.id, code: row.code, amount: Number(row.amount) };
    },

    /** A code of student × service × year, unless that one exists (then nothing changes). */
    async insertCode(
      trx: Kysely<Database>,
      row: {
        code: string;
        studentId: number;
        serviceId: number;
        yearId: number;
        groupId: number;
        amount: number;
        now: number;
      },
    ): Promise<void> {
      await trx
        .insertInto('payment_codes')
        .values({
          code: row.code,
          student_id: row.studentId,
          service_id: row.serviceId,
          year_id: row.yearId,
          group_id: row.groupId,
          amount: row.amount,
          created_at: row.now,
        })
        .onConflict((oc) => oc.columns(['student_id', 'service_id', 'year_id']).doNothing())
        .execute();
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
          'c.service_id',
          'c.year_id',
          'c.group_id',
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
        serviceId: row.service_id,
        yearId: row.year_id,
        groupId: row.group_id,
        group: row.group,
        student: row.full_name,
        amount: Number(row.amount),
        paid: Number(row.paid ?? 0),
      };
    },

    /** A code's amount and what has been paid under it, read inside the caller's transaction. */
    async amounts(trx: Kysely<Database>, codeId: number): Promise<CodeAmounts> {
      const row = await trx
        .selectFrom('payment_codes as c')
        .select((eb) => ['c.amount', paidOfCode(eb)])
        .where('c.id', '=', codeId)
        .executeTakeFirstOrThrow();
      return { amount: Number(row.amount), paid: Number(row.paid ?? 0) };
    },

    /**
     * Takes the write lock of a payment code's row for the rest of the transaction (PostgreSQL:
     * the row lock; SQLite: the database's write lock): what decides on a code's payments (a
     * charge against what is due, a cancellation) runs one at a time per code, in both dialects.
     */
    async lockCode(trx: Kysely<Database>, codeId: number): Promise<void> {
      await trx
        .updateTable('payment_codes')
        .set((eb) => ({ amount: eb.ref('amount') }))
        .where('id', '=', codeId)
        .execute();
    },

    /**
     * Does the student owe tuition for the year: a tuition code of theirs whose paid payments add
     * up to less than its amount? Registration's hold rule asks it, inside its own transaction
     * (`trx`) or, for the facts a save reads before its transaction, on the database.
     */
    async unpaidTuition(trx: Kysely<Database>, studentId: number, yearId: number) {
      const row = await trx
        .selectFrom('payment_codes as c')
        .innerJoin('payment_services as ps', 'ps.id', 'c.service_id')
        .select('c.id')
        .where('c.student_id', '=', studentId)
        .where('c.year_id', '=', yearId)
        .where('ps.code', '=', TUITION_SERVICE_CODE)
        .where((eb) => eb(paidUnder(eb), '<', eb.ref('c.amount')))
        .executeTakeFirst();
      return row !== undefined;
    },

    yearName(yearId: number, now: Date): string {
      return academicYearName(startYearOfId(yearId, now));
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
  };
}

export function createPaymentsRepository(db: Kysely<Database>) {
  return { ...createCodesRepository(db), ...createPaymentRowsRepository(db) };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
