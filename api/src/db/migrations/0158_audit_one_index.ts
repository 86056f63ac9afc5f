import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The audit trail with one index instead of two. Its reads are a student's changes and one
 * journal cell's changes (a cell's key names its student), so one partial index on
 * (student_id, kind, record_key, id) over the rows that concern a student answers both; the
 * rows of no student (topics, releases, roles) are read only in the chain's order (the id).
 * An audited write then updates the table and at most one index, not two.
 */
export function auditOneIndexMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('audit_trail_record').execute();
      await db.schema.dropIndex('audit_trail_student').execute();
      await db.schema
        .createIndex('audit_trail_student_record')
        .on('audit_trail')
        .columns(['student_id', 'kind', 'record_key', 'id'])
        .where(sql.ref('student_id'), 'is not', null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('audit_trail_student_record').execute();
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
  };
}
