import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Students with where they study: their person (`p`), group (`g`), speciality (`sp`) and faculty
 * (`f`) joined to `s`, as the profile, the transcript and the registrar's search read them.
 */
export function studentsWithPlace(db: Kysely<Database>) {
  return db
    .selectFrom('students as s')
    .innerJoin('persons as p', 'p.id', 's.person_id')
    .innerJoin('groups as g', 'g.id', 's.group_id')
    .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
    .innerJoin('faculties as f', 'f.id', 'sp.faculty_id');
}
