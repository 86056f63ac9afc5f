import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { inTransaction, tableWithId } from './dialect.js';

/**
 * Documents: the record of the documents the portal issued (`issued_documents`, migration 0010)
 * learns who revoked a document and why, the language it was printed in, and receipts join the
 * kinds (a paid payment's receipt, `payment_id`). PostgreSQL swaps the kind's check; SQLite cannot
 * alter a check and rebuilds the table with the foreign keys off for the swap (document_orders
 * refers to it by name, so its references hold again once the copy takes the name).
 */

const KINDS = ['transcript', 'certificate', 'receipt'];
const OLD_KINDS = ['transcript', 'certificate'];

const OLD_COLUMNS = ['id', 'kind', 'student_id', 'summary', 'issued_at', 'revoked_at', 'issue_key'];
const NEW_COLUMNS = ['lang', 'revoke_reason', 'revoked_by', 'payment_id'];

const kindCheck = (kinds: string[]) => sql`kind in (${sql.join(kinds.map((k) => sql.lit(k)))})`;

async function createIssuedTable(
  dialect: Dialect,
  db: Kysely<unknown>,
  name: string,
  kinds: string[],
  extended: boolean,
): Promise<void> {
  let table = tableWithId(dialect, db, name)
    .addColumn('kind', 'text', (c) => c.notNull().check(kindCheck(kinds)))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('issue_key', 'text');
  if (extended) {
    table = table
      .addColumn('lang', 'text')
      .addColumn('revoke_reason', 'text')
      .addColumn('revoked_by', 'integer', (c) => c.references('users.id'))
      .addColumn('payment_id', 'integer', (c) => c.references('payments.id'));
  }
  await table.execute();
}

async function indexes(db: Kysely<unknown>, extended: boolean): Promise<void> {
  await db.schema
    .createIndex('issued_documents_issue_key_idx')
    .on('issued_documents')
    .column('issue_key')
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
  if (extended) {
    await db.schema
      .createIndex('issued_documents_student_idx')
      .on('issued_documents')
      .columns(['student_id', 'issued_at'])
      .execute();
  }
}

/** SQLite: the table copied under the new shape (`extended`: with this migration's columns). */
async function rebuildSqlite(db: Kysely<unknown>, kinds: string[], extended: boolean) {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await inTransaction('sqlite', db, async (trx) => {
      await createIssuedTable('sqlite', trx, 'issued_documents_new', kinds, extended);
      const columns = sql.join(OLD_COLUMNS.map((c) => sql.id(c)));
      await sql`insert into issued_documents_new (${columns})
        select ${columns} from issued_documents`.execute(trx);
      await trx.schema.dropTable('issued_documents').execute();
      await sql`alter table issued_documents_new rename to issued_documents`.execute(trx);
      await indexes(trx, extended);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export function documentsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await rebuildSqlite(db, KINDS, true);
        return;
      }
      await sql`alter table issued_documents drop constraint issued_documents_kind_check`.execute(
        db,
      );
      await sql`alter table issued_documents add constraint issued_documents_kind_check
        check (${kindCheck(KINDS)})`.execute(db);
      await db.schema.alterTable('issued_documents').addColumn('lang', 'text').execute();
      await db.schema.alterTable('issued_documents').addColumn('revoke_reason', 'text').execute();
      await db.schema
        .alterTable('issued_documents')
        .addColumn('revoked_by', 'integer', (c) => c.references('users.id'))
        .execute();
      await db.schema
        .alterTable('issued_documents')
        .addColumn('payment_id', 'integer', (c) => c.references('payments.id'))
        .execute();
      await db.schema
        .createIndex('issued_documents_student_idx')
        .on('issued_documents')
        .columns(['student_id', 'issued_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      // Receipts were not documents before: they go from the record (their payments stay).
      await sql`delete from issued_documents where kind not in (${sql.join(
        OLD_KINDS.map((k) => sql.lit(k)),
      )})`.execute(db);
      if (dialect === 'sqlite') {
        await rebuildSqlite(db, OLD_KINDS, false);
        return;
      }
      await db.schema.dropIndex('issued_documents_student_idx').execute();
      for (const column of NEW_COLUMNS) {
        await db.schema.alterTable('issued_documents').dropColumn(column).execute();
      }
      await sql`alter table issued_documents drop constraint issued_documents_kind_check`.execute(
        db,
      );
      await sql`alter table issued_documents add constraint issued_documents_kind_check
        check (${kindCheck(OLD_KINDS)})`.execute(db);
    },
  };
}
