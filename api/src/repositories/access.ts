import { ROLE, type RoleId } from '@lms/shared/contract';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database, TeachingAssignmentTable } from '../db/schema.js';

/**
 * Who teaches whom and who studies what, answered from the teaching assignments
 * (teacher × discipline × group or subgroup × lesson type × year × ws). Every area that grants
 * access by teaching (chat, the discipline lists; next the journal, schedule and registration)
 * asks these questions instead of querying `teaching_assignments` itself.
 *
 * The one rule: a teacher teaches a group a discipline when any of their assignments names that
 * discipline, group, year and ws. A student studies it when it is taught to their group as a
 * whole or to their own subgroup (a subgroup lesson concerns only that subgroup's students).
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

/** The assignments a student attends: their group's whole-group lessons and their subgroup's. */
function attendedBy(eb: AssignmentScope, placement: Placement) {
  return eb.and([
    eb('a.group_id', '=', placement.groupId),
    placement.subgroupId === null
      ? eb('a.subgroup_id', 'is', null)
      : eb.or([eb('a.subgroup_id', 'is', null), eb('a.subgroup_id', '=', placement.subgroupId)]),
  ]);
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

  const placementOf = async (studentId: number): Promise<Placement | undefined> => {
    const row = await db
      .selectFrom('students')
      .select(['group_id', 'subgroup_id'])
      .where('id', '=', studentId)
      .executeTakeFirst();
    return row && { groupId: row.group_id, subgroupId: row.subgroup_id };
  };

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
        scope.kind === 'teacher' ? eb('a.teacher_id', '=', scope.teacherId) : attendedBy(eb, scope),
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
          .where((eb) => eb.and([ofTeaching(eb, teaching), attendedBy(eb, placement)])),
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
      return any(
        assignmentsTable()
          .where('a.teacher_id', '=', teacherId)
          .where('a.lesson_type_id', '=', lesson.lessonTypeId)
          .where((eb) =>
            eb.and([
              ofTeaching(eb, teaching),
              lesson.subgroupId === null
                ? eb('a.subgroup_id', 'is', null)
                : eb.or([
                    eb('a.subgroup_id', 'is', null),
                    eb('a.subgroup_id', '=', lesson.subgroupId),
                  ]),
            ]),
          ),
      );
    },

    /** Does the student study the discipline with their group (or their subgroup) then? */
    async studiesIn(studentId: number, teaching: Teaching): Promise<boolean> {
      const placement = await placementOf(studentId);
      if (!placement || placement.groupId !== teaching.groupId) return false;
      return any(
        assignmentsTable().where((eb) =>
          eb.and([ofTeaching(eb, teaching), attendedBy(eb, placement)]),
        ),
      );
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
