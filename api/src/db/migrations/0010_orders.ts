import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * Single-window document orders and the transcript: the registrar flag on accounts, the lists a
 * student orders from (documents, regions, districts, purposes), the orders, the documents the
 * portal issued (verified by their QR), and final grades. Instants are epoch ms.
 */
export function ordersMigration(dialect: Dialect): Migration {
  const table = (db: Kysely<unknown>, name: string) => tableWithId(dialect, db, name);
  const named = (db: Kysely<unknown>, name: string) =>
    table(db, name)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_kg', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull());
  return {
    async up(db) {
      await db.schema
        .alterTable('users')
        .addColumn('registrar_perms', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await named(db, 'order_documents')
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('instant', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await named(db, 'order_regions').execute();
      await named(db, 'order_districts')
        .addColumn('region_id', 'integer', (c) =>
          c.notNull().references('order_regions.id').onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('order_districts_region_idx')
        .on('order_districts')
        .column('region_id')
        .execute();
      await named(db, 'order_purposes').execute();
      await table(db, 'issued_documents')
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('transcript', 'certificate')`),
        )
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('issued_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await table(db, 'document_orders')
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
        .addColumn('document_id', 'integer', (c) => c.notNull().references('order_documents.id'))
        .addColumn('region_id', 'integer', (c) => c.notNull().references('order_regions.id'))
        .addColumn('district_id', 'integer', (c) => c.notNull().references('order_districts.id'))
        .addColumn('purpose_id', 'integer', (c) => c.notNull().references('order_purposes.id'))
        .addColumn('needed_by', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('waiting', 'preparing', 'prepared')`),
        )
        .addColumn('comment', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('status_at', 'bigint', (c) => c.notNull())
        .addColumn('handled_by', 'integer', (c) => c.references('users.id'))
        .addColumn('issued_document_id', 'integer', (c) => c.references('issued_documents.id'))
        .execute();
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
      await table(db, 'transcript_grades')
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id'))
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('ws_id', 'integer', (c) => c.notNull().references('ws.id'))
        .addColumn('study_semester', 'integer', (c) => c.notNull())
        .addColumn('credits', 'integer', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 0 and 100`))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('transcript_grades_uq', [
          'student_id',
          'discipline_id',
          'year_id',
          'ws_id',
        ])
        .execute();
    },
    async down(db) {
      for (const name of [
        'transcript_grades',
        'document_orders',
        'issued_documents',
        'order_purposes',
        'order_districts',
        'order_regions',
        'order_documents',
      ]) {
        await db.schema.dropTable(name).execute();
      }
      await db.schema.alterTable('users').dropColumn('registrar_perms').execute();
    },
  };
}
