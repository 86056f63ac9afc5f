import type { Insertable, Kysely } from 'kysely';
import { createAccessRepository } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import type { WorkloadAdjustmentTable } from '../../db/workload-schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';

/** One teaching assignment of the year, named, with the curriculum's hours (0 when none). */
export interface PlanRowFacts {
  id: number;
  disciplineId: number;
  groupId: number;
  subgroupId: number | null;
  lessonTypeId: number;
  ws: number;
  discipline: string;
  lessonType: string;
  group: string;
  subgroup: string | null;
  curriculumHours: number;
}

export interface AdjustmentFacts {
  id: number;
  assignmentId: number;
  hours: number;
  previousHours: number;
  note: string;
  by: string;
  at: number;
}

/** A journal lesson as the sums need it. */
export interface LessonFacts {
  disciplineId: number;
  groupId: number;
  subgroupKey: number;
  lessonTypeId: number;
  ws: number;
  date: string;
  /** The pair (lesson_times.id): a stream's lecture is one pair of one date for its groups. */
  timeId: number;
}

/** A weekly timetable slot of the teacher's. */
export interface SlotFacts {
  ws: number;
  weekKind: number;
  /** The day of the week and the pair: one teacher gives one lesson per pair (a stream's too). */
  day: number;
  timeId: number;
}

/**
 * Workload's SQL. The assignments come through the access module (a teacher's own); the sums are
 * made in plan.ts from the rows answered here.
 */
