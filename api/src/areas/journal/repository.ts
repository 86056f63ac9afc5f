import type {
  Assessment,
  EducationForm,
  JournalGroup,
  JournalKey,
  JournalModule,
  JournalStudent,
  LessonListItem,
  LessonTime,
  LessonType,
} from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import type { AccessRepository, Teaching } from '../../access/index.js';
import type { AuditTrail } from '../audit/index.js';
import { createJournalGridQueries, membersOf, roster } from './journal-grid-repository.js';
import { createJournalWrites } from './journal-write-repository.js';
import { groupsOf, teachingOf, type LessonRecord } from './journal-wire.js';

export type { LessonRecord } from './journal-wire.js';
export type { CellState } from './journal-write-repository.js';

/**
 * The attendance journal's SQL: reference lists, the teacher's choice chain and lessons here; the
 * writes (journal-write-repository.ts) and whole-journal reads (journal-grid-repository.ts) are
 * joined in. The rules are in journal-rules.ts, the shaping of answers in journal-wire.ts.
 */
export function createJournalRepository(
  db: Kysely<Database>,
  access: AccessRepository,
  trail: AuditTrail,
  clock: () => number = Date.now,
) {
  // What every mark's save reads, built and compiled once.
  const scaleRows = prepared(db, () => db.selectFrom('assessments').select('value'), 0);
  const lessonRow = prepared(
    db,
    (id: number) =>
      db
        .selectFrom('journal_lessons as l')
        .innerJoin('teachers as t', 't.id', 'l.teacher_id')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .select([
          'l.id',
          'l.teacher_id as teacherId',
          'p.full_name as teacherName',
          'l.discipline_id as disciplineId',
          'l.group_id as groupId',
          'l.subgroup_id as subgroupId',
          'l.lesson_type_id as lessonTypeId',
          'l.year_id as yearId',
          'l.ws_id as ws',
          'l.time_id as timeId',
          'l.lesson_date as date',
        ])
        .where('l.id', '=', id),
    1,
  );

  return {
    teachingOf,

    async educationForms(lng: Language): Promise<EducationForm[]> {
      return db
        .selectFrom('education_forms')
        .select(['id as id_f_educ', localized(lng, 'name').as('name')])
        .orderBy('id')
        .execute();
    },

    async educationFormExists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('education_forms')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async lessonTimes(lng: Language): Promise<LessonTime[]> {
      return db
        .selectFrom('lesson_times')
        .select([
          'id as id_time',
          localized(lng, 'name').as('name'),
          'start_time as start',
          'end_time as end',
        ])
        .orderBy('id')
        .execute();
    },

    async assessments(lng: Language): Promise<Assessment[]> {
      return db
        .selectFrom('assessments')
        .select(['id as id_otsenka', 'value', localized(lng, 'name').as('name')])
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    /** The values of the grade scale (journal-rules.markRefusal). */
    async scale(): Promise<string[]> {
      return (await scaleRows()).map((row) => row.value);
    },

    async modules(lng: Language, disciplineId: number): Promise<JournalModule[]> {
      return db
        .selectFrom('journal_modules')
        .select(['id as id_module', localized(lng, 'name').as('name')])
        .where('discipline_id', '=', disciplineId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    /** The ids of a discipline's modules (journal-rules.moduleRefusal). */
    async moduleIdsOf(disciplineId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('journal_modules')
        .select('id')
        .where('discipline_id', '=', disciplineId)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Does the teacher teach the discipline to any group that semester? */
    async teachesDiscipline(teacherId: number, year: number, ws: number, disciplineId: number) {
      const row = await access
        .assignments({ kind: 'teacher', teacherId })
        .select('a.id')
        .where('a.year_id', '=', year)
        .where('a.ws_id', '=', ws)
        .where('a.discipline_id', '=', disciplineId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The groups the teacher teaches the discipline, with the subgroups of their subgroup lessons. */
    async groups(
      lng: Language,
      teacherId: number,
      year: number,
      ws: number,
      disciplineId: number,
    ): Promise<JournalGroup[]> {
      const rows = await access
        .assignments({ kind: 'teacher', teacherId })
        .innerJoin('groups as g', 'g.id', 'a.group_id')
        .leftJoin('subgroups as sg', 'sg.id', 'a.subgroup_id')
        .select([
          'g.id as groupId',
          localized(lng, 'g.name').as('groupName'),
          'sg.id as subgroupId',
          'sg.name as subgroupName',
        ])
        .where('a.year_id', '=', year)
        .where('a.ws_id', '=', ws)
        .where('a.discipline_id', '=', disciplineId)
        .orderBy('groupName')
        .orderBy('sg.name')
        .execute();
      return groupsOf(rows);
    },

    /** The lesson types the teacher gives the group in that discipline. */
    async lessonTypes(lng: Language, teacherId: number, teaching: Teaching): Promise<LessonType[]> {
      return access
        .assignments({ kind: 'teacher', teacherId })
        .innerJoin('lesson_types as t', 't.id', 'a.lesson_type_id')
        .select(['t.id as id_vid_zaniatiy', localized(lng, 't.name').as('name')])
        .distinct()
        .where('a.year_id', '=', teaching.yearId)
        .where('a.ws_id', '=', teaching.ws)
        .where('a.discipline_id', '=', teaching.disciplineId)
        .where('a.group_id', '=', teaching.groupId)
        .orderBy('t.id')
        .execute();
    },

    async subgroupOf(subgroupId: number): Promise<{ groupId: number; name: string } | undefined> {
      return db
        .selectFrom('subgroups')
        .select(['group_id as groupId', 'name'])
        .where('id', '=', subgroupId)
        .executeTakeFirst();
    },

    /** The students a journal lists (see journal-grid-repository.membersOf). */
    async students(key: JournalKey): Promise<JournalStudent[]> {
      return roster(db, key, await membersOf(access, key));
    },

    /** The students' ids of a journal, asked before a transaction that lists them. */
    async memberIds(key: JournalKey): Promise<number[] | null> {
      return membersOf(access, key);
    },

    roster,

    async lesson(id: number): Promise<LessonRecord | undefined> {
      return (await lessonRow(id))[0];
    },

    /** The list of a lesson with the current marks. */
    async lessonList(lessonId: number): Promise<LessonListItem[]> {
      return db
        .selectFrom('journal_marks as m')
        .innerJoin('students as s', 's.id', 'm.student_id')
        .innerJoin('persons as p', 'p.id', 's.person_id')
        .select(['m.student_id as id_student', 'p.full_name as s_fio', 'm.otsenka'])
        .where('m.lesson_id', '=', lessonId)
        .orderBy('p.full_name')
        .orderBy('s.id')
        .execute();
    },

    async topic(lessonId: number): Promise<{ tema: string; id_module: number | null } | undefined> {
      return db
        .selectFrom('journal_lessons')
        .select(['tema', 'module_id as id_module'])
        .where('id', '=', lessonId)
        .executeTakeFirst();
    },

    ...createJournalWrites(db, trail, clock),
    ...createJournalGridQueries(db, access),
  };
}

export type JournalRepository = ReturnType<typeof createJournalRepository>;
