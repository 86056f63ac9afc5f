import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect, EmptyState, errorMessage, usePlainList } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { ABSENT, type Mark } from '../../../lib/marks';
import { useMarkSave } from '../api/useMarkSave';
import { overridesCheckIn, sourceAfterHandMark } from '../grid';
import type { CellSource, GridLesson, GridStudent, SaveMark } from '../types';
import { CellHistoryAction, CellHistoryDialog } from './CellHistory';
import { MarkOptions, UNMARKED } from './MarkOptions';
import { SaveState } from './SaveState';
import { useCellWords } from './useCellWords';
import styles from './TeacherJournal.module.css';

export interface PhoneLessonListProps {
  lessons: readonly GridLesson[];
  /** The journal's students: every one of them is marked on each lesson, as in the grid. */
  students: readonly GridStudent[];
  markOf: (student: GridStudent, lesson: GridLesson) => Mark;
  /** The version of a cell on the server (0: the student is not on the lesson's list). */
  versionOf: (student: GridStudent, lesson: GridLesson) => number;
  /** How a cell's attendance was recorded ('none': not marked yet). */
  sourceOf: (student: GridStudent, lesson: GridLesson) => CellSource;
  scale: readonly Mark[];
  save: SaveMark;
}

/**
 * On a phone: one lesson at a time (the latest first), a mark control for every student of the
 * journal (those not marked yet say so), and how each attendance was recorded.
 */
export function PhoneLessonList({
  lessons,
  students,
  markOf,
  versionOf,
  sourceOf,
  scale,
  save,
}: PhoneLessonListProps) {
  const { t } = useTranslation(NAMESPACE);
  const plainList = usePlainList();
  const [chosen, setChosen] = useState<string | null>(null);
  const lesson = lessons.find((each) => each.key === chosen) ?? lessons.at(-1) ?? null;
  if (!lesson) return <EmptyState message={t('grid.noLessons')} />;

  return (
    <div className={styles.phone}>
      <ChoiceSelect
        label={t('phone.lesson')}
        items={lessons.map((each) => ({ id: Number(each.key), name: each.title }))}
        value={Number(lesson.key)}
        onChange={(id) => setChosen(id === null ? null : String(id))}
      />
      {lesson.owner !== null && (
        <p className={styles.readOnlyNote}>{t('lesson.readOnly', { teacher: lesson.owner })}</p>
      )}
      {students.length === 0 ? (
        <EmptyState message={t('grid.noStudents')} />
      ) : (
        <ul
          className={`${plainList} ${styles.phoneList}`}
          aria-label={t('phone.list', { lesson: lesson.title })}
        >
          {students.map((student) => (
            <li key={`${student.id}:${lesson.key}`} className={styles.phoneItem}>
              <PhoneMark
                student={student}
                lesson={lesson}
                mark={markOf(student, lesson)}
                version={versionOf(student, lesson)}
                source={sourceOf(student, lesson)}
                scale={scale}
                save={save}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PhoneMark({
  student,
  lesson,
  mark,
  version,
  source,
  scale,
  save,
}: {
  student: GridStudent;
  lesson: GridLesson;
  mark: Mark;
  version: number;
  source: CellSource;
  scale: readonly Mark[];
  save: SaveMark;
}) {
  const { t } = useTranslation(NAMESPACE);
  const words = useCellWords();
  const saving = useMarkSave({ student, lesson }, save);
  const [history, setHistory] = useState(false);
  const shown = saving.pending ?? mark;
  const shownSource =
    saving.pending === undefined ? source : sourceAfterHandMark(source, saving.pending);
  const id = `mark-${student.id}-${lesson.key}`;
  const byQr = shownSource === 'qr' && (
    <span className={styles.phoneSource} data-source="qr">
      {t('source.qr')}
    </span>
  );
  if (lesson.owner !== null) {
    // A colleague's lesson: the mark as text, named by the student.
    return (
      <>
        <span className={styles.phoneName}>{student.name}</span>
        <span
          className={[
            styles.phoneReadOnly,
            mark === ABSENT ? styles.absentText : null,
            source === 'none' ? styles.unmarkedText : null,
          ]
            .filter(Boolean)
            .join(' ')}
        >
          {words.spoken(mark, source)}
        </span>
      </>
    );
  }
  const set = async (next: Mark) => {
    if (overridesCheckIn(shownSource, next) && !(await words.confirmOverride({ student, lesson })))
      return;
    saving.set(next, version);
  };
  return (
    <>
      <div className={styles.phoneHead}>
        <label htmlFor={id} className={styles.phoneName}>
          {student.name}
          {byQr}
        </label>
        <CellHistoryAction
          cell={{ student, lesson }}
          variant="phone"
          onOpen={() => setHistory(true)}
        />
      </div>
      {history && (
        <CellHistoryDialog cell={{ student, lesson }} onClose={() => setHistory(false)} />
      )}
      <select
        id={id}
        className={[
          styles.phoneSelect,
          shown === ABSENT ? styles.absentText : null,
          shownSource === 'none' ? styles.unmarkedText : null,
        ]
          .filter(Boolean)
          .join(' ')}
        value={shownSource === 'none' ? UNMARKED : shown}
        data-status={saving.status}
        data-source={shownSource}
        onChange={(event) => void set(event.target.value)}
      >
        <MarkOptions scale={scale} unmarked={shownSource === 'none'} />
      </select>
      <SaveState
        status={saving.status}
        error={saving.status === 'failed' ? errorMessage(saving.error) : undefined}
        conflict={saving.conflict}
        onRetry={saving.retry}
        retryLabel={t('save.retryCell', { student: student.name, lesson: lesson.title })}
      />
    </>
  );
}
