import type {
  AttendanceSource,
  JournalGridRow,
  JournalGroup,
  JournalKey,
  Mark,
  StudentJournalPart,
} from '@lms/shared/contract';
import type { Teaching } from '../../access/index.js';
import { figuresOf } from './journal-rules.js';

/**
 * The attendance journal's rows turned into the contract's answers (no SQL here): the grid's
 * joined cells, its rows with their figures, the teacher's groups and a student's journal.
 */

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

export function teachingOf(key: {
  year: number;
  ws: number;
  id_discipline: number;
  id_group: number;
}): Teaching {
  return { disciplineId: key.id_discipline, groupId: key.id_group, yearId: key.year, ws: key.ws };
}

/** The journal a lesson belongs to. */
export function keyOfLesson(lesson: LessonRecord): JournalKey {
  return {
    year: lesson.yearId,
    ws: lesson.ws as 1 | 2 | 3,
    id_discipline: lesson.disciplineId,
    id_group: lesson.groupId,
    id_subgroup: lesson.subgroupId,
    id_vid_zaniatiy: lesson.lessonTypeId,
  };
}

/**
 * The grid's marks come one row per student, the cells joined by the database:
 * `lesson:version:source` for a present student, `lesson:version:source=mark` otherwise
 * (source `q` for a QR check-in, `h` by hand), separated by a control character no mark
 * contains. 30 rows instead of 1,800 objects is most of the grid read's cost on a full journal.
 */
export const CELL_SEPARATOR = '\u001f';

/** A cell of the grid: its mark, version and how its attendance was recorded. */
export interface GridCell {
  mark: Mark;
  version: number;
  source: AttendanceSource;
}

/** `lesson:version:q` or `lesson:version:h`, then `=mark` unless present (ids are digits). */
export function parseCells(joined: string): Map<number, GridCell> {
  const cells = new Map<number, GridCell>();
  for (const cell of joined.split(CELL_SEPARATOR)) {
    const colon = cell.indexOf(':');
    const second = cell.indexOf(':', colon + 1);
    const at = cell.indexOf('=', second);
    cells.set(Number(cell.slice(0, colon)), {
      mark: at < 0 ? null : cell.slice(at + 1),
      version: Number(cell.slice(colon + 1, second)),
      source: cell.charAt(second + 1) === 'q' ? 'qr' : 'hand',
    });
  }
  return cells;
}

/**
 * The grid's rows: each person's marks, versions and sources of the journal's lessons, with the
 * figures.
 */
export function gridRows(
  lessons: readonly { id_lesson: number }[],
  people: readonly { id_student: number; s_fio: string }[],
  byStudent: ReadonlyMap<number, Map<number, GridCell>>,
): JournalGridRow[] {
  return people.map((person): JournalGridRow => {
    const cells = byStudent.get(person.id_student) ?? new Map<number, GridCell>();
    const ordered: Record<string, Mark> = {};
    const versions: Record<string, number> = {};
    const sources: Record<string, AttendanceSource> = {};
    const values: Mark[] = [];
    for (const lesson of lessons) {
      const cell = cells.get(lesson.id_lesson);
      if (!cell) continue;
      ordered[String(lesson.id_lesson)] = cell.mark;
      versions[String(lesson.id_lesson)] = cell.version;
      sources[String(lesson.id_lesson)] = cell.source;
      values.push(cell.mark);
    }
    return {
      id_student: person.id_student,
      s_fio: person.s_fio,
      marks: ordered,
      versions,
      sources,
      ...figuresOf(values),
    };
  });
}

/** People by name (Russian collation, as the roster), then id. */
export function byName(a: { s_fio: string; id_student: number }, b: typeof a): number {
  return a.s_fio.localeCompare(b.s_fio, 'ru') || a.id_student - b.id_student;
}

/** The groups of assignment rows (one per subgroup), each with its distinct subgroups. */
export function groupsOf(
  rows: readonly {
    groupId: number;
    groupName: string;
    subgroupId: number | null;
    subgroupName: string | null;
  }[],
): JournalGroup[] {
  const groups = new Map<number, JournalGroup>();
  for (const row of rows) {
    const group = groups.get(row.groupId) ?? {
      id_group: row.groupId,
      name: row.groupName,
      subgroups: [],
    };
    groups.set(row.groupId, group);
    if (row.subgroupId !== null && !group.subgroups.some((s) => s.id_subgroup === row.subgroupId)) {
      group.subgroups.push({ id_subgroup: row.subgroupId, name: row.subgroupName ?? '' });
    }
  }
  return [...groups.values()];
}

/** One marked lesson of a student, as the student's journal query reads it. */
export interface StudentMarkRow {
  id_lesson: number;
  lesson_type_id: number;
  lessonType: string;
  teacher: string;
  date: string;
  id_time: number;
  tema: string;
  otsenka: Mark;
}

/** A student's journal: per lesson type, its lessons, teachers' names and figures. */
export function studentJournalParts(rows: readonly StudentMarkRow[]): StudentJournalPart[] {
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
}

/** Lessons of the grid, each told whether the viewer gives it. */
export function ownLessons<L extends { id_teacher: number }>(
  lessons: readonly L[],
  viewerId: number,
): (L & { own: boolean })[] {
  return lessons.map((lesson) => ({ ...lesson, own: lesson.id_teacher === viewerId }));
}
