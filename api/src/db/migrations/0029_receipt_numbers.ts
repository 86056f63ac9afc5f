import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { inTransaction } from './dialect.js';

/**
 * Receipt numbers run 1, 2, 3… per year without a gap. Until now a paid payment's number was its
 * row id, so every abandoned, cancelled, declined or refunded attempt left a hole in the
 * sequence. From now on `receipt_counters` holds each year's last number, and the transaction
 * that marks a payment paid takes the next one.
 *
 * The receipts already issued are numbered again in the order they were paid, each in the year
 * it was paid in the university's zone, and each year's counter starts after its last one. The
 * receipt PDF is made from the record whenever it is asked for, so the next download carries the
 * new number.
 */

/**
 * The university's zone when the numbering changed (Bishkek, UTC+6, no daylight saving): a
 * migration's result must not depend on the settings of the release that runs it.
 */
const UTC_OFFSET_MINUTES = 6 * 60;

const yearOf = (paidAt: number) => new Date(paidAt + UTC_OFFSET_MINUTES * 60_000).getUTCFullYear();
const numbered = (year: number, sequence: number) => `${year}-${String(sequence).padStart(6, '0')}`;

interface PaidRow {
  id: number;
  paid_at: number | string | null;
  updated_at: number | string;
}

/** The paid payments in the order they were paid, each with its year. */
async function paidInOrder(db: Kysely<unknown>) {
  const { rows } = await sql<PaidRow>`select id, paid_at, updated_at from payments
    where receipt_no is not null
    order by coalesce(paid_at, updated_at), id`.execute(db);
  return rows.map((row) => ({
    id: Number(row.id),
    year: yearOf(Number(row.paid_at ?? row.updated_at)),
  }));
}

export function receiptNumbersMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await inTransaction(dialect, db, async (trx) => {
        await trx.schema
          .createTable('receipt_counters')
          .addColumn('year', 'integer', (c) => c.primaryKey())
          .addColumn('last_number', 'integer', (c) => c.notNull())
          .execute();
        const paid = await paidInOrder(trx);
        // Cleared first: a new number may be one another receipt still holds (the column is unique).
        await sql`update payments set receipt_no = null where receipt_no is not null`.execute(trx);
        const last = new Map<number, number>();
        for (const { id, year } of paid) {
          const sequence = (last.get(year) ?? 0) + 1;
          last.set(year, sequence);
          await sql`update payments set receipt_no = ${numbered(year, sequence)}
            where id = ${id}`.execute(trx);
        }
        for (const [year, lastNumber] of last) {
          await sql`insert into receipt_counters (year, last_number)
            values (${year}, ${lastNumber})`.execute(trx);
        }
      });
    },
    async down(db) {
      // Back to the number the earlier releases derived: the year and the payment's id.
      await inTransaction(dialect, db, async (trx) => {
        const paid = await paidInOrder(trx);
        await sql`update payments set receipt_no = null where receipt_no is not null`.execute(trx);
        for (const { id, year } of paid) {
          await sql`update payments set receipt_no = ${numbered(year, id)}
            where id = ${id}`.execute(trx);
        }
        await trx.schema.dropTable('receipt_counters').execute();
      });
    },
  };
}
