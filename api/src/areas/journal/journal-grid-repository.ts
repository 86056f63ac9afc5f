import type {
  JournalGridRow,
  JournalKey,
  JournalLesson,
  StudentJournalPart,
  TopicReportItem,
} from '@lms/shared/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import type { AccessRepository, Teaching } from '../../access/index.js';
import {
  byName,
  CELL_SEPARATOR,
  gridRows,
  ownLessons,
  parseCells,
  studentJournalParts,
  teachingOf,
  type GridCell,
} from './journal-wire.js';

export type Db = Kysely<Database> | Transaction<Database>;

/** Each student's cells of a journal, joined by the database (see journal-wire.ts). */
const joinedCells = sql<string>`string_agg(m.lesson_id || ':' || m.version || ':' || (case when m.source = 'qr' then 'q' else 'h' end) || coalesce('=' || m.otsenka, ''), ${CELL_SEPARATOR})`;

/**
 * The students of a journal's group, or of one subgroup, by name; when registration decides who
 * attends its lesson type (streams, see access.streamMembers), only the registered ones.
 */
export const membersOf = (access: AccessRepository, key: JournalKey) =>
  access.streamMembers(teachingOf(key), { lessonTypeId: key.id_vid_zaniatiy });

/** `members` is `membersOf(key)`, asked outside any transaction (SQLite has one connection). */
export async function roster(k: Db, key: JournalKey, members: number[] | null) {
  if (members !== null && members.length === 0) return [];
  let query = k
    .selectFrom('students as s')
    .innerJoin('persons as p', 'p.id', 's.person_id')
    .select(['s.id as id_student', 'p.full_name as s_fio', 's.subgroup_id as id_subgroup'])
    .where('s.group_id', '=', key.id_group);
  const subgroupId = key.id_subgroup ?? null;
  if (subgroupId !== null) query = query.where('s.subgroup_id', '=', subgroupId);
  if (members !== null) query = query.where('s.id', 'in', members);
  return query.orderBy('p.full_name').orderBy('s.id').execute();
}

