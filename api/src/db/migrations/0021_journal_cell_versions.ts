import { sql, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A version per journal cell, so two devices writing one cell cannot both be told "saved": a
 * write names the version it was based on (0 for a cell not yet written) and is refused when the
 * cell has moved since. The teacher's writes move it themselves (`version = version + 1`); a
 * trigger moves it for every other update that leaves it as it was (QR check-ins, writes straight
 * to the database), so no writer can change a cell behind a version a client holds.
 */
export function journalCellVersionsMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await db.schema
        .alterTable('journal_marks')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      if (dialect === 'postgres') {
        await sql`create function bump_journal_mark_version() returns trigger language plpgsql as $$
          begin
            if new.version = old.version then
              new.version := old.version + 1;
            end if;
            return new;
          end $$`.execute(db);
        await sql`create trigger journal_mark_version before update on journal_marks
          for each row execute function bump_journal_mark_version()`.execute(db);
      } else {
        await sql`create trigger journal_mark_version after update on journal_marks
          when new.version = old.version
          begin
            update journal_marks set version = old.version + 1
              where lesson_id = new.lesson_id and student_id = new.student_id;
          end`.execute(db);
      }
    },
    async down(db) {
      await sql`drop trigger if exists journal_mark_version ${sql.raw(
        dialect === 'postgres' ? 'on journal_marks' : '',
      )}`.execute(db);
      if (dialect === 'postgres') {
        await sql`drop function if exists bump_journal_mark_version()`.execute(db);
      }
      await db.schema.alterTable('journal_marks').dropColumn('version').execute();
    },
  };
}
