import {
  ABSENCE_MARK,
  JOURNAL_HOURS_PER_LESSON,
  type Assessment,
  type EducationForm,
  type JournalGroup,
  type JournalKey,
  type JournalLesson,
  type JournalModule,
  type JournalRow,
  type JournalStudent,
  type LessonKey,
  type LessonListItem,
  type LessonTime,
  type LessonType,
  type Mark,
  type StudentJournalPart,
  type TopicReportItem,
} from '@lms/shared/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import type { AccessRepository, Teaching } from '../../access/teaching.js';

/** One lesson's row as the routes need it (its journal and slot). */
export interface LessonRecord {
  id: number;
  /** Who gives the lesson (created it): the only teacher who changes it. */
  teacherId: number;
  teacherName: string;
  disciplineId: number;
  groupId: number;
  subgroupId: number | null;
  lessonTypeId: number;
  yearId: number;
  ws: number;
  timeId: number;
  date: string;
}

/** The attendance and score figures of a set of marks (spec §9). */
export interface Figures {
  timesCount: number;
  hours: number;
  total: number;
  average: number | null;
  attendancePercent: number | null;
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
};

/** The numeric value of a mark, or null ('н/б', presence and non-numeric scale values). */
export function numericMark(mark: Mark): number | null {
  if (mark === null || mark === ABSENCE_MARK || !/^-?\d+(\.\d+)?$/.test(mark)) return null;
  return Number(mark);
}

/**
 * Figures of the marks of the lessons a student is listed on: absences are 'н/б' (2 hours
 * each) and never add to the sum; the average is of the numeric marks, two decimals.
 */
export function figuresOf(marks: Mark[]): Figures {
  let absences = 0;
  let total = 0;
  let graded = 0;
  for (const mark of marks) {
    if (mark === ABSENCE_MARK) absences++;
    const value = numericMark(mark);
    if (value !== null) {
      total += value;
      graded++;
    }
  }
  return {
    timesCount: absences,
    hours: absences * JOURNAL_HOURS_PER_LESSON,
    total: round(total, 2),
    average: graded === 0 ? null : round(total / graded, 2),
    attendancePercent:
      marks.length === 0 ? null : round(((marks.length - absences) / marks.length) * 100, 1),
  };
}

