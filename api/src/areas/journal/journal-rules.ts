import {
  ABSENCE_MARK,
  JOURNAL_HOURS_PER_LESSON,
  type Mark,
  type MarkSource,
} from '@lms/shared/contract';

/**
 * The attendance journal's rules (spec §7, §9): pure functions, no database and no Fastify. They
 * decide and answer a refusal code (visitlog-messages.ts words it) or null when allowed.
 */

/** The attendance and score figures of a set of marks (spec §9). */
export interface Figures {
  timesCount: number;
  hours: number;
  total: number;
  average: number | null;
  attendancePercent: number | null;
}

export const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
};

/** The numeric value of a mark, or null (the absence mark, presence, non-numeric scale values). */
export function numericMark(mark: Mark): number | null {
  if (mark === null || mark === ABSENCE_MARK || !/^-?\d+(\.\d+)?$/.test(mark)) return null;
  return Number(mark);
}

/**
 * Figures of the marks of the lessons a student is listed on: absences (ABSENCE_MARK, 2 hours
 * each) never add to the sum; the average is of the numeric marks, two decimals; attendance is
 * the share of listed lessons not missed, one decimal.
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

/** A mark the journal accepts: a value of the grade scale, the absence mark, or null (present). */
export function markRefusal(mark: Mark, scale: readonly string[]): 'invalidMark' | null {
  if (mark === null || mark === ABSENCE_MARK || scale.includes(mark)) return null;
  return 'invalidMark';
}

/** A real calendar date (the contract's pattern lets 2026-02-31 through). */
export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A lesson's date must be a calendar date. */
export function dateRefusal(date: string): 'invalidDate' | null {
  return isCalendarDate(date) ? null : 'invalidDate';
}

/** A journal key's subgroup (looked up by its id) must be a subgroup of the key's group. */
export function subgroupRefusal(
  groupId: number,
  subgroup: { groupId: number } | undefined,
): 'subgroupMismatch' | null {
  return subgroup?.groupId === groupId ? null : 'subgroupMismatch';
}

/**
 * A lesson is written (marks, list, topic, deletion) only by the teacher who created it; a
 * colleague giving the same lesson type to the group reads it and is told whose it is.
 */
export function lessonWriterRefusal(
  lesson: { teacherId: number },
  teacherId: number,
): 'colleaguesLesson' | null {
  return lesson.teacherId === teacherId ? null : 'colleaguesLesson';
}

/**
 * A cell write based on a version (`basedOn`, 0 = no cell yet) is refused when the cell has
 * another version now; without `basedOn` the write replaces whatever the cell holds.
 */
export function cellVersionRefusal(
  basedOn: number | undefined,
  current: number,
): 'cellChanged' | null {
  return basedOn === undefined || basedOn === current ? null : 'cellChanged';
}

/**
 * The marks a student's QR check-in replaces in their cell: none yet (present) and the absence
 * mark. Any other mark is a grade the teacher gave, and a check-in never overwrites it.
 */
export const MARKS_A_CHECK_IN_REPLACES: readonly Mark[] = [null, ABSENCE_MARK];

/**
 * What a student's QR check-in does to their cell of the lesson (`undefined`: they have no cell
 * yet): 'present' makes it "present" (source qr); 'keep' leaves a teacher's grade as it is.
 */
export function checkInCell(cell: { otsenka: Mark } | undefined): 'present' | 'keep' {
  return cell === undefined || MARKS_A_CHECK_IN_REPLACES.includes(cell.otsenka)
    ? 'present'
    : 'keep';
}

/**
 * How a cell's attendance was recorded after the teacher writes it by hand (`previous`: its
 * source before, undefined when the student was not on the list): an absence is the teacher's;
 * a presence or a grade written over a QR check-in leaves the attendance the student's ('qr');
 * anything else was recorded by hand ('manual').
 */
export function sourceAfterHandMark(previous: MarkSource | undefined, mark: Mark): MarkSource {
  return previous === 'qr' && mark !== ABSENCE_MARK ? 'qr' : 'manual';
}

/** A lesson's module must be one of the lesson's discipline (or none). */
export function moduleRefusal(
  moduleId: number | null,
  disciplineModules: readonly number[],
): 'moduleMismatch' | null {
  return moduleId === null || disciplineModules.includes(moduleId) ? null : 'moduleMismatch';
}
