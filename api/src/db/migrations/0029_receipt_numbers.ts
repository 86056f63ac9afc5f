import { sql, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { inTransaction } from './dialect.js';

/**
 * Receipt numbers run 1, 2, 3… per year without a gap. Until now a paid payment's number was its
 * row id, so every abandoned, cancelled, declined or refunded attempt left a hole in the
 * sequence. From now on `receipt_counters` holds each year's last number, and the transaction
 * that marks a payment paid takes the next one.
 *
 * A receipt already issued keeps its number: people hold those PDFs, and an accountant matches
 * them by number. Each year's counter starts after the highest number issued in that year, so a
 * new number never repeats an old one; the holes between the old numbers stay, no new ones open.
 */

/** `2026-000042` → [2026, 42]; null for a number of another form. */
function parsed(receiptNo: string): [number, number] | null {
  const match = /^(\d{4})-(\d{1,9})$/.exec(receiptNo);
  return match ? [Number(match[1]), Number(match[2])] : null;
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
        const { rows } = await sql<{ receipt_no: string }>`select receipt_no from payments
          where receipt_no is not null`.execute(trx);
        const last = new Map<number, number>();
        for (const row of rows) {
          const number = parsed(row.receipt_no);
          if (number) last.set(number[0], Math.max(last.get(number[0]) ?? 0, number[1]));
        }
        for (const [year, lastNumber] of last) {
          await sql`insert into receipt_counters (year, last_number)
            values (${year}, ${lastNumber})`.execute(trx);
        }
      });
    },
    async down(db) {
      // The numbers issued stay as they are; the earlier releases number by the payment's id.
      await db.schema.dropTable('receipt_counters').execute();
    },
  };
}
