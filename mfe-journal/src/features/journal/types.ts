import type { AttendanceSource } from '@lms/shared';
import type { Mark } from '../../lib/marks';

/**
 * How a cell's attendance was recorded: by the student's QR check-in, by the teacher's hand, or
 * not yet ('none': the student is not on the lesson's list, which is not "present").
 */
export type CellSource = AttendanceSource | 'none';

/** A row of the grid. */
export interface GridStudent {
  id: number;
  name: string;
}

/** A column of the grid: one lesson (a date and its order in the day). */
export interface GridLesson {
  /** Unique among the lessons: the date and the lesson order. */
  key: string;
  /** Short header text, e.g. '12.09'. */
  label: string;
  /** The lesson order in the day (first…fifth), shown under the date. */
  order: string;
  /** Full name for screen readers and the phone list: '12.09.2026, 1st lesson'. */
  title: string;
  /**
   * A colleague's lesson (another teacher gives the same lesson type to the group): their name.
   * Such a lesson is read-only here. Null: the user's own lesson.
   */
  owner: string | null;
}

/** One cell: whose mark on which lesson. */
export interface CellRef {
  student: GridStudent;
  lesson: GridLesson;
}

/**
 * Saves one mark on the cell's version it was typed on (0: the cell had none); resolves with the
 * cell's new version when the server stored it, rejects with CellConflict when the cell had
 * moved meanwhile (the cached journal then holds the newer mark).
 */
export type SaveMark = (cell: CellRef, mark: Mark, basedOn: number) => Promise<number>;

/** What a cell holds on the server, told when a save was based on an older version. */
export interface ConflictState {
  mark: Mark;
  /** Full name of who set it; null when nobody did (the cell was emptied). */
  by: string | null;
  /** When, ms since the epoch. */
  at: number | null;
}

/** A save refused because the cell had changed since the version it was typed on. */
export class CellConflict extends Error {
  constructor(
    readonly current: ConflictState,
    message: string,
  ) {
    super(message);
    this.name = 'CellConflict';
  }
}

export const cellKey = (cell: CellRef) => `${cell.student.id}:${cell.lesson.key}`;
