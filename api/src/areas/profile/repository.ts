import { type SessionUser, ROLE } from '@lms/shared/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PersonTable } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import { studentsWithPlace } from '../../db/students.js';

/** A person's own columns (the catalogue ones in the reader's language). */
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

/** A teacher's or a student's card: the person, and where they work or study (wire.ts). */
export type ProfileRow = PersonRow & {
  group: string | null;
  speciality: string | null;
  faculty: string;
  position: string | null;
  department: string | null;
};

/** A person's photo as stored. */
export interface PhotoRow {
  mime: string;
  bytes: Uint8Array;
}

/** A teacher's position and department, in the reader's language. */
export interface PositionRow {
  position: string;
  department: string;
}

/** A faculty, named in the reader's language. */
export interface FacultyRow {
  id: number;
  name: string;
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
    async profile(lng: Language, user: SessionUser): Promise<ProfileRow | undefined> {
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
        return row && { ...row, group: null, speciality: null };
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
      return row && { ...row, position: null, department: null };
    },

    async photo(user: SessionUser): Promise<PhotoRow | undefined> {
      const query =
        user.role === ROLE.teacher
          ? db.selectFrom('teachers as x').where('x.id', '=', user.id)
          : db.selectFrom('students as x').where('x.id', '=', user.id);
      return query
        .innerJoin('persons as p', 'p.id', 'x.person_id')
        .innerJoin('photos as ph', 'ph.id', 'p.photo_id')
        .select(['ph.mime', 'ph.bytes'])
        .executeTakeFirst();
    },

    async position(lng: Language, teacherId: number): Promise<PositionRow | undefined> {
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
    async facultiesFor(lng: Language, user: SessionUser): Promise<FacultyRow[]> {
      let query = db
        .selectFrom('faculties as f')
        .select(['f.id', localized(lng, 'f.name').as('name')])
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