export function teachingOf(key: {
  year: number;
  ws: number;
  id_discipline: number;
  id_group: number;
}): Teaching {
  return { disciplineId: key.id_discipline, groupId: key.id_group, yearId: key.year, ws: key.ws };
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The grid's marks come one row per student, the cells joined by the database: `lesson` for a
 * present student, `lesson=mark` otherwise, separated by a control character no mark contains.
 * 30 rows instead of 1,800 objects is most of the grid read's cost on a full journal.
 */
const CELL_SEPARATOR = '\u001f';

const joinedCells = sql<string>`string_agg(m.lesson_id || ':' || m.version || coalesce('=' || m.otsenka, ''), ${CELL_SEPARATOR})`;

/** A cell of the grid: its mark and version. */
export interface GridCell {
  mark: Mark;
  version: number;
}

/** `lesson:version` for a present student, `lesson:version=mark` otherwise (ids are digits). */
export function parseCells(joined: string): Map<number, GridCell> {
  const cells = new Map<number, GridCell>();
  for (const cell of joined.split(CELL_SEPARATOR)) {
    const colon = cell.indexOf(':');
    const at = cell.indexOf('=', colon);
    const lessonId = Number(cell.slice(0, colon));
    if (at < 0) cells.set(lessonId, { mark: null, version: Number(cell.slice(colon + 1)) });
    else {
      cells.set(lessonId, {
        mark: cell.slice(at + 1),
        version: Number(cell.slice(colon + 1, at)),
      });
    }
  }
  return cells;
}

/** What a journal cell holds now, told to a writer whose version was stale. */
export interface CellState {
  otsenka: Mark;
  /** 0: the cell has no row (the student is not on the lesson's list). */
  version: number;
  /** Full name of the last writer. */
  by: string | null;
  at: number | null;
}

/** A cell write based on a version the cell no longer has; nothing was written. */
export class CellConflictError extends Error {
  constructor(readonly current: CellState) {
    super('The journal cell has changed since the version the write was based on');
    this.name = 'CellConflictError';
  }
}

/** The journal: reference lists, lessons and their per-student marks. */
export function createJournalRepository(db: Kysely<Database>, access: AccessRepository) {
  /**
   * The students of a journal's group, or of one subgroup, by name; when registration decides who
   * attends its lesson type (streams, see access.streamMembers), only the registered ones.
   */
  const membersOf = (key: JournalKey) =>
    access.streamMembers(teachingOf(key), { lessonTypeId: key.id_vid_zaniatiy });
  /** `members` is `membersOf(key)`, asked outside any transaction (SQLite has one connection). */
  const roster = async (k: Db, key: JournalKey, members: number[] | null) => {
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
  };

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

  /** The lesson a teacher gives in one slot (date and lesson order) of a journal. */
  const slotOf = (teacherId: number, key: LessonKey, k: Db = db) =>
    k
      .selectFrom('journal_lessons')
      .select('id')
      .where('teacher_id', '=', teacherId)
      .where('discipline_id', '=', key.id_discipline)
      .where('group_id', '=', key.id_group)
      .where('subgroup_key', '=', key.id_subgroup ?? 0)
      .where('lesson_type_id', '=', key.id_vid_zaniatiy)
      .where('lesson_date', '=', key.date)
      .where('time_id', '=', key.id_time);

  /** A cell as it is now, with the full name of its last writer (a teacher or a student). */
  const cellState = async (k: Db, lessonId: number, studentId: number): Promise<CellState> => {
    const row = await k
      .selectFrom('journal_marks as m')
      .leftJoin('users as u', 'u.id', 'm.updated_by')
      .leftJoin('teachers as t', 't.id', 'u.teacher_id')
      .leftJoin('students as s', 's.id', 'u.student_id')
      .leftJoin('persons as p', (join) =>
        join.on((eb) => eb('p.id', '=', eb.fn.coalesce('t.person_id', 's.person_id'))),
      )
      .select(['m.otsenka', 'm.version', 'm.updated_at', 'p.full_name'])
      .where('m.lesson_id', '=', lessonId)
      .where('m.student_id', '=', studentId)
      .executeTakeFirst();
    if (!row) return { otsenka: null, version: 0, by: null, at: null };
    return {
      otsenka: row.otsenka,
      version: Number(row.version),
      by: row.full_name,
      at: Number(row.updated_at),
    };
  };

  /**
   * Writes one cell and answers its new version. `basedOn` is the version the writer saw (0: no
   * cell yet); when the cell has another one nothing is written and CellConflictError tells what
   * it holds. Without `basedOn` the cell is replaced whatever it holds.
   */
  const writeMark = async (
    k: Db,
    cell: { lessonId: number; studentId: number; otsenka: Mark },
    by: number,
    now: number,
    basedOn: number | undefined,
  ): Promise<number> => {
    const values = { otsenka: cell.otsenka, updated_at: now, updated_by: by, source: 'manual' };
    const insert = () =>
      k
        .insertInto('journal_marks')
        .values({ lesson_id: cell.lessonId, student_id: cell.studentId, ...values, version: 1 });
    let written: { version: number } | undefined;
    if (basedOn === undefined) {
      written = await insert()
        .onConflict((oc) =>
          oc
            .columns(['lesson_id', 'student_id'])
            .doUpdateSet((eb) => ({ ...values, version: eb('journal_marks.version', '+', 1) })),
        )
        .returning('version')
        .executeTakeFirst();
    } else if (basedOn === 0) {
      written = await insert()
        .onConflict((oc) => oc.columns(['lesson_id', 'student_id']).doNothing())
        .returning('version')
        .executeTakeFirst();
    } else {
      written = await k
        .updateTable('journal_marks')
        .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
        .where('lesson_id', '=', cell.lessonId)
        .where('student_id', '=', cell.studentId)
        .where('version', '=', basedOn)
        .returning('version')
        .executeTakeFirst();
    }
    if (!written) {
      throw new CellConflictError(await cellState(k, cell.lessonId, cell.studentId));
    }
    return Number(written.version);
  };

  /**
   * Creates the teacher's lesson in that slot when missing (in `trx`) and answers its id; an
   * existing lesson keeps its form of education, topic and module.
   */
  const ensureLesson = async (
    trx: Transaction<Database>,
    teacherId: number,
    key: LessonKey,
    now: number,
  ) => {
    await trx
      .insertInto('journal_lessons')
      .values({
        teacher_id: teacherId,
        discipline_id: key.id_discipline,
        group_id: key.id_group,
        subgroup_id: key.id_subgroup ?? null,
        subgroup_key: key.id_subgroup ?? 0,
        lesson_type_id: key.id_vid_zaniatiy,
        education_form_id: key.id_f_educ,
        year_id: key.year,
        ws_id: key.ws,
        time_id: key.id_time,
        lesson_date: key.date,
        tema: '',
        module_id: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns([
            'teacher_id',
            'discipline_id',
            'group_id',
            'subgroup_key',
            'lesson_type_id',
            'lesson_date',
            'time_id',
          ])
          .doNothing(),
      )
      .execute();
    const row = await slotOf(teacherId, key, trx).executeTakeFirstOrThrow();
    return row.id;
  };

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
      return (
        (await db
          .selectFrom('education_forms')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst()) !== undefined
      );
    },

    async lessonTimes(lng: Language): Promise<LessonTime[]> {
      const rows = await db
        .selectFrom('lesson_times')
        .select(['id', localized(lng, 'name').as('name'), 'start_time', 'end_time'])
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id_time: r.id,
        name: r.name,
        start: r.start_time,
        end: r.end_time,
      }));
    },

    async assessments(lng: Language): Promise<Assessment[]> {
      return db
        .selectFrom('assessments')
        .select(['id as id_otsenka', 'value', localized(lng, 'name').as('name')])
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    /** Is the mark one the journal accepts: a value of the scale, 'н/б' or null? */
    async isValidMark(mark: Mark): Promise<boolean> {
      if (mark === null || mark === ABSENCE_MARK) return true;
      const row = await db
        .selectFrom('assessments')
        .select('id')
        .where('value', '=', mark)
        .executeTakeFirst();
      return row !== undefined;
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
      const groups = new Map<number, JournalGroup>();
      for (const row of rows) {
        const group = groups.get(row.groupId) ?? {
          id_group: row.groupId,
          name: row.groupName,
          subgroups: [],
        };
        groups.set(row.groupId, group);
        if (
          row.subgroupId !== null &&
          !group.subgroups.some((s) => s.id_subgroup === row.subgroupId)
        ) {
          group.subgroups.push({ id_subgroup: row.subgroupId, name: row.subgroupName ?? '' });
        }
      }
      return [...groups.values()];
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
      const row = await db
        .selectFrom('subgroups')
        .select(['group_id', 'name'])
        .where('id', '=', subgroupId)
        .executeTakeFirst();
      return row && { groupId: row.group_id, name: row.name };
    },

    async students(key: JournalKey): Promise<JournalStudent[]> {
      return roster(db, key, await membersOf(key));
    },

    async lesson(id: number): Promise<LessonRecord | undefined> {
      const row = await db
        .selectFrom('journal_lessons as l')
        .innerJoin('teachers as t', 't.id', 'l.teacher_id')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .select([
          'l.id',
          'l.teacher_id',
          'p.full_name',
          'l.discipline_id',
          'l.group_id',
          'l.subgroup_id',
          'l.lesson_type_id',
          'l.year_id',
          'l.ws_id',
          'l.time_id',
          'l.lesson_date',
        ])
        .where('l.id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          teacherId: row.teacher_id,
          teacherName: row.full_name,
          disciplineId: row.discipline_id,
          groupId: row.group_id,
          subgroupId: row.subgroup_id,
          lessonTypeId: row.lesson_type_id,
          yearId: row.year_id,
          ws: row.ws_id,
          timeId: row.time_id,
          date: row.lesson_date,
        }
      );
    },

    /** The teacher's lesson in that slot, if it exists. */
    async lessonIdAt(teacherId: number, key: LessonKey): Promise<number | undefined> {
      return (await slotOf(teacherId, key).executeTakeFirst())?.id;
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

    ensureLesson,

    /**
     * studentvisitinsertall: the lesson (created when missing) with every student of the list on
     * it; students already on it keep their marks. One transaction.
     */
    async insertAll(teacherId: number, key: LessonKey, by: number): Promise<number> {
      const now = Date.now();
      const members = await membersOf(key);
      return db.transaction().execute(async (trx) => {
        const lessonId = await ensureLesson(trx, teacherId, key, now);
        const students = await roster(trx, key, members);
        if (students.length > 0) {
          await trx
            .insertInto('journal_marks')
            .values(
              students.map((s) => ({
                lesson_id: lessonId,
                student_id: s.id_student,
                otsenka: null,
                updated_at: now,
                updated_by: by,
                source: 'insert-all',
              })),
            )
            .onConflict((oc) => oc.columns(['lesson_id', 'student_id']).doNothing())
            .execute();
        }
        return lessonId;
      });
    },

    /**
     * One cell (the student goes on the lesson's list when not on it); answers its new version.
     * With `basedOn`, refused (CellConflictError) when the cell has moved from that version.
     */
    async setMark(
      lessonId: number,
      studentId: number,
      otsenka: Mark,
      by: number,
      basedOn?: number,
    ): Promise<number> {
      return writeMark(db, { lessonId, studentId, otsenka }, by, Date.now(), basedOn);
    },

    /**
     * studentvisitupdate2: one cell by lesson key, the lesson created when missing; a refused
     * write (CellConflictError) creates no lesson either.
     */
    async setMarkAt(
      teacherId: number,
      key: LessonKey,
      studentId: number,
      otsenka: Mark,
      by: number,
      basedOn?: number,
    ): Promise<{ lessonId: number; version: number }> {
      const now = Date.now();
      return db.transaction().execute(async (trx) => {
        const lessonId = await ensureLesson(trx, teacherId, key, now);
        const version = await writeMark(trx, { lessonId, studentId, otsenka }, by, now, basedOn);
        return { lessonId, version };
      });
    },

    /** Takes a student off a lesson's list; answers whether they were on it. */
    async removeFromList(lessonId: number, studentId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('journal_marks')
        .where('lesson_id', '=', lessonId)
        .where('student_id', '=', studentId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Deletes a lesson and its marks in one transaction; answers the lessons deleted. */
    async deleteLesson(lessonId: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('journal_marks').where('lesson_id', '=', lessonId).execute();
        const result = await trx
          .deleteFrom('journal_lessons')
          .where('id', '=', lessonId)
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },

    async topic(lessonId: number): Promise<{ tema: string; id_module: number | null } | undefined> {
      return db
        .selectFrom('journal_lessons')
        .select(['tema', 'module_id as id_module'])
        .where('id', '=', lessonId)
        .executeTakeFirst();
    },

    async moduleOfDiscipline(moduleId: number, disciplineId: number): Promise<boolean> {
      const row = await db
        .selectFrom('journal_modules')
        .select('id')
        .where('id', '=', moduleId)
        .where('discipline_id', '=', disciplineId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async saveTopic(lessonId: number, tema: string, moduleId: number | null): Promise<void> {
      await db
        .updateTable('journal_lessons')
        .set({ tema, module_id: moduleId, updated_at: Date.now() })
        .where('id', '=', lessonId)
        .execute();
    },

    /**
     * The grid: lessons by date and order; rows for the group's (or subgroup's) students and
     * anyone else with a mark in the journal, by name.
     */
    async grid(
      key: JournalKey,
      viewerId: number,
    ): Promise<{ lessons: JournalLesson[]; rows: JournalRow[] }> {
      const lessons = (
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
          .execute()
      ).map((lesson) => ({ ...lesson, own: lesson.id_teacher === viewerId }));
      const [students, marks] = await Promise.all([
        membersOf(key).then((members) => roster(db, key, members)),
        lessons.length === 0
          ? Promise.resolve([])
          : db
              .selectFrom('journal_marks as m')
              .innerJoin('journal_lessons as l', 'l.id', 'm.lesson_id')
              .select(['m.student_id', joinedCells.as('cells')])
              .where('l.discipline_id', '=', key.id_discipline)
              .where('l.group_id', '=', key.id_group)
              .where('l.subgroup_key', '=', key.id_subgroup ?? 0)
              .where('l.lesson_type_id', '=', key.id_vid_zaniatiy)
              .where('l.year_id', '=', key.year)
              .where('l.ws_id', '=', key.ws)
              .groupBy('m.student_id')
              .execute(),
      ]);
      const byStudent = new Map<number, Map<number, GridCell>>();
      for (const row of marks) byStudent.set(row.student_id, parseCells(row.cells));
      const people: { id_student: number; s_fio: string }[] = [...students];
      const listed = new Set(students.map((s) => s.id_student));
      const others = [...byStudent.keys()].filter((id) => !listed.has(id));
      if (others.length > 0) {
        const extra = await db
          .selectFrom('students as s')
          .innerJoin('persons as p', 'p.id', 's.person_id')
          .select(['s.id as id_student', 'p.full_name as s_fio'])
          .where('s.id', 'in', others)
          .execute();
        people.push(...extra);
        people.sort((a, b) => a.s_fio.localeCompare(b.s_fio, 'ru') || a.id_student - b.id_student);
      }
      const rows = people.map((person): JournalRow => {
        const cells = byStudent.get(person.id_student) ?? new Map<number, GridCell>();
        const ordered: Record<string, Mark> = {};
        const versions: Record<string, number> = {};
        const values: Mark[] = [];
        for (const lesson of lessons) {
          const cell = cells.get(lesson.id_lesson);
          if (!cell) continue;
          ordered[String(lesson.id_lesson)] = cell.mark;
          versions[String(lesson.id_lesson)] = cell.version;
          values.push(cell.mark);
        }
        return {
          id_student: person.id_student,
          s_fio: person.s_fio,
          marks: ordered,
          versions,
          ...figuresOf(values),
        };
      });
      return { lessons, rows };
    },

    /** Every lesson of the journal with its topic, module and how many are on its list. */
    async topicReport(lng: Language, key: JournalKey): Promise<TopicReportItem[]> {
      const [lessons, students] = await Promise.all([
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
        membersOf(key).then((members) => roster(db, key, members)),
      ]);
      return lessons.map((lesson) => ({
        ...lesson,
        marked: Number(lesson.marked),
        listed: students.length,
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
      const parts = new Map<number, { part: StudentJournalPart; teachers: Set<string> }>();
      for (const row of rows) {
        let entry = parts.get(row.lesson_type_id);
        if (!entry) {
          entry = {
            part: {
              id_vid_zaniatiy: row.lesson_type_id,
              lessonType: row.lessonType,
              teacher: '',
              lessons: [],
              ...figuresOf([]),
            },
            teachers: new Set(),
          };
          parts.set(row.lesson_type_id, entry);
        }
        entry.teachers.add(row.teacher);
        entry.part.lessons.push({
          id_lesson: row.id_lesson,
          date: row.date,
          id_time: row.id_time,
          tema: row.tema,
          otsenka: row.otsenka,
        });
      }
      return [...parts.values()].map(({ part, teachers }) => ({
        ...part,
        teacher: [...teachers].join(', '),
        ...figuresOf(part.lessons.map((lesson) => lesson.otsenka)),
      }));
    },

    /** Names for an export's title and file name. */
    async journalNames(lng: Language, key: JournalKey) {
      const [discipline, group, lessonType, subgroup] = await Promise.all([
        db
          .selectFrom('disciplines')
          .select(localized(lng, 'name').as('name'))
          .where('id', '=', key.id_discipline)
          .executeTakeFirst(),
        db
          .selectFrom('groups')
          .select(localized(lng, 'name').as('name'))
          .where('id', '=', key.id_group)
          .executeTakeFirst(),
        db
          .selectFrom('lesson_types')
          .select(localized(lng, 'name').as('name'))
          .where('id', '=', key.id_vid_zaniatiy)
          .executeTakeFirst(),
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

export type JournalRepository = ReturnType<typeof createJournalRepository>;
