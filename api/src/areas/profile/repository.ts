import {
  type Faculty,
  type PhotoResponse,
  type ProfileData,
  type SessionUser,
  ROLE,
} from '@lms/shared/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PersonTable } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import { studentsWithPlace } from '../../db/students.js';

type PersonRow = Pick<
  Selectable<PersonTable>,
  | 'full_name'
  | 'gender'
  | 'birth_date'
  | 'nationality'
  | 'citizenship'
  | 'inn'
  | 'phone'
  | 'education'
>;

/** The profile screen's personal data (spec §2), the same for teachers and students. */
function personalData(row: PersonRow) {
  return {
    fullName: row.full_name,
    gender: row.gender,
    birthDate: row.birth_date,
    nationality: row.nationality,
    citizenship: row.citizenship,
    inn: row.inn,
    phone: row.phone,
    education: row.education,
  };
}

export function createPeopleRepository(db: Kysely<Database>) {
  /** In the request's language: built per query (lib/catalogue-names.ts). */
  const personColumns = (lng: Language) =>
    [
      'p.full_name',
      'p.gender',
      'p.birth_date',
      localized<string | null>(lng, 'p.nationality').as('nationality'),
      localized<string | null>(lng, 'p.citizenship').as('citizenship'),
      'p.inn',
      'p.phone',
      localized<string | null>(lng, 'p.education').as('education'),
    ] as const;

  return {
    async profile(lng: Language, user: SessionUser): Promise<ProfileData | undefined> {
      const base = { uid: user.uid, id: user.id, role: user.role };
      if (user.role === ROLE.teacher) {
        const row = await db
          .selectFrom('teachers as t')
          .innerJoin('persons as p', 'p.id', 't.person_id')
          .innerJoin('departments as d', 'd.id', 't.department_id')
          .innerJoin('faculties as f', 'f.id', 'd.faculty_id')
          .select([
            ...personColumns(lng),
            localized(lng, 't.position').as('position'),
            localized(lng, 'd.name').as('department'),
            localized(lng, 'f.name').as('faculty'),
          ])
          .where('t.id', '=', user.id)
          .executeTakeFirst();
        return (
          row && {
            ...base,
            ...personalData(row),
            group: null,
            speciality: null,
            faculty: row.faculty,
            position: row.position,
            department: row.department,
          }
        );
      }
      const row = await studentsWithPlace(db)
        .select([
          ...personColumns(lng),
          localized(lng, 'g.name').as('group'),
          localized(lng, 'sp.name').as('speciality'),
          localized(lng, 'f.name').as('faculty'),
        ])
        .where('s.id', '=', user.id)
        .executeTakeFirst();
      return (
        row && {
          ...base,
          ...personalData(row),
          group: row.group,
          speciality: row.speciality,
          faculty: row.faculty,
          position: null,
          department: null,
        }
      );
    },

    async photo(user: SessionUser): Promise<PhotoResponse> {
      const query =
        user.role === ROLE.teacher
          ? db.selectFrom('teachers as x').where('x.id', '=', user.id)
          : db.selectFrom('students as x').where('x.id', '=', user.id);
      const row = await query
        .innerJoin('persons as p', 'p.id', 'x.person_id')
        .innerJoin('photos as ph', 'ph.id', 'p.photo_id')
        .select(['ph.mime', 'ph.bytes'])
        .executeTakeFirst();
      return row
        ? { photo: Buffer.from(row.bytes).toString('base64'), mime: row.mime }
        : { photo: null, mime: null };
    },

    async position(
      lng: Language,
      teacherId: number,
    ): Promise<{ position: string; department: string } | undefined> {
      return db
        .selectFrom('teachers as t')
        .innerJoin('departments as d', 'd.id', 't.department_id')
        .select([
          localized(lng, 't.position').as('position'),
          localized(lng, 'd.name').as('department'),
        ])
        .where('t.id', '=', teacherId)
        .executeTakeFirst();
    },

    /** Teachers may address every faculty (news audience); a student only their own. */
    async facultiesFor(lng: Language, user: SessionUser): Promise<Faculty[]> {
      let query = db
        .selectFrom('faculties as f')
        .select(['f.id as id_faculty', localized(lng, 'f.name').as('name')])
        .orderBy('name');
      if (user.role === ROLE.student) {
        query = query
          .innerJoin('specialities as sp', 'sp.faculty_id', 'f.id')
          .innerJoin('groups as g', 'g.speciality_id', 'sp.id')
          .innerJoin('students as s', 's.group_id', 'g.id')
          .where('s.id', '=', user.id);
      }
      return query.execute();
    },
  };
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
