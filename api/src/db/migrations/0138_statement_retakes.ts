import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { inTransaction, tableWithId } from './dialect.js';

/**
 * Retake sheets (areas/statements): a confirmed statement never changes; a retake or a correction
 * is an additional statement for ONE student of it (`retake_of`: the original statement,
 * `retake_student_id`: the student). The one-sheet-per-discipline × group × year × ws × form
 * uniqueness now holds for original statements only (a partial unique index), and a student has at
 * most one retake sheet under way (draft or signed) per original. PostgreSQL drops the old
 * constraint; SQLite cannot drop a table constraint and rebuilds the table with the foreign keys
 * off for the swap (statement_lines and transcript_grades refer to it by name, so their references
 * hold again once the copy takes the name).
 */

const OLD_COLUMNS = [
  'id',
  'discipline_id',
  'group_id',
  'teacher_id',
  'year_id',
  'ws_id',
  'study_semester',
  'credits',
  'control_form',
  'state',
  'deadline',
  'digest',
  'signature',
  'signed_at',
  'signed_by',
  'confirmed_at',
  'confirmed_by',
  'locked_at',
  'created_at',
  'updated_at',
  'sign_credential',
  'sign_public_key',
  'sign_assertion',
];

/** The statements table as migrations 0040 and 0131 left it, with or without the retakes. */
async function createStatementsTable(db: Kysely<unknown>, name: string, retakes: boolean) {
  let table = tableWithId('sqlite', db, name)
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
    .addColumn('sign_credential', 'text')
    .addColumn('sign_public_key', 'text')
    .addColumn('sign_assertion', 'text');
  if (retakes) {
    table = table
      .addColumn('retake_of', 'integer', (c) => c.references('statements.id'))
      .addColumn('retake_student_id', 'integer', (c) => c.references('students.id'));
  } else {
    table = table.addUniqueConstraint('statements_sheet_uq', [
      'discipline_id',
      'group_id',
      'year_id',
      'ws_id',
      'control_form',
    ]);
  }
  await table.execute();
}

async function retakeIndexes(db: Kysely<unknown>) {
  await db.schema
    .createIndex('statements_sheet_uq')
    .on('statements')
    .columns(['discipline_id', 'group_id', 'year_id', 'ws_id', 'control_form'])
    .unique()
    .where(sql.ref('retake_of'), 'is', null)
    .execute();
  await db.schema
    .createIndex('statements_retake_open_uq')
    .on('statements')
    .columns(['retake_of', 'retake_student_id'])
    .unique()
    .where(sql<boolean>`retake_of is not null and state in ('draft', 'signed')`)
    .execute();
  await db.schema
    .createIndex('statements_retake_idx')
    .on('statements')
    .columns(['retake_of', 'state'])
    .execute();
}

/** SQLite: the table copied under the new shape (`retakes`: with this migration's columns). */
async function rebuildSqlite(db: Kysely<unknown>, retakes: boolean) {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await inTransaction('sqlite', db, async (trx) => {
      await createStatementsTable(trx, 'statements_new', retakes);
      const columns = sql.join(OLD_COLUMNS.map((c) => sql.id(c)));
      await sql`insert into statements_new (${columns})
        select ${columns} from statements`.execute(trx);
      await trx.schema.dropTable('statements').execute();
      await sql`alter table statements_new rename to statements`.execute(trx);
      await trx.schema
        .createIndex('statements_teacher_idx')
        .on('statements')
        .columns(['teacher_id', 'state'])
        .execute();
      if (retakes) await retakeIndexes(trx);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export function statementRetakesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await rebuildSqlite(db, true);
        return;
      }
      await db.schema
        .alterTable('statements')
        .addColumn('retake_of', 'integer', (c) => c.references('statements.id'))
        .execute();
      await db.schema
        .alterTable('statements')
        .addColumn('retake_student_id', 'integer', (c) => c.references('students.id'))
        .execute();
      await sql`alter table statements drop constraint statements_sheet_uq`.execute(db);
      await retakeIndexes(db);
    },
    async down(db: Kysely<unknown>) {
      // The retake sheets go (their grades stay in the record as last written).
      await sql`update transcript_grades set statement_id = null
        where statement_id in (select id from statements where retake_of is not null)`.execute(db);
      await sql`delete from statements where retake_of is not null`.execute(db);
      if (dialect === 'sqlite') {
        await rebuildSqlite(db, false);
        return;
      }
      await db.schema.dropIndex('statements_retake_idx').execute();
      await db.schema.dropIndex('statements_retake_open_uq').execute();
      await db.schema.dropIndex('statements_sheet_uq').execute();
      await db.schema.alterTable('statements').dropColumn('retake_student_id').execute();
      await db.schema.alterTable('statements').dropColumn('retake_of').execute();
      await sql`alter table statements add constraint statements_sheet_uq
        unique (discipline_id, group_id, year_id, ws_id, control_form)`.execute(db);
    },
  };
}
