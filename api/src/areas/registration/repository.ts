import type {
  ByTypeTeacher,
  PlanDiscipline,
  RegLesson,
  RegSemester,
  RegStream,
  RegTeacher,
  RegWindow,
  Registration,
  StreamStudent,
  TeacherStream,
} from '@lms/shared/contract';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';

/** A semester: two-digit year id and ws (1 fall, 2 spring, 3 summer). */
export interface Term {
  yearId: number;
  ws: number;
}

/** Why a registration write was refused; the route words it in the user's language. */
export type RefusalCode =
  | 'notInPlan'
  | 'electivesClosed'
  | 'windowClosed'
  | 'noWindow'
  | 'streamMismatch'
  | 'streamFull'
  | 'creditLimit'
  | 'duplicate'
  | 'missing'
  | 'lastLessonType';

export class RegistrationRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly details: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'RegistrationRefusal';
  }
}

/** A student as registration sees them: group, subgroup and the group's faculty. */
interface StudentPlace {
  studentId: number;
  groupId: number;
  subgroupId: number | null;
  facultyId: number;
}

interface StreamRow {
  id: number;
  teacherId: number;
  disciplineId: number;
  lessonTypeId: number;
  yearId: number;
  ws: number;
}

type StreamScope = ExpressionBuilder<Database & { rs: Database['registration_streams'] }, 'rs'>;

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/**
 * Discipline registration: the study plan, streams and their seats, windows, registrations and
 * their stream memberships. Writes run in one transaction each and take the student's credit row
 * first (so one student's writes queue behind each other), then the stream rows, always in that
 * order; seats are taken with a guarded update (`taken < capacity`), so no stream is overbooked
 * however many requests race for its last seats.
 */
