import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared.js';
import type { Database } from '../db/schema.js';

/**
 * The access checks every journal write makes (teaching.ts), each built and compiled once
 * (db/prepared.ts): a mark's save pays for running them, not for building them anew.
 */
export function createTeachingStatements(db: Kysely<Database>) {
  const placementRow = prepared(
    db,
    (studentId: number) =>
      db.selectFrom('students').select(['group_id', 'subgroup_id']).where('id', '=', studentId),
    1,
  );
  /** An assignment of the lesson type to the whole group, or (`inSubgroup`) to it or the subgroup. */
  const givenLesson = (inSubgroup: boolean) =>
    prepared(
      db,
      (
        teacherId: number,
        lessonTypeId: number,
        disciplineId: number,
        groupId: number,
        yearId: number,
        ws: number,
        subgroupId: number,
      ) =>
        db
          .selectFrom('teaching_assignments as a')
          .select('a.id')
          .where('a.teacher_id', '=', teacherId)
          .where('a.lesson_type_id', '=', lessonTypeId)
          .where('a.discipline_id', '=', disciplineId)
          .where('a.group_id', '=', groupId)
          .where('a.year_id', '=', yearId)
          .where('a.ws_id', '=', ws)
          .where((eb) =>
            inSubgroup
              ? eb.or([eb('a.subgroup_id', 'is', null), eb('a.subgroup_id', '=', subgroupId)])
              : eb('a.subgroup_id', 'is', null),
          )
          .limit(1),
      7,
    );
  const givenToGroup = givenLesson(false);
  const givenInSubgroup = givenLesson(true);

  return {
    /** The student's group and subgroup; undefined for an unknown student. */
    async placementOf(
      studentId: number,
    ): Promise<{ groupId: number; subgroupId: number | null } | undefined> {
      const [row] = await placementRow(studentId);
      return row && { groupId: row.group_id, subgroupId: row.subgroup_id };
    },

    /** Does the teacher give this lesson type of the teaching to the group or that subgroup? */
    async givesLesson(
      teacherId: number,
      teaching: { disciplineId: number; groupId: number; yearId: number; ws: number },
      lesson: { lessonTypeId: number; subgroupId: number | null },
    ): Promise<boolean> {
      const { disciplineId, groupId, yearId, ws } = teaching;
      const args = [teacherId, lesson.lessonTypeId, disciplineId, groupId, yearId, ws] as const;
      const rows =
        lesson.subgroupId === null
          ? await givenToGroup(...args, 0)
          : await givenInSubgroup(...args, lesson.subgroupId);
      return rows.length > 0;
    },
  };
}
