import { ROLE, type RoleId } from '@lms/shared/contract';
import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
} from 'kysely';
import type { Database, TeachingAssignmentTable } from '../db/schema.js';
import { createTeachingStatements } from './teaching-statements.js';

/**
 * Who teaches whom and who studies what, answered from the teaching assignments
 * (teacher × discipline × group or subgroup × lesson type × year × ws). Every area that grants
 * access by teaching (chat, the discipline lists; next the journal, schedule and registration)
 * asks these questions instead of querying `teaching_assignments` itself.
 *
 * The one rule: a teacher teaches a group a discipline when any of their assignments names that
 * discipline, group, year and ws. A student studies it when it is taught to their group as a
 * whole or to their own subgroup (a subgroup lesson concerns only that subgroup's students).
 *
 * Registration narrows it: an assignment whose teacher, discipline, lesson type and semester have
 * a registration stream is attended only by the stream's members (registration_members), so a
 * registration puts the student into that teacher's lists and a deleted one takes them out.
 */

/** One discipline taught to one group in one semester (year × ws). */
export interface Teaching {
  disciplineId: number;
  groupId: number;
  /** Two-digit academic year id (26 → 2026-27). */
  yearId: number;
  /** Semester kind: 1 fall, 2 spring, 3 summer. */
  ws: number;
}

/** Where a student sits. */
export interface Placement {
  groupId: number;
  subgroupId: number | null;
}

/** Whose teaching a question covers: a teacher's own assignments, or the lessons of a student. */
export type Scope =
  { kind: 'teacher'; teacherId: number } | ({ kind: 'student'; studentId: number } & Placement);

type AssignmentScope = ExpressionBuilder<Database & { a: TeachingAssignmentTable }, 'a'>;

/**
 * The alias of a query's row that holds one lesson's teacher, discipline, lesson type, semester,
 * group and subgroup under the same column names: a teaching assignment (`a`) or a timetable
 * lesson (`l`, schedule_lessons).
 */
export type LessonAlias = 'a' | 'l';

/** Sub-expressions that name the outer row by its alias, built apart from any one query. */
const lessonRows = expressionBuilder<Database, never>();

/** The registration streams of the row's teacher, discipline, lesson type and semester. */
function streamsOf(alias: LessonAlias) {
  const column = (name: string) => sql.ref<number>(`${alias}.${name}`);
  return lessonRows
    .selectFrom('registration_streams as rs')
    .select('rs.id')
    .where('rs.teacher_id', '=', column('teacher_id'))
    .where('rs.discipline_id', '=', column('discipline_id'))
    .where('rs.lesson_type_id', '=', column('lesson_type_id'))
    .where('rs.year_id', '=', column('year_id'))
    .where('rs.ws_id', '=', column('ws_id'));
}

/**
 * The lessons (assignments or timetable rows) a student attends: their group's whole-group
 * lessons and their subgroup's; of those with a registration stream, only the ones whose stream
 * the student is a member of. The journal, the chat and the schedule all ask it this way.
 */
export function attendedBy(
  student: Placement & { studentId: number },
  alias: LessonAlias = 'a',
): Expression<SqlBool> {
  const eb = lessonRows;
  const column = (name: string) => sql.ref<number | null>(`${alias}.${name}`);
  return eb.and([
    eb(column('group_id'), '=', student.groupId),
    student.subgroupId === null
      ? eb(column('subgroup_id'), 'is', null)
      : eb.or([
          eb(column('subgroup_id'), 'is', null),
          eb(column('subgroup_id'), '=', student.subgroupId),
        ]),
    eb.or([
      eb.not(eb.exists(streamsOf(alias))),
      eb.exists(
        streamsOf(alias)
          .innerJoin('registration_members as rm', 'rm.stream_id', 'rs.id')
          .where('rm.student_id', '=', student.studentId),
      ),
    ]),
  ]);
}

/**
 * What the teaching assignment behind a timetable lesson says of it (the lesson's row is `l`):
 * the study semester the discipline is taught in for that group, and whether it is an elective.
 * One assignment per teacher, discipline, group and term; `max` picks it as one value.
 */
export function lessonAssignment(column: 'study_semester' | 'is_elective') {
  const lesson = (name: string) => sql.ref<number>(`l.${name}`);
  return lessonRows
    .selectFrom('teaching_assignments as ta')
    .select((inner) => inner.fn.max(`ta.${column}`).as('value'))
    .where('ta.teacher_id', '=', lesson('teacher_id'))
    .where('ta.discipline_id', '=', lesson('discipline_id'))
    .where('ta.group_id', '=', lesson('group_id'))
    .where('ta.year_id', '=', lesson('year_id'))
    .where('ta.ws_id', '=', lesson('ws_id'));
}