/** The reads of whole journals: the grid, the topic report, a student's journal, export names. */
export function createJournalGridQueries(db: Kysely<Database>, access: AccessRepository) {
  /** The lessons of one journal (any teacher), as a query. */
  const journalLessons = (key: JournalKey) =>
    db
      .selectFrom('journal_lessons as l')
      .where('l.discipline_id', '=', key.id_discipline)
      .where('l.group_id', '=', key.id_group)
      .where('l.subgroup_key', '=', key.id_subgroup ?? 0)
      .where('l.lesson_type_id', '=', key.id_vid_zaniatiy)
      .where('l.year_id', '=', key.year)
      .where('l.ws_id', '=', key.ws);

  const students = async (key: JournalKey) => roster(db, key, await membersOf(access, key));

  return {
    /**
     * The grid: lessons by date and order; rows for the group's (or subgroup's) students and
     * anyone else with a mark in the journal, by name.
     */
    async grid(
      key: JournalKey,
      viewerId: number,
    ): Promise<{ lessons: JournalLesson[]; rows: JournalGridRow[] }> {
      const lessons = ownLessons(
        await journalLessons(key)
          .innerJoin('teachers as t', 't.id', 'l.teacher_id')
          .innerJoin('persons as p', 'p.id', 't.person_id')
          .select([
            'l.id as id_lesson',
            'l.lesson_date as date',
            'l.time_id as id_time',
            'l.education_form_id as id_f_educ',
            'l.tema',
            'l.module_id as id_module',
            'l.teacher_id as id_teacher',
            'p.full_name as teacher',
          ])
          .orderBy('l.lesson_date')
          .orderBy('l.time_id')
          .orderBy('l.id')
          .execute(),
        viewerId,
      );
      const [listed, marks] = await Promise.all([
        students(key),
        lessons.length === 0
          ? Promise.resolve([])
          : journalLessons(key)
              .innerJoin('journal_marks as m', 'm.lesson_id', 'l.id')
              .select(['m.student_id', joinedCells.as('cells')])
              .groupBy('m.student_id')
              .execute(),
      ]);
      const byStudent = new Map<number, Map<number, GridCell>>();
      for (const row of marks) byStudent.set(row.student_id, parseCells(row.cells));
      const people: { id_student: number; s_fio: string }[] = [...listed];
      const onRoster = new Set(listed.map((s) => s.id_student));
      const others = [...byStudent.keys()].filter((id) => !onRoster.has(id));
      if (others.length > 0) {
        const extra = await db
          .selectFrom('students as s')
          .innerJoin('persons as p', 'p.id', 's.person_id')
          .select(['s.id as id_student', 'p.full_name as s_fio'])
          .where('s.id', 'in', others)
          .execute();
        people.push(...extra);
        people.sort(byName);
      }
      return { lessons, rows: gridRows(lessons, people, byStudent) };
    },

    /** Every lesson of the journal with its topic, module and how many are on its list. */
    async topicReport(lng: Language, key: JournalKey): Promise<TopicReportItem[]> {
      const [lessons, listed] = await Promise.all([
        journalLessons(key)
          .leftJoin('journal_modules as jm', 'jm.id', 'l.module_id')
          .leftJoin('journal_marks as m', 'm.lesson_id', 'l.id')
          .select((eb) => [
            'l.id as id_lesson',
            'l.lesson_date as date',
            'l.time_id as id_time',
            'l.tema',
            localized<string | null>(lng, 'jm.name').as('module'),
            eb.fn.count<number>('m.student_id').as('marked'),
          ])
          .groupBy([
            'l.id',
            'l.lesson_date',
            'l.time_id',
            'l.tema',
            'jm.name',
            'jm.name_kg',
            'jm.name_en',
          ])
          .orderBy('l.lesson_date')
          .orderBy('l.time_id')
          .orderBy('l.id')
          .execute(),
        students(key),
      ]);
      return lessons.map((lesson) => ({
        ...lesson,
        marked: Number(lesson.marked),
        listed: listed.length,
      }));
    },

    /**
     * A student's journal of one discipline: per lesson type, the lessons they are listed on
     * (whole-group lessons and their subgroup's), with the teachers' names and the figures.
     */
    async studentJournal(
      lng: Language,
      studentId: number,
      teaching: Teaching,
    ): Promise<StudentJournalPart[]> {
      const rows = await db
        .selectFrom('journal_marks as m')
        .innerJoin('journal_lessons as l', 'l.id', 'm.lesson_id')
        .innerJoin('lesson_types as lt', 'lt.id', 'l.lesson_type_id')
        .innerJoin('teachers as t', 't.id', 'l.teacher_id')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .select([
          'l.id as id_lesson',
          'l.lesson_type_id',
          localized(lng, 'lt.name').as('lessonType'),
          'p.full_name as teacher',
          'l.lesson_date as date',
          'l.time_id as id_time',
          'l.tema',
          'm.otsenka',
        ])
        .where('m.student_id', '=', studentId)
        .where('l.discipline_id', '=', teaching.disciplineId)
        .where('l.group_id', '=', teaching.groupId)
        .where('l.year_id', '=', teaching.yearId)
        .where('l.ws_id', '=', teaching.ws)
        .orderBy('l.lesson_type_id')
        .orderBy('l.lesson_date')
        .orderBy('l.time_id')
        .orderBy('l.id')
        .execute();
      return studentJournalParts(rows);
    },

    /** Names for an export's title and file name. */
    async journalNames(lng: Language, key: JournalKey) {
      const nameOf = (table: 'disciplines' | 'groups' | 'lesson_types', id: number) =>
        db
          .selectFrom(table)
          .select(localized(lng, 'name').as('name'))
          .where('id', '=', id)
          .executeTakeFirst();
      const [discipline, group, lessonType, subgroup] = await Promise.all([
        nameOf('disciplines', key.id_discipline),
        nameOf('groups', key.id_group),
        nameOf('lesson_types', key.id_vid_zaniatiy),
        key.id_subgroup
          ? db
              .selectFrom('subgroups')
              .select('name')
              .where('id', '=', key.id_subgroup)
              .executeTakeFirst()
          : Promise.resolve(undefined),
      ]);
      return {
        discipline: discipline?.name ?? '',
        group: group?.name ?? '',
        lessonType: lessonType?.name ?? '',
        subgroup: subgroup?.name ?? null,
      };
    },
  };
}
