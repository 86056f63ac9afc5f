import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { binaryType, tableWithId } from './dialect.js';

/**
 * The academic core: faculties, departments, specialities, groups, people, accounts, the
 * calendar, disciplines and who teaches them to whom, sessions, sign-in throttling, links.
 */
export function academicCoreMigration(dialect: Dialect): Migration {
  const binary = binaryType(dialect);
  const table = (db: Kysely<unknown>, name: string) => tableWithId(dialect, db, name);
  return {
    async up(db) {
      await table(db, 'faculties')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('short_name', 'text', (c) => c.notNull())
        .execute();
      await table(db, 'departments')
        .addColumn('faculty_id', 'integer', (c) => c.notNull().references('faculties.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await table(db, 'specialities')
        .addColumn('faculty_id', 'integer', (c) => c.notNull().references('faculties.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await table(db, 'groups')
        .addColumn('speciality_id', 'integer', (c) => c.notNull().references('specialities.id'))
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('admission_year', 'integer', (c) => c.notNull())
        .execute();
      await table(db, 'subgroups')
        .addColumn('group_id', 'integer', (c) =>
          c.notNull().references('groups.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await table(db, 'photos')
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('bytes', binary, (c) => c.notNull())
        .execute();
      await table(db, 'persons')
        .addColumn('full_name', 'text', (c) => c.notNull())
        .addColumn('gender', 'text', (c) => c.check(sql`gender in ('male', 'female')`))
        .addColumn('birth_date', 'text')
        .addColumn('nationality', 'text')
        .addColumn('citizenship', 'text')
        .addColumn('inn', 'text')
        .addColumn('phone', 'text')
        .addColumn('education', 'text')
        .addColumn('photo_id', 'integer', (c) => c.references('photos.id').onDelete('set null'))
        .execute();
      await table(db, 'teachers')
        .addColumn('person_id', 'integer', (c) => c.notNull().unique().references('persons.id'))
        .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
        .addColumn('position', 'text', (c) => c.notNull())
        .execute();
      await table(db, 'students')
        .addColumn('person_id', 'integer', (c) => c.notNull().unique().references('persons.id'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
        .addColumn('subgroup_id', 'integer', (c) => c.references('subgroups.id'))
        .execute();
      await db.schema.createIndex('students_group_idx').on('students').column('group_id').execute();
      await table(db, 'users')
        .addColumn('login', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'integer', (c) => c.notNull().check(sql`role in (1, 2)`))
        .addColumn('must_change_credentials', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('news_perms', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('teacher_id', 'integer', (c) => c.unique().references('teachers.id'))
        .addColumn('student_id', 'integer', (c) => c.unique().references('students.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint(
          'users_person_check',
          sql`(role = 1 and teacher_id is not null and student_id is null) or (role = 2 and student_id is not null and teacher_id is null)`,
        )
        .execute();
      await db.schema
        .createTable('academic_years')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ws')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await table(db, 'disciplines')
        .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('lesson_types')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await table(db, 'teaching_assignments')
        .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id'))
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
        .addColumn('subgroup_id', 'integer', (c) => c.references('subgroups.id'))
        .addColumn('lesson_type_id', 'integer', (c) => c.notNull().references('lesson_types.id'))
        .addColumn('year_id', 'integer', (c) => c.notNull().references('academic_years.id'))
        .addColumn('ws_id', 'integer', (c) => c.notNull().references('ws.id'))
        .addColumn('study_semester', 'integer', (c) => c.notNull())
        .addColumn('credits', 'integer', (c) => c.notNull())
        .addColumn('is_elective', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('assignments_teacher_idx')
        .on('teaching_assignments')
        .columns(['teacher_id', 'year_id', 'ws_id'])
        .execute();
      await db.schema
        .createIndex('assignments_group_idx')
        .on('teaching_assignments')
        .columns(['group_id', 'year_id', 'ws_id'])
        .execute();
      await table(db, 'sessions')
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
      await table(db, 'login_failures')
        .addColumn('login', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('failed_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_login_idx')
        .on('login_failures')
        .columns(['login', 'failed_at'])
        .execute();
      await db.schema
        .createIndex('login_failures_address_idx')
        .on('login_failures')
        .columns(['address', 'failed_at'])
        .execute();
      await table(db, 'useful_links')
        .addColumn('role', 'integer')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db) {
      for (const name of [
        'useful_links',
        'login_failures',
        'sessions',
        'teaching_assignments',
        'lesson_types',
        'disciplines',
        'ws',
        'academic_years',
        'users',
        'students',
        'teachers',
        'persons',
        'photos',
        'subgroups',
        'groups',
        'specialities',
        'departments',
        'faculties',
      ]) {
        await db.schema.dropTable(name).execute();
      }
    },
  };
}