export function createWorkloadRepository(db: Kysely<Database>) {
  return {
    /** The teacher's full name, or undefined when there is no such teacher. */
    async teacherName(teacherId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('teachers as t')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .select('p.full_name')
        .where('t.id', '=', teacherId)
        .executeTakeFirst();
      return row?.full_name;
    },

    /** The teacher's assignments of the year, in the reader's language, by semester and name. */
    async planRows(lng: Language, teacherId: number, yearId: number): Promise<PlanRowFacts[]> {
      const rows = await createAccessRepository(db)
        .assignments({ kind: 'teacher', teacherId })
        .innerJoin('disciplines as d', 'd.id', 'a.discipline_id')
        .innerJoin('lesson_types as lt', 'lt.id', 'a.lesson_type_id')
        .innerJoin('groups as g', 'g.id', 'a.group_id')
        .leftJoin('subgroups as sg', 'sg.id', 'a.subgroup_id')
        .leftJoin('workload_curriculum as c', (join) =>
          join
            .onRef('c.discipline_id', '=', 'a.discipline_id')
            .onRef('c.lesson_type_id', '=', 'a.lesson_type_id'),
        )
        .select([
          'a.id',
          'a.discipline_id',
          'a.group_id',
          'a.subgroup_id',
          'a.lesson_type_id',
          'a.ws_id',
          localized(lng, 'd.name').as('discipline'),
          localized(lng, 'lt.name').as('lessonType'),
          localized(lng, 'g.name').as('group'),
          'sg.name as subgroup',
          'c.hours',
        ])
        .where('a.year_id', '=', yearId)
        .orderBy('a.ws_id')
        .orderBy('d.name')
        .orderBy('a.lesson_type_id')
        .orderBy('g.name')
        .orderBy('a.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        disciplineId: row.discipline_id,
        groupId: row.group_id,
        subgroupId: row.subgroup_id,
        lessonTypeId: row.lesson_type_id,
        ws: row.ws_id,
        discipline: row.discipline,
        lessonType: row.lessonType,
        group: row.group,
        subgroup: row.subgroup ?? null,
        curriculumHours: Number(row.hours ?? 0),
      }));
    },

    /** The adjustments of these assignments, newest first, with their author's name. */
    async adjustments(assignmentIds: number[]): Promise<AdjustmentFacts[]> {
      if (assignmentIds.length === 0) return [];
      const rows = await db
        .selectFrom('workload_adjustments as w')
        .innerJoin('users as u', 'u.id', 'w.author_uid')
        .leftJoin('teachers as t', 't.id', 'u.teacher_id')
        .leftJoin('persons as p', 'p.id', 't.person_id')
        .select([
          'w.id',
          'w.assignment_id',
          'w.hours',
          'w.previous_hours',
          'w.note',
          'w.created_at',
          'p.full_name',
          'u.login',
        ])
        .where('w.assignment_id', 'in', assignmentIds)
        .orderBy('w.id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        assignmentId: row.assignment_id,
        hours: Number(row.hours),
        previousHours: Number(row.previous_hours),
        note: row.note,
        by: row.full_name ?? row.login,
        at: Number(row.created_at),
      }));
    },

    /** The teacher's journal lessons of the year. */
    async lessons(teacherId: number, yearId: number): Promise<LessonFacts[]> {
      const rows = await db
        .selectFrom('journal_lessons')
        .select([
          'discipline_id',
          'group_id',
          'subgroup_key',
          'lesson_type_id',
          'ws_id',
          'lesson_date',
          'time_id',
        ])
        .where('teacher_id', '=', teacherId)
        .where('year_id', '=', yearId)
        .execute();
      return rows.map((row) => ({
        disciplineId: row.discipline_id,
        groupId: row.group_id,
        subgroupKey: Number(row.subgroup_key),
        lessonTypeId: row.lesson_type_id,
        ws: row.ws_id,
        date: row.lesson_date,
        timeId: Number(row.time_id),
      }));
    },

    /** The teacher's weekly timetable slots of the year. */
    async slots(teacherId: number, yearId: number): Promise<SlotFacts[]> {
      const rows = await db
        .selectFrom('schedule_lessons')
        .select(['ws_id', 'week_kind', 'day_number', 'time_id'])
        .where('teacher_id', '=', teacherId)
        .where('year_id', '=', yearId)
        .execute();
      return rows.map((row) => ({
        ws: row.ws_id,
        weekKind: Number(row.week_kind),
        day: Number(row.day_number),
        timeId: Number(row.time_id),
      }));
    },

    /** An assignment's id and teacher, or undefined. */
    assignment(id: number) {
      return db
        .selectFrom('teaching_assignments')
        .select(['id', 'teacher_id', 'year_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** An assignment's planned hours now: its latest adjustment's, else the curriculum's. */
    async plannedHours(assignmentId: number): Promise<number> {
      const latest = await db
        .selectFrom('workload_adjustments')
        .select('hours')
        .where('assignment_id', '=', assignmentId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (latest) return Number(latest.hours);
      const curriculum = await db
        .selectFrom('teaching_assignments as a')
        .innerJoin('workload_curriculum as c', (join) =>
          join
            .onRef('c.discipline_id', '=', 'a.discipline_id')
            .onRef('c.lesson_type_id', '=', 'a.lesson_type_id'),
        )
        .select('c.hours')
        .where('a.id', '=', assignmentId)
        .executeTakeFirst();
      return Number(curriculum?.hours ?? 0);
    },

    /** Stores an adjustment; answers its id. */
    async insertAdjustment(row: Insertable<WorkloadAdjustmentTable>): Promise<number> {
      const inserted = await db
        .insertInto('workload_adjustments')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(inserted.id);
    },

    /** The departments in the reader's language, by name. */
    departments(lng: Language) {
      return db
        .selectFrom('departments as d')
        .select(['d.id', localized(lng, 'd.name').as('name')])
        .orderBy(localized(lng, 'd.name'))
        .orderBy('d.id')
        .execute();
    },

    /** The teachers of a department (id and name), by name. */
    departmentTeachers(departmentId: number) {
      return db
        .selectFrom('teachers as t')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .select(['t.id', 't.department_id', 'p.full_name'])
        .where('t.department_id', '=', departmentId)
        .orderBy('p.full_name')
        .orderBy('t.id')
        .execute();
    },

    /** A teacher's department, or undefined when there is no such teacher. */
    async departmentOf(teacherId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('teachers')
        .select('department_id')
        .where('id', '=', teacherId)
        .executeTakeFirst();
      return row?.department_id;
    },

    /** The academic years in which any of these teachers has a teaching assignment. */
    async planYears(teacherIds: number[]): Promise<number[]> {
      if (teacherIds.length === 0) return [];
      const rows = await db
        .selectFrom('teaching_assignments')
        .select('year_id')
        .distinct()
        .where('teacher_id', 'in', teacherIds)
        .execute();
      return rows.map((row) => Number(row.year_id));
    },

    /** The departments of these teachers. */
    async departmentsOf(teacherIds: number[]): Promise<number[]> {
      if (teacherIds.length === 0) return [];
      const rows = await db
        .selectFrom('teachers')
        .select('department_id')
        .distinct()
        .where('id', 'in', teacherIds)
        .execute();
      return rows.map((row) => row.department_id);
    },
  };
}

export type WorkloadRepository = ReturnType<typeof createWorkloadRepository>;
