import { sql, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The student directory's version (`data_versions` row `students`), moved by the database on
 * every change of what the registrar's student search shows or matches: a student's name, their
 * group, the group's names and faculty, the faculty's names. Each API process keeps the
 * directory folded for search and reads it again only when the version has moved
 * (areas/registration/student-directory.ts), so a search is one read by key, not every student.
 */
const WATCHED: ReadonlyArray<{ table: string; events: readonly string[] }> = [
  // A person is in the directory through their student row; only their name is shown.
  { table: 'persons', events: ['update of full_name', 'delete'] },
  { table: 'students', events: ['insert', 'update', 'delete'] },
  // A new group has no students yet.
  { table: 'groups', events: ['update', 'delete'] },
  { table: 'specialities', events: ['update of faculty_id', 'delete'] },
  { table: 'faculties', events: ['update', 'delete'] },
];

const BUMP = sql`update data_versions set version = version + 1 where name = 'students'`;
const triggerName = (table: string, event: string) =>
  `${table}_students_version_${event.split(' ')[0]}`;

export function studentDirectoryVersionMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await db.insertInto('data_versions').values({ name: 'students', version: 0 }).execute();
      if (dialect === 'postgres') {
        await sql`create function bump_students_version() returns trigger language plpgsql as $$
          begin
            ${BUMP};
            return null;
          end $$`.execute(db);
        for (const { table, events } of WATCHED) {
          await sql`create trigger ${sql.id(`${table}_students_version`)}
            after ${sql.raw(events.join(' or '))} on ${sql.table(table)}
            for each statement execute function bump_students_version()`.execute(db);
        }
      } else {
        for (const { table, events } of WATCHED) {
          for (const event of events) {
            await sql`create trigger ${sql.id(triggerName(table, event))}
              after ${sql.raw(event)} on ${sql.table(table)}
              begin ${BUMP}; end`.execute(db);
          }
        }
      }
    },
    async down(db) {
      for (const { table, events } of WATCHED) {
        if (dialect === 'postgres') {
          await sql`drop trigger if exists ${sql.id(`${table}_students_version`)}
            on ${sql.table(table)}`.execute(db);
        } else {
          for (const event of events) {
            await sql`drop trigger if exists ${sql.id(triggerName(table, event))}`.execute(db);
          }
        }
      }
      if (dialect === 'postgres') {
        await sql`drop function if exists bump_students_version()`.execute(db);
      }
      await db.deleteFrom('data_versions').where('name', '=', 'students').execute();
    },
  };
}
