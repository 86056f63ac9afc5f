import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * The audit trail: one append-only row per change to a record that matters (marks, attendance,
 * registrations, holds, orders, payments, statements, module releases), written in the change's
 * transaction. Each row carries the digest of the previous row (a hash chain, areas/audit
 * rules.ts), so an edited or missing row is found by `npm run audit:verify`. No foreign keys: a
 * row outlives the user and the record it names.
 */
export function auditMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await tableWithId(dialect, db, 'audit_trail')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('role', 'integer')
        .addColumn('address', 'text')
        .addColumn('device', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('record_key', 'text', (c) => c.notNull())
        .addColumn('student_id', 'integer')
        .addColumn('old_value', 'text', (c) => c.notNull())
        .addColumn('new_value', 'text', (c) => c.notNull())
        .addColumn('prev_digest', 'text', (c) => c.notNull())
        .addColumn('digest', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_trail_record')
        .on('audit_trail')
        .columns(['kind', 'record_key', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_trail_student')
        .on('audit_trail')
        .columns(['student_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_trail').execute();
    },
  };
}
