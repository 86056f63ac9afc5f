import type { ByTypeTeacher, RegTeacher } from '@lms/shared/contract';
import { sql, type Kysely } from 'kysely';
import { createAccessRepository } from '../../access/index.js';
import { statement } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import { offeredStreams, offeredTo, planQuery, streamsWithNames } from './queries.js';
import type {
  DisciplineCredits,
  SemesterLoad,
  Seats,
  StreamKey,
  StudentPlace,
  Term,
  Window,
} from './rules.js';
import { createTeacherStreamsRepository } from './teacher-repository.js';

/**
 * Discipline registration's reads: the student's place, the plan, windows, streams and their
 * seats, registrations. Built on a database or on a transaction (the service reads what its rules
 * need inside the write's transaction).
 */
export function createRegistrationReads(db: Kysely<Database>) {
  /**
   * The disciplines the student studies in the semester (the lessons the access module says they
   * attend), each with its credits: the part of the load no registration write changes.
   */
  const studiedLoad = async (student: StudentPlace, term: Term): Promise<DisciplineCredits[]> => {
    const rows = await createAccessRepository(db)
      .assignments({
        kind: 'student',
        studentId: student.studentId,
        groupId: student.groupId,
        subgroupId: student.subgroupId,
      })
      .select((eb) => ['a.discipline_id', eb.fn.max('a.credits').as('credits')])
      .where('a.year_id', '=', term.yearId)
      .where('a.ws_id', '=', term.ws)
      .groupBy('a.discipline_id')
      .execute();
    return rows.map((row) => ({ disciplineId: row.discipline_id, credits: Number(row.credits) }));
  };

  /** The student's registrations of the semester (id, discipline, credits made with). */
  const registeredLoad = async (
    studentId: number,
    term: Term,
  ): Promise<(DisciplineCredits & { id: number })[]> => {
    const rows = await registeredRows(db, studentId, term.yearId, term.ws);
    return rows.map((row) => ({
      id: row.id,
      disciplineId: row.discipline_id,
      credits: Number(row.credits),
    }));
  };

  return {
    /** The student's group, subgroup and faculty; undefined for an unknown student. */
    async studentPlace(studentId: number): Promise<StudentPlace | undefined> {
      const [row] = await studentPlaceRow(db, studentId);
      return (
        row && {
          studentId: row.id,
          groupId: row.group_id,
          subgroupId: row.subgroup_id,
          facultyId: row.faculty_id,
        }
      );
    },

    /**
     * Semesters of the year with a plan for the student's group, or streams of the teacher (of
     * any teacher for the registrar: `teacherId` null).
     */
    async semesters(
      lng: Language,
      who: { student: StudentPlace } | { teacherId: number | null },
      yearId: number,
    ): Promise<{ id: number; name: string }[]> {
      let streams = db
        .selectFrom('registration_streams')
        .select('ws_id')
        .where('year_id', '=', yearId);
      if ('teacherId' in who && who.teacherId !== null) {
        streams = streams.where('teacher_id', '=', who.teacherId);
      }
      const source =
        'student' in who
          ? db
              .selectFrom('study_plan')
              .select('ws_id')
              .where('group_id', '=', who.student.groupId)
              .where('year_id', '=', yearId)
          : streams;
      return db
        .selectFrom('ws')
        .select(['id', localized(lng, 'name').as('name')])
        .where('id', 'in', source)
        .orderBy('id')
        .execute();
    },

    /** The window of the student's faculty (or of every faculty) for the semester. */
    async window(student: StudentPlace, term: Term): Promise<Window | null> {
      const [row] = await windowRow(db, term.yearId, term.ws, student.facultyId);
      return row
        ? {
            opensAt: Number(row.opens_at),
            closesAt: Number(row.closes_at),
            electives: Number(row.electives) === 1,
          }
        : null;
    },

    /** The plan of the student's group for the semester: mandatory (0) or elective (1) rows. */
    async plan(lng: Language, student: StudentPlace, term: Term, elective: 0 | 1) {
      return planQuery(db, lng, student, term).where('sp.is_elective', '=', elective).execute();
    },

    /** One discipline of the plan, with what registering for it records. */
    async planEntry(lng: Language, student: StudentPlace, term: Term, disciplineId: number) {
      const row = await planQuery(db, lng, student, term)
        .select(['sp.credits', 'sp.control_form_id'])
        .where('sp.discipline_id', '=', disciplineId)
        .executeTakeFirst();
      return (
        row && {
          elective: Number(row.is_elective) === 1,
          credits: Number(row.credits),
          controlFormId: row.control_form_id,
        }
      );
    },

    /**
     * The student's registrations, and the teacher and stream of each one's lesson types
     * (`toRegistrations` puts them together).
     */
    async list(lng: Language, studentId: number, term: Term) {
      const rows = await db
        .selectFrom('discipline_registrations as r')
        .innerJoin('disciplines as d', 'd.id', 'r.discipline_id')
        .innerJoin('departments as dep', 'dep.id', 'd.department_id')
        .innerJoin('control_forms as cf', 'cf.id', 'r.control_form_id')
        .select([
          'r.id',
          'r.discipline_id',
          localized(lng, 'd.name').as('discipline'),
          'dep.id as id_kafedra',
          localized(lng, 'dep.name').as('kafedra'),
          'r.credits',
          'r.control_form_id',
          localized(lng, 'cf.name').as('examination'),
          'r.is_by_plan',
        ])
        .where('r.student_id', '=', studentId)
        .where('r.year_id', '=', term.yearId)
        .where('r.ws_id', '=', term.ws)
        .orderBy('r.is_by_plan', 'desc')
        .orderBy(localized(lng, 'd.name'))
        .execute();
      if (rows.length === 0) return { registrations: rows, lessons: [] };
      const lessons = await streamsWithNames(db)
        .innerJoin('registration_members as rm', 'rm.stream_id', 'rs.id')
        .select([
          'rm.registration_id',
          'rm.lesson_type_id as id_vid_zaniatiy',
          localized(lng, 'lt.name').as('vid_zaniatiy'),
          'rs.teacher_id as id_teacher',
          'p.full_name as t_fio',
          'rs.id as subgroup',
          localized(lng, 'rs.name').as('stream'),
        ])
        .where(
          'rm.registration_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('rm.lesson_type_id')
        .execute();
      return { registrations: rows, lessons };
    },

    /**
     * What the student carries in the semester: the disciplines they study (the lessons the
     * access module says they attend, as the journal and the chat list them) and their
     * registrations, each with its credits. `semesterCredits` (rules.ts) adds them up.
     */
    async semesterLoad(student: StudentPlace, term: Term): Promise<SemesterLoad> {
      const [studied, registered] = await Promise.all([
        studiedLoad(student, term),
        registeredLoad(student.studentId, term),
      ]);
      return { studied, registered };
    },

    studiedLoad,
    registeredLoad,

    /** The student's registration of the discipline in the semester, if any. */
    async registrationOf(studentId: number, term: Term, disciplineId: number) {
      const row = await db
        .selectFrom('discipline_registrations')
        .select('id')
        .where('student_id', '=', studentId)
        .where('year_id', '=', term.yearId)
        .where('ws_id', '=', term.ws)
        .where('discipline_id', '=', disciplineId)
        .executeTakeFirst();
      return row?.id;
    },

    /** Teachers with a stream of the discipline offered to the student's group. */
    async teachers(student: StudentPlace, term: Term, disciplineId: number): Promise<RegTeacher[]> {
      return offeredStreams(db, student, term, disciplineId)
        .select(['rs.teacher_id as id_teacher', 'p.full_name as t_fio'])
        .distinct()
        .orderBy('p.full_name')
        .execute();
    },

    /** A teacher's streams of the discipline offered to the student (optionally one lesson type). */
    async streams(
      lng: Language,
      student: StudentPlace,
      term: Term,
      choice: { disciplineId: number; teacherId: number; lessonTypeId?: number },
    ) {
      let query = offeredStreams(db, student, term, choice.disciplineId)
        .select([
          'rs.id as subgroup',
          localized(lng, 'rs.name').as('name'),
          'rs.teacher_id as id_teacher',
          'p.full_name as t_fio',
          'rs.lesson_type_id as id_vid_zaniatiy',
          localized(lng, 'lt.name').as('vid_zaniatiy'),
          'rs.capacity',
          'rs.taken',
        ])
        .where('rs.teacher_id', '=', choice.teacherId)
        .orderBy('lt.id')
        .orderBy('p.full_name')
        .orderBy(localized(lng, 'rs.name'))
        .orderBy('rs.id');
      if (choice.lessonTypeId !== undefined) {
        query = query.where('rs.lesson_type_id', '=', choice.lessonTypeId);
      }
      return query.execute();
    },

    /** Lesson type × teacher pairs with streams of the registration's discipline. */
    async byTypeTeachers(
      lng: Language,
      student: StudentPlace,
      registration: { disciplineId: number } & Term,
    ): Promise<ByTypeTeacher[]> {
      return offeredStreams(db, student, registration, registration.disciplineId)
        .select([
          'rs.lesson_type_id as id_vid_zaniatiy',
          localized(lng, 'lt.name').as('vid_zaniatiy'),
          'rs.teacher_id as id_teacher',
          'p.full_name as t_fio',
        ])
        .distinct()
        .orderBy('rs.lesson_type_id')
        .orderBy('p.full_name')
        .execute();
    },

    /** The registration (any student's), for ownership checks. */
    async registration(id: number) {
      const [row] = await registrationRow(db, id);
      return row && { ...row, credits: Number(row.credits) };
    },

    /** A stream's teacher, discipline, lesson type, semester and seats now. */
    async stream(streamId: number): Promise<(StreamKey & Seats) | undefined> {
      const [row] = await streamRow(db, streamId);
      return row && { ...row, capacity: Number(row.capacity), taken: Number(row.taken) };
    },

    /** Is the stream offered to the student's group or subgroup? */
    async isOffered(student: StudentPlace, streamId: number): Promise<boolean> {
      const row = await db
        .selectFrom('registration_streams as rs')
        .select('rs.id')
        .where('rs.id', '=', streamId)
        .where(offeredTo(student))
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type RegistrationReads = ReturnType<typeof createRegistrationReads>;

// The reads of every save and delete, each built and compiled once (db/prepared.ts).

const studentPlaceRow = statement(
  (k, studentId: number) =>
    k
      .selectFrom('students as s')
      .innerJoin('groups as g', 'g.id', 's.group_id')
      .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
      .select(['s.id', 's.group_id', 's.subgroup_id', 'sp.faculty_id'])
      .where('s.id', '=', studentId),
  1,
);

const registeredRows = statement(
  (k, studentId: number, yearId: number, ws: number) =>
    k
      .selectFrom('discipline_registrations')
      .select(['id', 'discipline_id', 'credits'])
      .where('student_id', '=', studentId)
      .where('year_id', '=', yearId)
      .where('ws_id', '=', ws),
  3,
);

/** The faculty's own window wins over the university-wide one. */
const windowRow = statement(
  (k, yearId: number, ws: number, facultyId: number) =>
    k
      .selectFrom('registration_windows')
      .select(['opens_at', 'closes_at', 'electives', 'faculty_id'])
      .where('year_id', '=', yearId)
      .where('ws_id', '=', ws)
      .where((eb) => eb.or([eb('faculty_id', '=', facultyId), eb('faculty_id', 'is', null)]))
      .orderBy(sql`case when faculty_id is null then 1 else 0 end`)
      .orderBy('opens_at', 'desc')
      .limit(1),
  3,
);

const registrationRow = statement(
  (k, id: number) =>
    k
      .selectFrom('discipline_registrations')
      .select([
        'id',
        'student_id as studentId',
        'discipline_id as disciplineId',
        'year_id as yearId',
        'ws_id as ws',
        'credits',
      ])
      .where('id', '=', id),
  1,
);

const streamRow = statement(
  (k, streamId: number) =>
    k
      .selectFrom('registration_streams')
      .select([
        'id',
        'teacher_id as teacherId',
        'discipline_id as disciplineId',
        'lesson_type_id as lessonTypeId',
        'year_id as yearId',
        'ws_id as ws',
        'capacity',
        'taken',
      ])
      .where('id', '=', streamId),
  1,
);

/** Registration's reads for the routes: the student's and the teacher's. */
export function createRegistrationRepository(db: Kysely<Database>) {
  return { ...createRegistrationReads(db), ...createTeacherStreamsRepository(db) };
}

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