/** Column names of an outer query's row that name one lesson (for `lessonGivenTo`). */
export interface LessonColumns {
  teacherId: string;
  disciplineId: string;
  lessonTypeId: string;
  yearId: string;
  ws: string;
}

/**
 * Is the lesson an outer row names (its teacher, discipline, lesson type and semester) given to
 * the student's group as a whole or to their subgroup? An EXISTS over the teaching assignments.
 * Registration offers a stream to the students its lesson is given to; unlike `attendedBy`, no
 * registration stream narrows it (it answers who may join one).
 */
export function lessonGivenTo(student: Placement, lesson: LessonColumns): Expression<SqlBool> {
  const eb = lessonRows;
  const column = (name: string) => sql.ref<number>(name);
  return eb.exists(
    eb
      .selectFrom('teaching_assignments as a')
      .select('a.id')
      .where('a.teacher_id', '=', column(lesson.teacherId))
      .where('a.discipline_id', '=', column(lesson.disciplineId))
      .where('a.lesson_type_id', '=', column(lesson.lessonTypeId))
      .where('a.year_id', '=', column(lesson.yearId))
      .where('a.ws_id', '=', column(lesson.ws))
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
}

function ofTeaching(eb: AssignmentScope, teaching: Teaching) {
  return eb.and([
    eb('a.discipline_id', '=', teaching.disciplineId),
    eb('a.group_id', '=', teaching.groupId),
    eb('a.year_id', '=', teaching.yearId),
    eb('a.ws_id', '=', teaching.ws),
  ]);
}

/** Column names of an outer query that hold a teaching (for `teachingExists`). */
export interface TeachingColumns {
  disciplineId: string;
  groupId: string;
  yearId: string;
  ws: string;
}

export function createAccessRepository(db: Kysely<Database>) {
  const assignmentsTable = () => db.selectFrom('teaching_assignments as a');
  const any = async (query: ReturnType<typeof assignmentsTable>): Promise<boolean> =>
    (await query.select('a.id').limit(1).executeTakeFirst()) !== undefined;

  // The checks every journal write makes, built and compiled once.
  const statements = createTeachingStatements(db);
  const placementOf = statements.placementOf;

  return {
    placementOf,

    /** The scope of a signed-in person; undefined for a student id that does not exist. */
    async scopeOf(person: { role: RoleId; id: number }): Promise<Scope | undefined> {
      if (person.role === ROLE.teacher) return { kind: 'teacher', teacherId: person.id };
      const placement = await placementOf(person.id);
      return placement && { kind: 'student', studentId: person.id, ...placement };
    },

    /**
     * The assignments that concern a scope, as a query to narrow further (`a` is
     * teaching_assignments): a teacher's own, or the lessons a student attends.
     */
    assignments(scope: Scope) {
      return assignmentsTable().where((eb) =>
        scope.kind === 'teacher' ? eb('a.teacher_id', '=', scope.teacherId) : attendedBy(scope),
      );
    },

    /** Does the teacher teach this discipline to this group (any lesson, any subgroup)? */
    async teaches(teacherId: number, teaching: Teaching): Promise<boolean> {
      return any(
        assignmentsTable()
          .where('a.teacher_id', '=', teacherId)
          .where((eb) => ofTeaching(eb, teaching)),
      );
    },

    /**
     * Does the teacher teach this student the discipline: the student is in the group and one of
     * the teacher's lessons there is for the whole group or for the student's subgroup?
     */
    async teachesStudent(teacherId: number, studentId: number, teaching: Teaching) {
      const placement = await placementOf(studentId);
      if (!placement || placement.groupId !== teaching.groupId) return false;
      return any(
        assignmentsTable()
          .where('a.teacher_id', '=', teacherId)
          .where((eb) =>
            eb.and([ofTeaching(eb, teaching), attendedBy({ ...placement, studentId })]),
          ),
      );
    },

    /**
     * Does the teacher give this lesson type of the discipline to the group as a whole
     * (subgroupId null) or to that subgroup (a whole-group assignment covers its subgroups)?
     */
    async givesLesson(
      teacherId: number,
      teaching: Teaching,
      lesson: { lessonTypeId: number; subgroupId: number | null },
    ): Promise<boolean> {
      return statements.givesLesson(teacherId, teaching, lesson);
    },

    /** Does the student study the discipline with their group (or their subgroup) then? */
    async studiesIn(studentId: number, teaching: Teaching): Promise<boolean> {
      const placement = await placementOf(studentId);
      if (!placement || placement.groupId !== teaching.groupId) return false;
      return any(
        assignmentsTable().where((eb) =>
          eb.and([ofTeaching(eb, teaching), attendedBy({ ...placement, studentId })]),
        ),
      );
    },

    /**
     * Who of the group attends the teaching's lessons when registration decides it: the members
     * of the streams of its assignments (narrowed to one teacher and/or lesson type), or null when
     * one of those assignments has no stream (then the group, or subgroup, attends as a whole).
     */
    async streamMembers(
      teaching: Teaching,
      narrow: { teacherId?: number; lessonTypeId?: number } = {},
    ): Promise<number[] | null> {
      let query = assignmentsTable()
        .where((eb) => ofTeaching(eb, teaching))
        .select((eb) => ['a.id', eb.exists(streamsOf('a')).as('governed')]);
      if (narrow.teacherId !== undefined)
        query = query.where('a.teacher_id', '=', narrow.teacherId);
      if (narrow.lessonTypeId !== undefined) {
        query = query.where('a.lesson_type_id', '=', narrow.lessonTypeId);
      }
      const rows = await query.execute();
      if (rows.length === 0 || rows.some((row) => !Number(row.governed))) return null;
      let members = db
        .selectFrom('registration_members as rm')
        .innerJoin('registration_streams as rs', 'rs.id', 'rm.stream_id')
        .innerJoin('students as s', 's.id', 'rm.student_id')
        .innerJoin('teaching_assignments as a', (join) =>
          join
            .onRef('a.teacher_id', '=', 'rs.teacher_id')
            .onRef('a.discipline_id', '=', 'rs.discipline_id')
            .onRef('a.lesson_type_id', '=', 'rs.lesson_type_id')
            .onRef('a.year_id', '=', 'rs.year_id')
            .onRef('a.ws_id', '=', 'rs.ws_id')
            .onRef('a.group_id', '=', 's.group_id'),
        )
        .select('rm.student_id')
        .distinct()
        .where((eb) => ofTeaching(eb, teaching));
      if (narrow.teacherId !== undefined) {
        members = members.where('a.teacher_id', '=', narrow.teacherId);
      }
      if (narrow.lessonTypeId !== undefined) {
        members = members.where('a.lesson_type_id', '=', narrow.lessonTypeId);
      }
      return (await members.execute()).map((row) => row.student_id);
    },

    /** Each teacher × discipline taught in a semester (what course evaluations are opened for). */
    teachingPairs(yearId: number, ws: number) {
      return assignmentsTable()
        .select(['a.teacher_id', 'a.discipline_id'])
        .distinct()
        .where('a.year_id', '=', yearId)
        .where('a.ws_id', '=', ws)
        .execute();
    },

    /** The teachers with any assignment in an academic year (its workload is planned from them). */
    async teachersOfYear(yearId: number): Promise<number[]> {
      const rows = await assignmentsTable()
        .select('a.teacher_id')
        .distinct()
        .where('a.year_id', '=', yearId)
        .execute();
      return rows.map((row) => row.teacher_id);
    },

    /**
     * How many students each teacher × discipline of a semester teaches: the students of the
     * groups (or subgroups) their lessons are given to. Registration streams do not narrow it:
     * it is the number a response rate is measured against.
     */
    async taughtStudentCounts(yearId: number, ws: number) {
      const rows = await db
        .selectFrom('teaching_assignments as a')
        .innerJoin('students as s', (join) =>
          join
            .onRef('s.group_id', '=', 'a.group_id')
            .on((eb) =>
              eb.or([
                eb('a.subgroup_id', 'is', null),
                eb('a.subgroup_id', '=', eb.ref('s.subgroup_id')),
              ]),
            ),
        )
        .select((eb) => [
          'a.teacher_id',
          'a.discipline_id',
          eb.fn.count<number | string>('s.id').distinct().as('students'),
        ])
        .where('a.year_id', '=', yearId)
        .where('a.ws_id', '=', ws)
        .groupBy(['a.teacher_id', 'a.discipline_id'])
        .execute();
      return rows.map((row) => ({ ...row, students: Number(row.students) }));
    },

    /**
     * `teaches` inside another query: an EXISTS subquery over the rows of an outer table whose
     * columns name the teaching (e.g. `{ disciplineId: 'm.discipline_id', … }`).
     */
    teachingExists(teacherId: number, columns: TeachingColumns) {
      return assignmentsTable()
        .select(sql.lit(1).as('one'))
        .where('a.teacher_id', '=', teacherId)
        .where('a.discipline_id', '=', sql.ref<number>(columns.disciplineId))
        .where('a.group_id', '=', sql.ref<number>(columns.groupId))
        .where('a.year_id', '=', sql.ref<number>(columns.yearId))
        .where('a.ws_id', '=', sql.ref<number>(columns.ws));
    },
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
