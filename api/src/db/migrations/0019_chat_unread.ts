import { ROLE } from '@lms/shared/contract';
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The chat badge's count kept per person (`chat_unread`) and recomputed only once the database
 * has said it may have changed: triggers on every table the count reads (chat_messages,
 * chat_reads, teaching_assignments, students) move the `gen` of each person whose count the row
 * concerns, and a count stored for an older `gen` is recomputed on the next ask
 * (repositories/chat.ts `totalUnread`). Writes by any API process, or straight to the database,
 * invalidate alike.
 *
 * A trigger upserts the rows it moves (a person without a row gets one, count unknown): were it
 * to update only existing rows, a count first computed while the writer's transaction is still
 * open could be stored as current, the writer having found no row to move.
 *
 * On PostgreSQL a group chat's message moves the members its statement sees; a student moved into
 * the group (or an assignment to it added) by a transaction open at the same time would be
 * missed. So a change of who is in a group takes a transaction-level advisory lock on the group
 * (exclusive), and a message the same lock shared before it moves anyone: the two wait for each
 * other, and the later one sees the earlier one's rows (READ COMMITTED: each statement of the
 * trigger has a fresh snapshot). SQLite runs one writer at a time and needs no lock.
 *
 * Rows are moved students first, then teachers, each in id order, so concurrent writers lock
 * them in one order. A later migration that rebuilds one of these tables on SQLite (a table copy)
 * must create its triggers again.
 */

/** The first key of the advisory locks on groups (the second is the group id). */
const GROUP_LOCK_SPACE = 190019;

type Row = 'new' | 'old';

/** Moves one person's count; `role` and `id` are SQL expressions. */
const bumpPerson = (role: string, id: string, when = 'true') =>
  `insert into chat_unread (reader_role, reader_id) select ${role}, ${id} where ${when}
    on conflict (reader_role, reader_id) do update set gen = chat_unread.gen + 1;`;

/**
 * Moves the counts of a group chat's members: the group's students, and every teacher with an
 * assignment to the group (any discipline or semester: more than needed, never fewer).
 */
const bumpGroup = (group: string, when: string) =>
  `insert into chat_unread (reader_role, reader_id)
      select ${ROLE.student}, id from students where group_id = ${group} and ${when} order by id
      on conflict (reader_role, reader_id) do update set gen = chat_unread.gen + 1;
    insert into chat_unread (reader_role, reader_id)
      select distinct ${ROLE.teacher}, teacher_id from teaching_assignments
      where group_id = ${group} and ${when} order by 2
      on conflict (reader_role, reader_id) do update set gen = chat_unread.gen + 1;`;

interface Watched {
  table: string;
  /** The update trigger's columns (all when absent). */
  columns?: string[];
  /** The statements moving the counts the new or old row concerns. */
  bump(row: Row): string;
  /** PostgreSQL: how the trigger locks the row's group (see above); none when absent. */
  groupLock?: 'shared' | 'exclusive';
}

const WATCHED: Watched[] = [
  {
    // A personal message: its student and teacher; a group chat's (no teacher): the members.
    table: 'chat_messages',
    bump: (row) =>
      [
        bumpGroup(`${row}.group_id`, `${row}.teacher_id is null`),
        bumpPerson(String(ROLE.student), `${row}.student_id`, `${row}.student_id is not null`),
        bumpPerson(String(ROLE.teacher), `${row}.teacher_id`, `${row}.teacher_id is not null`),
      ].join('\n'),
    groupLock: 'shared',
  },
  {
    table: 'chat_reads',
    bump: (row) => bumpPerson(`${row}.reader_role`, `${row}.reader_id`),
  },
  {
    // Which group chats a teacher is in.
    table: 'teaching_assignments',
    bump: (row) => bumpPerson(String(ROLE.teacher), `${row}.teacher_id`),
    groupLock: 'exclusive',
  },
  {
    // Which group chats a student is in.
    table: 'students',
    columns: ['id', 'group_id'],
    bump: (row) => bumpPerson(String(ROLE.student), `${row}.id`),
    groupLock: 'exclusive',
  },
];

const EVENTS = ['insert', 'update', 'delete'] as const;

const triggerName = (table: string) => `${table}_chat_unread`;

/**
 * One PL/pgSQL function per table: lock the old and new rows' groups (lower id first), then move
 * the new row's counts and the old row's.
 */
function postgresFunction({ table, bump, groupLock }: Watched): string {
  const lockFunction =
    groupLock === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  const lock = groupLock
    ? `a := case when tg_op = 'INSERT' then new.group_id else old.group_id end;
       b := case when tg_op = 'DELETE' then old.group_id else new.group_id end;
       perform ${lockFunction}(${GROUP_LOCK_SPACE}, least(a, b));
       perform ${lockFunction}(${GROUP_LOCK_SPACE}, greatest(a, b));`
    : '';
  return `create function ${triggerName(table)}() returns trigger language plpgsql as $$
    declare
      a integer;
      b integer;
    begin
      ${lock}
      if tg_op <> 'DELETE' then
        ${bump('new')}
      end if;
      if tg_op <> 'INSERT' then
        ${bump('old')}
      end if;
      return null;
    end $$`;
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  for (const watched of WATCHED) {
    const name = triggerName(watched.table);
    const update = watched.columns ? `update of ${watched.columns.join(', ')}` : 'update';
    await sql.raw(postgresFunction(watched)).execute(db);
    await sql
      .raw(
        `create trigger ${name} after insert or ${update} or delete on ${watched.table}
          for each row execute function ${name}()`,
      )
      .execute(db);
  }
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const watched of WATCHED) {
    for (const event of EVENTS) {
      const on =
        event === 'update' && watched.columns ? `update of ${watched.columns.join(', ')}` : event;
      const body =
        event === 'update'
          ? `${watched.bump('new')}\n${watched.bump('old')}`
          : watched.bump(event === 'insert' ? 'new' : 'old');
      await sql
        .raw(
          `create trigger ${triggerName(watched.table)}_${event} after ${on} on ${watched.table}
            begin
              ${body}
            end`,
        )
        .execute(db);
    }
  }
}

export function chatUnreadMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await db.schema
        .createTable('chat_unread')
        .addColumn('reader_role', 'integer', (c) => c.notNull())
        .addColumn('reader_id', 'integer', (c) => c.notNull())
        .addColumn('gen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer')
        .addColumn('total_gen', 'integer')
        .addPrimaryKeyConstraint('chat_unread_pk', ['reader_role', 'reader_id'])
        .execute();
      if (dialect === 'postgres') await createPostgresTriggers(db);
      else await createSqliteTriggers(db);
    },
    async down(db) {
      for (const { table } of WATCHED) {
        const name = triggerName(table);
        if (dialect === 'postgres') {
          await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
          await sql.raw(`drop function if exists ${name}()`).execute(db);
        } else {
          for (const event of EVENTS) {
            await sql.raw(`drop trigger if exists ${name}_${event}`).execute(db);
          }
        }
      }
      await db.schema.dropTable('chat_unread').execute();
    },
  };
}
