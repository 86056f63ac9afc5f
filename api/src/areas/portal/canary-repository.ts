import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A user's faculty: its id and its short names (Russian, Kyrgyz, English); null without one. */
export interface CanaryFacultyRow {
  id: number | null;
  short_name: string | null;
  short_name_kg: string | null;
  short_name_en: string | null;
}

/** What a canary rollout needs to know of a signed-in user: their faculty. */
export function createCanaryRepository(db: Kysely<Database>) {
  return {
    /**
     * The user's faculty (canary.ts `canaryUser`): a student's is their group's, a teacher's
     * their department's. undefined for an account that does not exist.
     */
    async faculty(uid: number): Promise<CanaryFacultyRow | undefined> {
      return db
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
    },
  };
}

export type CanaryRepository = ReturnType<typeof createCanaryRepository>;
