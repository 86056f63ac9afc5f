import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * Payments: the services and their amounts, payment codes (one per student × service × year),
 * card payments with the client's idempotency key, the log of provider notifications, and the
 * sandbox acquirer's checkouts. Amounts are integers in tyiyn; instants epoch ms.
 */
export function paymentsMigration(dialect: Dialect): Migration {
  const table = (db: Kysely<unknown>, name: string) => tableWithId(dialect, db, name);
  return {
    async up(db) {
      await table(db, 'payment_services')
        .addColumn('code', 'integer', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_kg', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();
      await table(db, 'payment_codes')
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
        .addColumn('service_id', 'integer', (c) => c.notNull().references('payment_services.id'))
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('payment_codes_owner_uq', ['student_id', 'service_id', 'year_id'])
        .execute();
      await table(db, 'payments')
        .addColumn('code_id', 'integer', (c) => c.notNull().references('payment_codes.id'))
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('order_ref', 'text', (c) => c.notNull().unique())
        .addColumn('provider_ref', 'text')
        .addColumn('checkout_url', 'text')
        .addColumn('receipt_no', 'text', (c) => c.unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .addUniqueConstraint('payments_idempotency_uq', ['student_id', 'idempotency_key'])
        .execute();
      await db.schema
        .createIndex('payments_student_idx')
        .on('payments')
        .columns(['student_id', 'created_at'])
        .execute();
      await db.schema.createIndex('payments_code_idx').on('payments').column('code_id').execute();
      await table(db, 'payment_callbacks')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text')
        .addColumn('payment_id', 'integer', (c) => c.references('payments.id'))
        .addColumn('verified', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('payment_callbacks_event_uq', ['provider', 'event_id'])
        .execute();
      await table(db, 'paysandbox_checkouts')
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('order_ref', 'text', (c) => c.notNull().unique())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('return_url', 'text', (c) => c.notNull())
        .addColumn('notify_url', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('card_last4', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db) {
      await db.schema.dropTable('paysandbox_checkouts').execute();
      await db.schema.dropTable('payment_callbacks').execute();
      await db.schema.dropTable('payments').execute();
      await db.schema.dropTable('payment_codes').execute();
      await db.schema.dropTable('payment_services').execute();
    },
  };
}
