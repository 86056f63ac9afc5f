import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * Course evaluations (docs/security.md "Course evaluations: unlinkable by construction").
 *
 * - `questionnaires` and `questionnaire_items`: what the office wrote (texts as JSON {kg,ru,en});
 *   opening one sets its semester, dates and threshold.
 * - `questionnaire_targets`: each discipline × teacher it was opened for.
 * - `questionnaire_respondents`: WHO answered, (target, student) and nothing else: no id, no time.
 *   Its primary key makes one answer per student × target, whatever two tabs do.
 * - `questionnaire_sealed`: an answer as it arrives, encrypted with a key kept outside the
 *   database (<dataDir>/questionnaire-key), under a random id and no time.
 * - `questionnaire_answers`: WHAT was answered, written only in batches of at least the
 *   threshold, in an order and under ids that follow the answers' content, never their arrival,
 *   with the batch's day only. No column names a student or a respondent row.
 */
export function questionnairesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await tableWithId(dialect, db, 'questionnaires')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('year_id', 'integer')
        .addColumn('ws_id', 'integer')
        .addColumn('opens_on', 'text')
        .addColumn('closes_on', 'text')
        .addColumn('min_answers', 'integer', (c) => c.notNull())
        .execute();
      await tableWithId(dialect, db, 'questionnaire_items')
        .addColumn('questionnaire_id', 'integer', (c) =>
          c.notNull().references('questionnaires.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .execute();
      await tableWithId(dialect, db, 'questionnaire_targets')
        .addColumn('questionnaire_id', 'integer', (c) =>
          c.notNull().references('questionnaires.id').onDelete('cascade'),
        )
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id'))
        .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id'))
        .addUniqueConstraint('questionnaire_targets_once', [
          'questionnaire_id',
          'discipline_id',
          'teacher_id',
        ])
        .execute();
      await db.schema
        .createTable('questionnaire_respondents')
        .addColumn('target_id', 'integer', (c) =>
          c.notNull().references('questionnaire_targets.id').onDelete('cascade'),
        )
        .addColumn('student_id', 'integer', (c) =>
          c.notNull().references('students.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('questionnaire_respondents_pk', ['target_id', 'student_id'])
        .execute();
      await db.schema
        .createTable('questionnaire_sealed')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('target_id', 'integer', (c) =>
          c.notNull().references('questionnaire_targets.id').onDelete('cascade'),
        )
        .addColumn('sealed', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('questionnaire_answers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('target_id', 'integer', (c) =>
          c.notNull().references('questionnaire_targets.id').onDelete('cascade'),
        )
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'questionnaire_answers',
        'questionnaire_sealed',
        'questionnaire_respondents',
        'questionnaire_targets',
        'questionnaire_items',
        'questionnaires',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