export function createRegistrationRepository(db: Kysely<Database>) {
  /** The stream is offered to the student: its teacher gives that lesson type to their group. */
  const offeredTo = (eb: StreamScope, student: StudentPlace) =>
    eb.exists(
      eb
        .selectFrom('teaching_assignments as a')
        .select('a.id')
        .whereRef('a.teacher_id', '=', 'rs.teacher_id')
        .whereRef('a.discipline_id', '=', 'rs.discipline_id')
        .whereRef('a.lesson_type_id', '=', 'rs.lesson_type_id')
        .whereRef('a.year_id', '=', 'rs.year_id')
        .whereRef('a.ws_id', '=', 'rs.ws_id')
        .where('a.group_id', '=', student.groupId)
        .where((inner) =>
          student.subgroupId === null
            ? inner('a.subgroup_id', 'is', null)
            : inner.or([
                inner('a.subgroup_id', 'is', null),
                inner('a.subgroup_id', '=', student.subgroupId),
              ]),
        ),
    );

  /** Streams with their teacher and lesson type names, as a query to narrow. */
  const streamList = (lng: Language) =>
    db
      .selectFrom('registration_streams as rs')
      .innerJoin('teachers as t', 't.id', 'rs.teacher_id')
      .innerJoin('persons as p', 'p.id', 't.person_id')
      .innerJoin('lesson_types as lt', 'lt.id', 'rs.lesson_type_id')
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
      .orderBy('lt.id')
      .orderBy('p.full_name')
      .orderBy(localized(lng, 'rs.name'))
      .orderBy('rs.id');

  const withFree = <T extends { capacity: number; taken: number }>(row: T) => ({
    ...row,
    capacity: Number(row.capacity),
    taken: Number(row.taken),
    free: Math.max(0, Number(row.capacity) - Number(row.taken)),
  });

  const planQuery = (lng: Language, student: StudentPlace, term: Term) =>
    db
      .selectFrom('study_plan as sp')
      .innerJoin('disciplines as d', 'd.id', 'sp.discipline_id')
      .innerJoin('control_forms as cf', 'cf.id', 'sp.control_form_id')
      .leftJoin('discipline_registrations as r', (join) =>
        join
          .onRef('r.discipline_id', '=', 'sp.discipline_id')
          .on('r.student_id', '=', student.studentId)
          .on('r.year_id', '=', term.yearId)
          .on('r.ws_id', '=', term.ws),
      )
      .select([
        'sp.discipline_id as id_discipline',
        localized(lng, 'd.name').as('discipline'),
        'sp.credits as kredits',
        'sp.control_form_id as id_examination',
        localized(lng, 'cf.name').as('examination'),
        'sp.is_elective',
        'r.id as id_disciplineForStudent',
      ])
      .where('sp.group_id', '=', student.groupId)
      .where('sp.year_id', '=', term.yearId)
      .where('sp.ws_id', '=', term.ws)
      .orderBy(localized(lng, 'd.name'));

  const toPlan = (row: {
    id_discipline: number;
    discipline: string;
    kredits: number;
    id_examination: number;
    examination: string;
    is_elective: number;
    id_disciplineForStudent: number | null;
  }): PlanDiscipline => ({
    id_discipline: row.id_discipline,
    discipline: row.discipline,
    kredits: Number(row.kredits),
    id_examination: row.id_examination,
    examination: row.examination,
    isByPlan: Number(row.is_elective) ? 0 : 1,
    id_disciplineForStudent: row.id_disciplineForStudent,
  });

  /** Takes the student's credit row for the semester (creating it), so their writes queue. */
  const lockLoad = async (trx: Transaction<Database>, studentId: number, term: Term) => {
    await trx
      .insertInto('registration_loads')
      .values({ student_id: studentId, year_id: term.yearId, ws_id: term.ws, credits: 0 })
      .onConflict((oc) => oc.columns(['student_id', 'year_id', 'ws_id']).doNothing())
      .execute();
    await trx
      .updateTable('registration_loads')
      .set((eb) => ({ credits: eb('credits', '+', 0) }))
      .where('student_id', '=', studentId)
      .where('year_id', '=', term.yearId)
      .where('ws_id', '=', term.ws)
      .execute();
  };

  /** One seat of the stream, if one is left. */
  const takeSeat = async (trx: Transaction<Database>, streamId: number): Promise<boolean> => {
    const result = await trx
      .updateTable('registration_streams')
      .set((eb) => ({ taken: eb('taken', '+', 1) }))
      .where('id', '=', streamId)
      .whereRef('taken', '<', 'capacity')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

  const freeSeat = async (trx: Transaction<Database>, streamId: number) => {
    await trx
      .updateTable('registration_streams')
      .set((eb) => ({ taken: eb('taken', '-', 1) }))
      .where('id', '=', streamId)
      .where('taken', '>', 0)
      .execute();
  };

  const streamRow = async (streamId: number): Promise<StreamRow | undefined> => {
    const row = await db
      .selectFrom('registration_streams')
      .select(['id', 'teacher_id', 'discipline_id', 'lesson_type_id', 'year_id', 'ws_id'])
      .where('id', '=', streamId)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        teacherId: row.teacher_id,
        disciplineId: row.discipline_id,
        lessonTypeId: row.lesson_type_id,
        yearId: row.year_id,
        ws: row.ws_id,
      }
    );
  };

  const isOffered = async (student: StudentPlace, streamId: number): Promise<boolean> =>
    (await db
      .selectFrom('registration_streams as rs')
      .select('rs.id')
      .where('rs.id', '=', streamId)
      .where((eb) => offeredTo(eb, student))
      .executeTakeFirst()) !== undefined;

  const registrationRow = (id: number) =>
    db
      .selectFrom('discipline_registrations')
      .select(['id', 'student_id', 'discipline_id', 'year_id', 'ws_id', 'credits'])
      .where('id', '=', id)
      .executeTakeFirst();

  return {
    /** The student's group, subgroup and faculty; undefined for an unknown student. */
    async studentPlace(studentId: number): Promise<StudentPlace | undefined> {
      const row = await db
        .selectFrom('students as s')
        .innerJoin('groups as g', 'g.id', 's.group_id')
        .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
        .select(['s.id', 's.group_id', 's.subgroup_id', 'sp.faculty_id'])
        .where('s.id', '=', studentId)
        .executeTakeFirst();
      return (
        row && {
          studentId: row.id,
          groupId: row.group_id,
          subgroupId: row.subgroup_id,
          facultyId: row.faculty_id,
        }
      );
    },

    /** Semesters of the year with a plan for the student's group, or streams of the teacher. */
    async semesters(
      lng: Language,
      who: { student: StudentPlace } | { teacherId: number },
      yearId: number,
    ): Promise<RegSemester[]> {
      const source =
        'student' in who
          ? db
              .selectFrom('study_plan')
              .select('ws_id')
              .where('group_id', '=', who.student.groupId)
              .where('year_id', '=', yearId)
          : db
              .selectFrom('registration_streams')
              .select('ws_id')
              .where('teacher_id', '=', who.teacherId)
              .where('year_id', '=', yearId);
      const rows = await db
        .selectFrom('ws')
        .select(['id', localized(lng, 'name').as('name')])
        .where('id', 'in', source)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id_semester: row.id as 1 | 2 | 3, name: row.name }));
    },

    /** The window of the student's faculty (or of every faculty) for the semester. */
    async window(student: StudentPlace, term: Term, now: number): Promise<RegWindow | null> {
      const row = await db
        .selectFrom('registration_windows')
        .select(['opens_at', 'closes_at', 'electives', 'faculty_id'])
        .where('year_id', '=', term.yearId)
        .where('ws_id', '=', term.ws)
        .where((eb) =>
          eb.or([eb('faculty_id', '=', student.facultyId), eb('faculty_id', 'is', null)]),
        )
        // The faculty's own window wins over the university-wide one.
        .orderBy(sql`case when faculty_id is null then 1 else 0 end`)
        .orderBy('opens_at', 'desc')
        .executeTakeFirst();
      if (!row) return null;
      const opens = Number(row.opens_at);
      const closes = Number(row.closes_at);
      return {
        opensAt: iso(opens),
        closesAt: iso(closes),
        open: now >= opens && now < closes,
        electives: Number(row.electives) === 1,
      };
    },

    /** The plan of the student's group for the semester: mandatory (0) or elective (1) rows. */
    async plan(
      lng: Language,
      student: StudentPlace,
      term: Term,
      elective: 0 | 1,
    ): Promise<PlanDiscipline[]> {
      const rows = await planQuery(lng, student, term)
        .where('sp.is_elective', '=', elective)
        .execute();
      return rows.map(toPlan);
    },

    async planEntry(lng: Language, student: StudentPlace, term: Term, disciplineId: number) {
      const row = await planQuery(lng, student, term)
        .select(['sp.credits', 'sp.control_form_id'])
        .where('sp.discipline_id', '=', disciplineId)
        .executeTakeFirst();
      return (
        row && { ...toPlan(row), credits: Number(row.credits), controlFormId: row.control_form_id }
      );
    },

    /** The student's registrations with the teacher and stream of each lesson type. */
    async list(lng: Language, studentId: number, term: Term): Promise<Registration[]> {
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
      if (rows.length === 0) return [];
      const lessons = await db
        .selectFrom('registration_members as rm')
        .innerJoin('registration_streams as rs', 'rs.id', 'rm.stream_id')
        .innerJoin('teachers as t', 't.id', 'rs.teacher_id')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .innerJoin('lesson_types as lt', 'lt.id', 'rm.lesson_type_id')
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
      return rows.flatMap((row): Registration[] => {
        const own: RegLesson[] = lessons
          .filter((lesson) => lesson.registration_id === row.id)
          .map(({ registration_id: _id, ...lesson }) => lesson);
        const first = own[0];
        if (!first) return [];
        return [
          {
            id_disciplineForStudent: row.id,
            id_discipline: row.discipline_id,
            discipline: row.discipline,
            id_kafedra: row.id_kafedra,
            kafedra: row.kafedra,
            kredits: Number(row.credits),
            id_examination: row.control_form_id,
            examination: row.examination,
            isByPlan: Number(row.is_by_plan),
            id_teacher: first.id_teacher,
            t_fio: first.t_fio,
            subgroup: first.subgroup,
            stream: first.stream,
            lessons: own,
          },
        ];
      });
    },

    /** Credits the student has registered for in the semester. */
    async credits(studentId: number, term: Term): Promise<number> {
      const row = await db
        .selectFrom('registration_loads')
        .select('credits')
        .where('student_id', '=', studentId)
        .where('year_id', '=', term.yearId)
        .where('ws_id', '=', term.ws)
        .executeTakeFirst();
      return Number(row?.credits ?? 0);
    },

    /** Teachers with a stream of the discipline offered to the student's group. */
    async teachers(student: StudentPlace, term: Term, disciplineId: number): Promise<RegTeacher[]> {
      return db
        .selectFrom('registration_streams as rs')
        .innerJoin('teachers as t', 't.id', 'rs.teacher_id')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .select(['rs.teacher_id as id_teacher', 'p.full_name as t_fio'])
        .distinct()
        .where('rs.discipline_id', '=', disciplineId)
        .where('rs.year_id', '=', term.yearId)
        .where('rs.ws_id', '=', term.ws)
        .where((eb) => offeredTo(eb, student))
        .orderBy('p.full_name')
        .execute();
    },

    /** A teacher's streams of the discipline offered to the student (optionally one lesson type). */
    async streams(
      lng: Language,
      student: StudentPlace,
      term: Term,
      choice: { disciplineId: number; teacherId: number; lessonTypeId?: number },
    ): Promise<RegStream[]> {
      let query = streamList(lng)
        .where('rs.discipline_id', '=', choice.disciplineId)
        .where('rs.teacher_id', '=', choice.teacherId)
        .where('rs.year_id', '=', term.yearId)
        .where('rs.ws_id', '=', term.ws)
        .where((eb) => offeredTo(eb, student));
      if (choice.lessonTypeId !== undefined) {
        query = query.where('rs.lesson_type_id', '=', choice.lessonTypeId);
      }
      return (await query.execute()).map(withFree);
    },

    /** Lesson type × teacher pairs with streams of the registration's discipline. */
    async byTypeTeachers(
      lng: Language,
      student: StudentPlace,
      registration: { disciplineId: number } & Term,
    ): Promise<ByTypeTeacher[]> {
      return db
        .selectFrom('registration_streams as rs')
        .innerJoin('teachers as t', 't.id', 'rs.teacher_id')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .innerJoin('lesson_types as lt', 'lt.id', 'rs.lesson_type_id')
        .select([
          'rs.lesson_type_id as id_vid_zaniatiy',
          localized(lng, 'lt.name').as('vid_zaniatiy'),
          'rs.teacher_id as id_teacher',
          'p.full_name as t_fio',
        ])
        .distinct()
        .where('rs.discipline_id', '=', registration.disciplineId)
        .where('rs.year_id', '=', registration.yearId)
        .where('rs.ws_id', '=', registration.ws)
        .where((eb) => offeredTo(eb, student))
        .orderBy('rs.lesson_type_id')
        .orderBy('p.full_name')
        .execute();
    },

    /** The registration (any student's), for ownership checks. */
    async registration(id: number) {
      const row = await registrationRow(id);
      return (
        row && {
          id: row.id,
          studentId: row.student_id,
          disciplineId: row.discipline_id,
          yearId: row.year_id,
          ws: row.ws_id,
          credits: Number(row.credits),
        }
      );
    },

    stream: streamRow,
    isOffered,

    /**
     * Registers the student for a discipline of their plan in a stream: the credit limit, a second
     * registration of the discipline and a full stream are refused; one transaction.
     */
    async save(input: {
      student: StudentPlace;
      term: Term;
      disciplineId: number;
      stream: StreamRow;
      credits: number;
      controlFormId: number;
      isByPlan: boolean;
      creditLimit: number;
      now: number;
    }): Promise<number> {
      const { student, term } = input;
      try {
        return await db.transaction().execute(async (trx) => {
          await lockLoad(trx, student.studentId, term);
          const duplicate = await trx
            .selectFrom('discipline_registrations')
            .select('id')
            .where('student_id', '=', student.studentId)
            .where('year_id', '=', term.yearId)
            .where('ws_id', '=', term.ws)
            .where('discipline_id', '=', input.disciplineId)
            .executeTakeFirst();
          if (duplicate) throw new RegistrationRefusal('duplicate');
          const load = await trx
            .updateTable('registration_loads')
            .set((eb) => ({ credits: eb('credits', '+', input.credits) }))
            .where('student_id', '=', student.studentId)
            .where('year_id', '=', term.yearId)
            .where('ws_id', '=', term.ws)
            .where((eb) => eb(eb('credits', '+', input.credits), '<=', input.creditLimit))
            .executeTakeFirst();
          if (Number(load.numUpdatedRows) !== 1) {
            const taken = await trx
              .selectFrom('registration_loads')
              .select('credits')
              .where('student_id', '=', student.studentId)
              .where('year_id', '=', term.yearId)
              .where('ws_id', '=', term.ws)
              .executeTakeFirst();
            throw new RegistrationRefusal('creditLimit', {
              limit: input.creditLimit,
              taken: Number(taken?.credits ?? 0),
              credits: input.credits,
            });
          }
          if (!(await takeSeat(trx, input.stream.id))) throw new RegistrationRefusal('streamFull');
          const inserted = await trx
            .insertInto('discipline_registrations')
            .values({
              student_id: student.studentId,
              discipline_id: input.disciplineId,
              year_id: term.yearId,
              ws_id: term.ws,
              credits: input.credits,
              control_form_id: input.controlFormId,
              is_by_plan: input.isByPlan ? 1 : 0,
              created_at: input.now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('registration_members')
            .values({
              registration_id: inserted.id,
              stream_id: input.stream.id,
              student_id: student.studentId,
              lesson_type_id: input.stream.lessonTypeId,
              created_at: input.now,
            })
            .execute();
          return inserted.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new RegistrationRefusal('duplicate');
        throw error;
      }
    },

    /** Deletes a registration: frees its seats and credits; one transaction. */
    async delete(registration: { id: number; studentId: number } & Term): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await lockLoad(trx, registration.studentId, registration);
        const row = await trx
          .selectFrom('discipline_registrations')
          .select('credits')
          .where('id', '=', registration.id)
          .executeTakeFirst();
        if (!row) throw new RegistrationRefusal('missing');
        const members = await trx
          .deleteFrom('registration_members')
          .where('registration_id', '=', registration.id)
          .returning('stream_id')
          .execute();
        for (const streamId of members.map((m) => m.stream_id).sort((a, b) => a - b)) {
          await freeSeat(trx, streamId);
        }
        await trx
          .deleteFrom('discipline_registrations')
          .where('id', '=', registration.id)
          .execute();
        await trx
          .updateTable('registration_loads')
          .set((eb) => ({ credits: eb('credits', '-', Number(row.credits)) }))
          .where('student_id', '=', registration.studentId)
          .where('year_id', '=', registration.yearId)
          .where('ws_id', '=', registration.ws)
          .execute();
      });
    },

    /**
     * Attends the stream for its lesson type: joins it, or moves there from the lesson type's
     * current stream (a full stream is refused and the old seat kept). Returns false when the
     * student already attends that stream.
     */
    async attend(
      registration: { id: number; studentId: number } & Term,
      stream: StreamRow,
      now: number,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockLoad(trx, registration.studentId, registration);
        const current = await trx
          .selectFrom('registration_members')
          .select('stream_id')
          .where('registration_id', '=', registration.id)
          .where('lesson_type_id', '=', stream.lessonTypeId)
          .executeTakeFirst();
        if (current?.stream_id === stream.id) return false;
        const exists = await trx
          .selectFrom('discipline_registrations')
          .select('id')
          .where('id', '=', registration.id)
          .executeTakeFirst();
        if (!exists) throw new RegistrationRefusal('missing');
        if (!(await takeSeat(trx, stream.id))) throw new RegistrationRefusal('streamFull');
        if (current) {
          await freeSeat(trx, current.stream_id);
          await trx
            .updateTable('registration_members')
            .set({ stream_id: stream.id, created_at: now })
            .where('registration_id', '=', registration.id)
            .where('lesson_type_id', '=', stream.lessonTypeId)
            .execute();
        } else {
          await trx
            .insertInto('registration_members')
            .values({
              registration_id: registration.id,
              stream_id: stream.id,
              student_id: registration.studentId,
              lesson_type_id: stream.lessonTypeId,
              created_at: now,
            })
            .execute();
        }
        return true;
      });
    },

    /** Leaves the stream of one lesson type; the registration keeps at least one. */
    async leave(registration: { id: number; studentId: number } & Term, lessonTypeId: number) {
      await db.transaction().execute(async (trx) => {
        await lockLoad(trx, registration.studentId, registration);
        const members = await trx
          .selectFrom('registration_members')
          .select(['stream_id', 'lesson_type_id'])
          .where('registration_id', '=', registration.id)
          .execute();
        const member = members.find((m) => m.lesson_type_id === lessonTypeId);
        if (!member) throw new RegistrationRefusal('missing');
        if (members.length === 1) throw new RegistrationRefusal('lastLessonType');
        await trx
          .deleteFrom('registration_members')
          .where('registration_id', '=', registration.id)
          .where('lesson_type_id', '=', lessonTypeId)
          .execute();
        await freeSeat(trx, member.stream_id);
      });
    },

    /** The teacher's streams of a semester with their seats. */
    async teacherStreams(lng: Language, teacherId: number, term: Term): Promise<TeacherStream[]> {
      const rows = await db
        .selectFrom('registration_streams as rs')
        .innerJoin('disciplines as d', 'd.id', 'rs.discipline_id')
        .innerJoin('lesson_types as lt', 'lt.id', 'rs.lesson_type_id')
        .select([
          'rs.id as subgroup',
          localized(lng, 'rs.name').as('name'),
          'rs.discipline_id as id_discipline',
          localized(lng, 'd.name').as('discipline'),
          'rs.lesson_type_id as id_vid_zaniatiy',
          localized(lng, 'lt.name').as('vid_zaniatiy'),
          'rs.capacity',
          'rs.taken',
        ])
        .where('rs.teacher_id', '=', teacherId)
        .where('rs.year_id', '=', term.yearId)
        .where('rs.ws_id', '=', term.ws)
        .orderBy(localized(lng, 'd.name'))
        .orderBy('lt.id')
        .orderBy(localized(lng, 'rs.name'))
        .execute();
      return rows.map(withFree);
    },

    /** The students registered in a stream, by name. */
    async streamStudents(lng: Language, streamId: number): Promise<StreamStudent[]> {
      const rows = await db
        .selectFrom('registration_members as rm')
        .innerJoin('students as s', 's.id', 'rm.student_id')
        .innerJoin('persons as p', 'p.id', 's.person_id')
        .innerJoin('groups as g', 'g.id', 's.group_id')
        .select([
          's.id as id_student',
          'p.full_name as s_fio',
          'g.id as id_group',
          localized(lng, 'g.name').as('group'),
          'rm.created_at',
        ])
        .where('rm.stream_id', '=', streamId)
        .orderBy('p.full_name')
        .orderBy('s.id')
        .execute();
      return rows.map((row, index) => ({
        num: index + 1,
        id_student: row.id_student,
        s_fio: row.s_fio,
        id_group: row.id_group,
        group: row.group,
        registeredAt: iso(row.created_at),
      }));
    },

    /** Names of a stream for a download's file name. */
    async streamNames(lng: Language, streamId: number) {
      return db
        .selectFrom('registration_streams as rs')
        .innerJoin('disciplines as d', 'd.id', 'rs.discipline_id')
        .innerJoin('lesson_types as lt', 'lt.id', 'rs.lesson_type_id')
        .select([
          localized(lng, 'rs.name').as('name'),
          'rs.teacher_id',
          localized(lng, 'd.name').as('discipline'),
          localized(lng, 'lt.name').as('lessonType'),
        ])
        .where('rs.id', '=', streamId)
        .executeTakeFirst();
    },
  };
}

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
