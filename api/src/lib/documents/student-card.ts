import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { studentsWithPlace } from '../../db/students.js';
import { localized, type Language } from '../catalogue-names.js';
import type { StudentCard } from './issue.js';

/**
 * The student as the documents the portal issues name them (a transcript, a certificate of
 * study): name, birth date, group, speciality and faculty in the reader's language.
 */
export async function readStudentCard(
  db: Kysely<Database>,
  lng: Language,
  studentId: number,
): Promise<StudentCard | undefined> {
  const row = await studentsWithPlace(db)
    .select([
      's.id',
      'p.full_name',
      'p.birth_date',
      'g.id as group_id',
      localized(lng, 'g.name').as('group_name'),
      'g.admission_year',
      'sp.code as speciality_code',
      localized(lng, 'sp.name').as('speciality'),
      localized(lng, 'f.name').as('faculty'),
    ])
    .where('s.id', '=', studentId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    studentId: row.id,
    fio: row.full_name,
    birthDate: row.birth_date,
    groupId: row.group_id,
    group: row.group_name,
    admissionYear: row.admission_year,
    speciality: `${row.speciality_code} ${row.speciality}`,
    faculty: row.faculty,
  };
}
