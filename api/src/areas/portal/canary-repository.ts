import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CanaryUser } from './remote-registry.js';

/** What a canary rollout needs to know of a signed-in user: their faculty. */
export function createCanaryRepository(db: Kysely<Database>) {
  return {
    /**
     * The user as a canary sees them: their account and their faculty's short names (Russian,
     * Kyrgyz, English) and id, lowercase. A student's faculty is their group's, a teacher's
     * their department's.
     */
    async canaryUser(uid: number): Promise<CanaryUser> {
      const row = await db
        .selectFrom('users as u')
        .leftJoin('students as s', 's.id', 'u.student_id')
        .leftJoin('groups as g', 'g.id', 's.group_id')
        .leftJoin('specialities as sp', 'sp.id', 'g.speciality_id')
        .leftJoin('teachers as t', 't.id', 'u.teacher_id')
        .leftJoin('departments as d', 'd.id', 't.department_id')
        .leftJoin('faculties as f', (join) =>
          join.on((eb) =>
            eb.or([
              eb('f.id', '=', eb.ref('sp.faculty_id')),
              eb('f.id', '=', eb.ref('d.faculty_id')),
            ]),
          ),
        )
        .select(['f.id', 'f.short_name', 'f.short_name_kg', 'f.short_name_en'])
        .where('u.id', '=', uid)
        .executeTakeFirst();
      const names = row?.id
        ? [String(row.id), row.short_name, row.short_name_kg, row.short_name_en]
        : [];
      return {
        uid,
        faculty: names.flatMap((name) => (name ? [name.toLowerCase()] : [])),
      };
    },
  };
}

export type CanaryRepository = ReturnType<typeof createCanaryRepository>;
