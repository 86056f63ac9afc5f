import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { inTransaction, tableWithId } from './dialect.js';

/**
 * Payments: at most one payment of a code open at the provider (created or pending), kept by a
 * partial unique index, so concurrent attempts with different keys cannot start two. Codes that
 * already had several keep their newest open; the older ones expire (a charge the provider still
 * reports for one is counted only within what is due, otherwise marked for refund).
 *
 * Document orders: `cancelled` joins the statuses (a cancelled order stays, with its history).
 * PostgreSQL swaps the column's check; SQLite cannot alter a check and rebuilds the table (no
 * table references document_orders, none has triggers on it).
 */

const ORDER_COLUMNS = [
  'id',
  'student_id',
  'document_id',
  'region_id',
  'district_id',
  'purpose_id',
  'needed_by',
  'status',
  'comment',
  'created_at',
  'status_at',
  'handled_by',
  'issued_document_id',
];

async function createOrdersTable(
  dialect: Dialect,
  db: Kysely<unknown>,
  name: string,
  statuses: string[],
): Promise<void> {
  await tableWithId(dialect, db, name)
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('order_documents.id'))
    .addColumn('region_id', 'integer', (c) => c.notNull().references('order_regions.id'))
    .addColumn('district_id', 'integer', (c) => c.notNull().references('order_districts.id'))
    .addColumn('purpose_id', 'integer', (c) => c.notNull().references('order_purposes.id'))
    .addColumn('needed_by', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in (${sql.join(statuses.map((s) => sql.lit(s)))})`),
    )
    .addColumn('comment', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('status_at', 'bigint', (c) => c.notNull())
    .addColumn('handled_by', 'integer', (c) => c.references('users.id'))
    .addColumn('issued_document_id', 'integer', (c) => c.references('issued_documents.id'))
    .execute();
}

/** The order statuses the check allows: SQLite copies the table, PostgreSQL swaps the check. */
async function allowOrderStatuses(
  dialect: Dialect,
  db: Kysely<unknown>,
  statuses: string[],
): Promise<void> {
  const list = sql.join(statuses.map((s) => sql.lit(s)));
  if (dialect === 'postgres') {
    await sql`alter table document_orders drop constraint document_orders_status_check`.execute(db);
    await sql`alter table document_orders add constraint document_orders_status_check
      check (status in (${list}))`.execute(db);
    return;
  }
  await createOrdersTable(dialect, db, 'document_orders_new', statuses);
  const columns = sql.join(ORDER_COLUMNS.map((c) => sql.id(c)));
  await sql`insert into document_orders_new (${columns})
    select ${columns} from document_orders`.execute(db);
  await db.schema.dropTable('document_orders').execute();
  await sql`alter table document_orders_new rename to document_orders`.execute(db);
  await db.schema
    .createIndex('document_orders_student_idx')
    .on('document_orders')
    .columns(['student_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('document_orders_status_idx')
    .on('document_orders')
    .columns(['status', 'created_at'])
    .execute();
}

export function openPaymentCancelledOrderMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await inTransaction(dialect, db, async (trx) => {
        await sql`update payments set status = 'expired', checkout_url = null,
            updated_at = ${Date.now()}
          where status in ('created', 'pending')
            and exists (select 1 from payments newer
              where newer.code_id = payments.code_id and newer.id > payments.id
                and newer.status in ('created', 'pending'))`.execute(trx);
        await trx.schema
          .createIndex('payments_open_code_uq')
          .on('payments')
          .column('code_id')
          .unique()
          .where(sql<boolean>`status in ('created', 'pending')`)
          .execute();
        await allowOrderStatuses(dialect, trx, ['waiting', 'preparing', 'prepared', 'cancelled']);
      });
    },
    async down(db) {
      await inTransaction(dialect, db, async (trx) => {
        await sql`delete from document_orders where status = 'cancelled'`.execute(trx);
        await allowOrderStatuses(dialect, trx, ['waiting', 'preparing', 'prepared']);
        await trx.schema.dropIndex('payments_open_code_uq').execute();
      });
    },
  };
}
