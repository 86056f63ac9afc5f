import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { abbreviateName, useFormat, useSidewaysScroll, useVisuallyHidden } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import {
  formatAverage,
  formatPercent,
  isAttendanceLow,
  type Mark,
  type MarkSummary,
} from '../../../lib/marks';
import { keepInside, moveCursor, type Cursor } from '../grid';
import {
  cellKey,
  type CellSource,
  type GridLesson,
  type GridStudent,
  type SaveMark,
} from '../types';
import { MarkCell } from './MarkCell';
import styles from './JournalGrid.module.css';

export interface JournalGridProps {
  caption: string;
  students: readonly GridStudent[];
  lessons: readonly GridLesson[];
  markOf: (student: GridStudent, lesson: GridLesson) => Mark;
  /** The version of a cell on the server (0: the student is not on the lesson's list). */
  versionOf: (student: GridStudent, lesson: GridLesson) => number;
  /** How a cell's attendance was recorded ('none': not marked yet). */
  sourceOf: (student: GridStudent, lesson: GridLesson) => CellSource;
  /** A student's absences, hours, total, average and attendance, as the server counts them. */
  summaryOf: (student: GridStudent) => Omit<MarkSummary, 'lessons'>;
  /** The grades of the scale ('5', '4', …). */
  scale: readonly Mark[];
  save: SaveMark;
  /**
   * The lesson's column header (its date and order, opening its topic); the date and order as
   * text when not given.
   */
  lessonHeader?: (lesson: GridLesson) => ReactNode;
  /** Attendance under this percent is shown as a warning. */
  attendanceThreshold?: number;
}

/**
 * The journal as a table: students × lessons, then absences, hours, total, average and
 * attendance. The marks take the keyboard: arrows, Tab and Enter move between cells (one tab
 * stop for the whole grid), a grade or 'н' sets the mark, Delete clears it; each cell saves on
 * its own. Lesson columns are narrow (a short date, a mark) so a desk shows ten and more; the
 * students' names stay in place while the grid scrolls sideways, a cell scrolled to by the
 * keyboard stops beside them (never under them), and a line says when there is more to the right.
 */
export function JournalGrid({
  caption,
  students,
  lessons,
  markOf,
  versionOf,
  sourceOf,
  summaryOf,
  scale,
  save,
  lessonHeader,
  attendanceThreshold,
}: JournalGridProps) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const hidden = useVisuallyHidden();
  const hintId = useId();
  const box = useRef<HTMLDivElement>(null);
  const { scrolls, more } = useSidewaysScroll(box, `${students.length}:${lessons.length}`);
  const size = { rows: students.length, cols: lessons.length };
  const [stored, setCursor] = useState<Cursor>({ row: 0, col: 0 });
  const [focusRequest, setFocusRequest] = useState(0);
  const cursor = keepInside(stored, size);

  const navigate = (event: KeyboardEvent<HTMLElement>): boolean => {
    const next = moveCursor(cursor, event, size);
    if (next === null) {
      // Arrows and Enter at an edge still belong to the grid (no page scroll, no click);
      // Tab goes on out of the grid.
      if (event.key.startsWith('Arrow') || event.key === 'Enter') {
        event.preventDefault();
        return true;
      }
      return false;
    }
    event.preventDefault();
    setCursor(next);
    setFocusRequest((count) => count + 1);
    return true;
  };

  return (
    <div className={styles.frame}>
      {/* Its line stays while the grid scrolls, so the grid does not jump when it goes. */}
      {scrolls && (
        <p
          id={hintId}
          className={more ? styles.moreHint : `${styles.moreHint} ${styles.moreHintDone}`}
          aria-hidden={more ? undefined : true}
          data-testid="grid-more"
        >
          {t('grid.moreRight')} <span aria-hidden="true">→</span>
        </p>
      )}
      <div
        ref={box}
        className={styles.scroll}
        role="region"
        aria-label={caption}
        aria-describedby={more ? hintId : undefined}
        tabIndex={-1}
        data-testid="journal-grid"
      >
        <table className={styles.table}>
          <caption className={hidden}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className={`${styles.sticky} ${styles.nameHead}`}>
                {t('grid.student')}
              </th>
              {lessons.map((lesson) => (
                <th
                  key={lesson.key}
                  scope="col"
                  className={
                    lesson.owner === null
                      ? styles.lessonHead
                      : `${styles.lessonHead} ${styles.colleagueHead}`
                  }
                  data-testid="lesson-column"
                >
                  {lessonHeader?.(lesson) ?? (
                    <span className={styles.lessonLabel}>
                      <span className={styles.date}>{lesson.label}</span>{' '}
                      <span className={styles.order}>{lesson.order}</span>
                    </span>
                  )}
                  {lesson.owner !== null && (
                    <span
                      className={styles.owner}
                      title={t('lesson.givenBy', { teacher: lesson.owner })}
                    >
                      {t('lesson.givenBy', { teacher: abbreviateName(lesson.owner) })}
                    </span>
                  )}
                </th>
              ))}
              <th scope="col" className={`${styles.number} ${styles.summaryHead}`}>
                {t('grid.absences')}
              </th>
              <th scope="col" className={`${styles.number} ${styles.summaryHead}`}>
                {t('grid.hours')}
              </th>
              <th scope="col" className={`${styles.number} ${styles.summaryHead}`}>
                {t('grid.total')}
              </th>
              <th scope="col" className={`${styles.number} ${styles.summaryHead}`}>
                {t('grid.average')}
              </th>
              <th scope="col" className={`${styles.number} ${styles.summaryHead}`}>
                {t('grid.attendance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {students.map((student, row) => {
              const summary = summaryOf(student);
              const low = isAttendanceLow(summary.attendance, attendanceThreshold);
              return (
                <tr key={student.id}>
                  <th scope="row" className={`${styles.sticky} ${styles.name}`}>
                    {student.name}
                  </th>
                  {lessons.map((lesson, col) => (
                    <td
                      key={lesson.key}
                      className={
                        lesson.owner === null
                          ? styles.markCell
                          : `${styles.markCell} ${styles.colleagueCell}`
                      }
                    >
                      <MarkCell
                        key={cellKey({ student, lesson })}
                        cell={{ student, lesson }}
                        mark={markOf(student, lesson)}
                        version={versionOf(student, lesson)}
                        source={sourceOf(student, lesson)}
                        scale={scale}
                        save={save}
                        active={cursor.row === row && cursor.col === col}
                        focusRequest={focusRequest}
                        onFocus={() => setCursor({ row, col })}
                        onNavigate={navigate}
                      />
                    </td>
                  ))}
                  <td className={styles.number}>{format.number(summary.absences)}</td>
                  <td className={styles.number}>{format.number(summary.hours)}</td>
                  <td className={styles.number}>{format.number(summary.total)}</td>
                  <td className={styles.number}>{formatAverage(summary.average, format)}</td>
                  <td className={low ? `${styles.number} ${styles.low}` : styles.number}>
                    {formatPercent(summary.attendance, format)}
                    {low && <span className={hidden}> {t('grid.lowAttendance')}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
