import { ROLE } from '@lms/shared/contract';
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The chat badge's count kept per person (`chat_unread`) and recomputed only once the database
 * has said it may have changed: triggers on every table the count reads (chat_messages,
 * chat_reads, teaching_assignments, students) move the `gen` of each person whose count a changed
 * row concerns, and a count stored for an older `gen` is recomputed on the next ask
 * (repositories/chat.ts `totalUnread`). Writes by any API process, or straight to the database,
 * invalidate alike.
 *
 * A trigger upserts the rows it moves (a person without a row gets one, count unknown): were it
 * to update only existing rows, a count first computed while the writer's transaction is still
 * open could be stored as current, the writer having found no row to move.
 *
 * PostgreSQL, where writers run concurrently:
 * - The triggers are per statement (transition tables), so a statement's foreign key checks
 *   (row locks on the rows it references) are all taken before it locks any `chat_unread` row,
 *   and all the persons it moves are moved in one upsert, students first, then teachers, each in
 *   id order: concurrent writers lock them in one order and do not deadlock.
 * - A group chat's message moves the members its statement sees; a student moved into the group
 *   (or an assignment to it added) by a transaction open at the same time would be missed. So a
 *   change of who is in a group takes a transaction-level advisory lock on the group (exclusive),
 *   and a message the same lock shared before it moves anyone: the two wait for each other, and
 *   the later one sees the earlier one's rows (READ COMMITTED: each statement of the trigger
 *   function has a fresh snapshot).
 *
 * SQLite runs one writer at a time: plain row triggers, no locks. A later migration that rebuilds
 * one of these tables on SQLite (a table copy) must create its triggers again.
 */

/** The first key of the advisory locks on groups (the second is the group id). */
const GROUP_LOCK_SPACE = 190019;

interface Watched {
  table: string;
  /** The columns the persons query reads (SQLite passes a row as a one-row relation of them). */
  columns: string[];
  /**
   * SQLite: the update trigger's columns (all when absent). PostgreSQL allows no column list with
   * transition tables, so there any update moves the counts.
   */
  updateOf?: string[];
  /**
   * `select … as reader_role, … as reader_id`: the persons whose counts changed rows concern, given the
   * rows as a relation (`rows`, an SQL table expression). Null ids are skipped by the caller.
   */
  persons(rows: string): string;
  /** PostgreSQL: how a change locks the rows' groups (see above); none when absent. */
  groupLock?: 'shared' | 'exclusive';
}

const WATCHED: Watched[] = [
  {
    // A personal message: its student and teacher. A group chat's (no teacher): the group's
    // students and every teacher with an assignment to the group (any discipline or semester:
    // more than needed, never fewer).
    table: 'chat_messages',
    columns: ['group_id', 'teacher_id', 'student_id'],
    persons: (rows) => `
      select ${ROLE.student} as reader_role, s.id as reader_id
        from ${rows} r join students s on s.group_id = r.group_id where r.teacher_id is null
      union all
      select ${ROLE.teacher}, a.teacher_id
        from ${rows} r join teaching_assignments a on a.group_id = r.group_id
        where r.teacher_id is null
      union all select ${ROLE.student}, r.student_id from ${rows} r
      union all select ${ROLE.teacher}, r.teacher_id from ${rows} r`,
    groupLock: 'shared',
  },
  {
    // The reader. A read mark deleted with its message (cascade) moves nothing: the message's
    // trigger moves everyone whose count had it.
    table: 'chat_reads',
    columns: ['message_id', 'reader_role', 'reader_id'],
    persons: (rows) => `
      select r.reader_role as reader_role, r.reader_id as reader_id from ${rows} r
        where exists (select 1 from chat_messages m where m.id = r.message_id)`,
  },
  {
    // Which group chats a teacher is in.
    table: 'teaching_assignments',
    columns: ['group_id', 'teacher_id'],
    persons: (rows) =>
      `select ${ROLE.teacher} as reader_role, r.teacher_id as reader_id from ${rows} r`,
    groupLock: 'exclusive',
  },
  {
    // Which group chats a student is in.
    table: 'students',
    columns: ['group_id', 'id'],
    updateOf: ['id', 'group_id'],
    persons: (rows) => `select ${ROLE.student} as reader_role, r.id as reader_id from ${rows} r`,
    groupLock: 'exclusive',
  },
];

/** Moves (or creates) the rows of the persons `persons` selects, students first, in id order. */
const bumpAll = (persons: string) =>
  `insert into chat_unread (reader_role, reader_id)
    select distinct reader_role, reader_id from (${persons}) p
    where reader_id is not null order by reader_role desc, reader_id
    on conflict (reader_role, reader_id) do update set gen = chat_unread.gen + 1;`;

const EVENTS = ['insert', 'update', 'delete'] as const;
type Event = (typeof EVENTS)[number];

const triggerName = (table: string, event: Event) => `${table}_chat_unread_${event}`;

/** The transition tables a statement trigger on `event` has. */
const transitionTables = (event: Event) =>
  event === 'insert' ? ['new_rows'] : event === 'delete' ? ['old_rows'] : ['new_rows', 'old_rows'];

/** PL/pgSQL: lock the changed rows' groups (in id order), then move everyone concerned. */
function postgresFunction(watched: Watched, event: Event): string {
  const tables = transitionTables(event);
  const rows = `(${tables.map((table) => `select ${watched.columns.join(', ')} from ${table}`).join(' union all ')})`;
  const lockFunction =
    watched.groupLock === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  const lock = watched.groupLock
    ? `for g in select distinct r.group_id from ${rows} r order by 1 loop
         perform ${lockFunction}(${GROUP_LOCK_SPACE}, g);
       end loop;`
    : '';
  return `create function ${triggerName(watched.table, event)}() returns trigger
    language plpgsql as $$
    declare
      g integer;
    begin
      ${lock}
      ${bumpAll(watched.persons(rows))}
      return null;
    end $$`;
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  for (const watched of WATCHED) {
    for (const event of EVENTS) {
      const name = triggerName(watched.table, event);
      const referencing = transitionTables(event)
        .map((table) => `${table === 'new_rows' ? 'new' : 'old'} table as ${table}`)
        .join(' ');
      await sql.raw(postgresFunction(watched, event)).execute(db);
      await sql
        .raw(
          `create trigger ${name} after ${event} on ${watched.table} referencing ${referencing}
            for each statement execute function ${name}()`,
        )
        .execute(db);
    }
  }
}

/** SQLite: a row trigger per event; the row (new, old or both) as a relation of its columns. */
async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const watched of WATCHED) {
    for (const event of EVENTS) {
      const on =
        event === 'update' && watched.updateOf ? `update of ${watched.updateOf.join(', ')}` : event;
      const sides = event === 'insert' ? ['new'] : event === 'delete' ? ['old'] : ['new', 'old'];
      const rows = `(${sides
        .map((side) => `select ${watched.columns.map((c) => `${side}.${c} as ${c}`).join(', ')}`)
        .join(' union all ')})`;
      await sql
        .raw(
          `create trigger ${triggerName(watched.table, event)} after ${on} on ${watched.table}
            begin
              ${bumpAll(watched.persons(rows))}
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
        for (const event of EVENTS) {
          const name = triggerName(table, event);
          if (dialect === 'postgres') {
            await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
            await sql.raw(`drop function if exists ${name}()`).execute(db);
          } else {
            await sql.raw(`drop trigger if exists ${name}`).execute(db);
          }
        }
      }
      await db.schema.dropTable('chat_unread').execute();
    },
  };
}
