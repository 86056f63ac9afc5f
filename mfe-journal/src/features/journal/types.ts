import type { Mark } from '../../lib/marks';

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
}

/** One cell: whose mark on which lesson. */
export interface CellRef {
  student: GridStudent;
  lesson: GridLesson;
}

/** Saves one mark; resolves when the server stored it. */
export type SaveMark = (cell: CellRef, mark: Mark) => Promise<unknown>;

export const cellKey = (cell: CellRef) => `${cell.student.id}:${cell.lesson.key}`;
