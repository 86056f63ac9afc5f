import type { AttendanceSource } from '@lms/shared';
import { ABSENT, type Mark } from '../../lib/marks';
import type { CellSource } from './types';

/** The focused cell of the grid: a student's row and a lesson's column. */
export interface Cursor {
  row: number;
  col: number;
}

export interface GridSize {
  rows: number;
  cols: number;
}

/** The keys of a keydown the grid cares about. */
export interface KeyPress {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max, 0));

/**
 * Where the focus goes on a key: arrows by one cell (stopping at the edges), Tab and Shift+Tab
 * along the row and on to the next or previous row, Enter down the column (Shift+Enter up),
 * Home / End to the row's ends. Null when the key does not move (and the grid lets it through,
 * e.g. Tab out of the last cell).
 */
export function moveCursor(cursor: Cursor, press: KeyPress, size: GridSize): Cursor | null {
  if (size.rows === 0 || size.cols === 0) return null;
  const lastRow = size.rows - 1;
  const lastCol = size.cols - 1;
  const at = (row: number, col: number): Cursor | null => {
    const next = { row: clamp(row, lastRow), col: clamp(col, lastCol) };
    return next.row === cursor.row && next.col === cursor.col ? null : next;
  };
  switch (press.key) {
    case 'ArrowLeft':
      return at(cursor.row, cursor.col - 1);
    case 'ArrowRight':
      return at(cursor.row, cursor.col + 1);
    case 'ArrowUp':
      return at(cursor.row - 1, cursor.col);
    case 'ArrowDown':
      return at(cursor.row + 1, cursor.col);
    case 'Enter':
      return at(cursor.row + (press.shiftKey ? -1 : 1), cursor.col);
    case 'Home':
      return at(press.ctrlKey ? 0 : cursor.row, 0);
    case 'End':
      return at(press.ctrlKey ? lastRow : cursor.row, lastCol);
    case 'Tab': {
      const index = cursor.row * size.cols + cursor.col + (press.shiftKey ? -1 : 1);
      if (index < 0 || index > lastRow * size.cols + lastCol) return null;
      return { row: Math.floor(index / size.cols), col: index % size.cols };
    }
    default:
      return null;
  }
}

/**
 * The mark a key sets, or undefined when the key sets none: 'н' (either case, or the Latin 'n'
 * on an English layout) marks an absence, Delete / Backspace / Space clear the cell (present),
 * and a character picks the grade of the scale that equals it, else the only one that starts
 * with it. The first letter of the absence as the reader sees it (`absentText`: 'к/ж' in
 * Kyrgyz, 'abs' in English) marks an absence too when no grade takes that letter. A key with
 * Ctrl, Alt or Meta is left to the browser.
 */
export function markFromKey(
  press: KeyPress,
  scale: readonly Mark[],
  absentText: string = ABSENT,
): Mark | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey) return undefined;
  const { key } = press;
  if (key === 'Delete' || key === 'Backspace' || key === ' ') return '';
  if (key.length !== 1) return undefined;
  const typed = key.toLowerCase();
  if (typed === 'н' || typed === 'n') return ABSENT;
  const grades = scale.filter((grade) => grade !== ABSENT && grade !== '');
  const exact = grades.find((grade) => grade.toLowerCase() === typed);
  if (exact !== undefined) return exact;
  const starting = grades.filter((grade) => grade.toLowerCase().startsWith(typed));
  if (starting.length === 1) return starting[0];
  if (starting.length === 0 && absentText.charAt(0).toLowerCase() === typed) return ABSENT;
  return undefined;
}

/** The cell that should take the focus after the grid changed size (rows or lessons removed). */
export function keepInside(cursor: Cursor, size: GridSize): Cursor {
  return { row: clamp(cursor.row, size.rows - 1), col: clamp(cursor.col, size.cols - 1) };
}

/**
 * How a cell's attendance reads once the teacher writes `mark` in it by hand, as the server
 * records it: an absence is the teacher's; a presence or a grade written over a QR check-in
 * leaves the attendance the student's.
 */
export function sourceAfterHandMark(source: CellSource, mark: Mark): AttendanceSource {
  return source === 'qr' && mark !== ABSENT ? 'qr' : 'hand';
}

/** A hand mark that would undo a student's QR check-in (an absence over it): asked first. */
export function overridesCheckIn(source: CellSource, mark: Mark): boolean {
  return source === 'qr' && mark === ABSENT;
}
