import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * The electronic statement (areas/statements): one row per discipline × group × year × ws × form
 * of control (the unique index holds it), its lines (a student's exam points and, from signing
 * on, the frozen current score and admission), and on `transcript_grades` the statement whose
 * confirmation wrote the grade (null for grades older than statements).
 */
export function statementsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await tableWithId(dialect, db, 'statements')
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
        .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id'))
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('ws_id', 'integer', (c) => c.notNull().references('ws.id'))
        .addColumn('study_semester', 'integer', (c) => c.notNull())
        .addColumn('credits', 'integer', (c) => c.notNull())
        .addColumn('control_form', 'text', (c) =>
          c.notNull().check(sql`control_form in ('exam', 'credit')`),
        )
        .addColumn('state', 'text', (c) =>
          c.notNull().check(sql`state in ('draft', 'signed', 'confirmed', 'locked')`),
        )
        .addColumn('deadline', 'bigint', (c) => c.notNull())
        .addColumn('digest', 'text')
        .addColumn('signature', 'text')
        .addColumn('signed_at', 'bigint')
        .addColumn('signed_by', 'integer', (c) => c.references('users.id'))
        .addColumn('confirmed_at', 'bigint')
        .addColumn('confirmed_by', 'integer', (c) => c.references('users.id'))
        .addColumn('locked_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('statements_sheet_uq', [
          'discipline_id',
          'group_id',
          'year_id',
          'ws_id',
          'control_form',
        ])
        .execute();
      await db.schema
        .createIndex('statements_teacher_idx')
        .on('statements')
        .columns(['teacher_id', 'state'])
        .execute();
      await db.schema
        .createTable('statement_lines')
        .addColumn('statement_id', 'integer', (c) =>
          c.notNull().references('statements.id').onDelete('cascade'),
        )
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
        .addColumn('exam', 'integer', (c) => c.check(sql`exam between 0 and 40`))
        .addColumn('current', 'integer')
        .addColumn('attendance', 'real')
        .addColumn('admitted', 'integer')
        .addColumn('reason', 'text')
        .addColumn('final', 'integer')
        .addPrimaryKeyConstraint('statement_lines_pk', ['statement_id', 'student_id'])
        .execute();
      await db.schema
        .alterTable('transcript_grades')
        .addColumn('statement_id', 'integer', (c) => c.references('statements.id'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('transcript_grades').dropColumn('statement_id').execute();
      await db.schema.dropTable('statement_lines').execute();
      await db.schema.dropTable('statements').execute();
    },
  };
}
