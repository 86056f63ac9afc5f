import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect, EmptyState, errorMessage, usePlainList } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { ABSENT, type Mark } from '../../../lib/marks';
import { useMarkSave } from '../api/useMarkSave';
import type { GridLesson, GridStudent, SaveMark } from '../types';
import { useMarkText } from '../../../lib/useMarkText';
import { MarkOptions } from './MarkOptions';
import { SaveState } from './SaveState';
import styles from './TeacherJournal.module.css';

export interface PhoneLessonListProps {
  lessons: readonly GridLesson[];
  /** The students listed on a lesson. */
  studentsOf: (lesson: GridLesson) => readonly GridStudent[];
  markOf: (student: GridStudent, lesson: GridLesson) => Mark;
  /** The version of a cell on the server (0: the student is not on the lesson's list). */
  versionOf: (student: GridStudent, lesson: GridLesson) => number;
  scale: readonly Mark[];
  save: SaveMark;
}

/** On a phone: one lesson at a time (the latest first), a mark control per student. */
export function PhoneLessonList({
  lessons,
  studentsOf,
  markOf,
  versionOf,
  scale,
  save,
}: PhoneLessonListProps) {
  const { t } = useTranslation(NAMESPACE);
  const plainList = usePlainList();
  const [chosen, setChosen] = useState<string | null>(null);
  const lesson = lessons.find((each) => each.key === chosen) ?? lessons.at(-1) ?? null;
  if (!lesson) return <EmptyState message={t('grid.noLessons')} />;
  const students = studentsOf(lesson);

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
  scale,
  save,
}: {
  student: GridStudent;
  lesson: GridLesson;
  mark: Mark;
  version: number;
  scale: readonly Mark[];
  save: SaveMark;
}) {
  const { t } = useTranslation(NAMESPACE);
  const markText = useMarkText();
  const saving = useMarkSave({ student, lesson }, save);
  const shown = saving.pending ?? mark;
  const id = `mark-${student.id}-${lesson.key}`;
  if (lesson.owner !== null) {
    // A colleague's lesson: the mark as text, named by the student.
    return (
      <>
        <span className={styles.phoneName}>{student.name}</span>
        <span
          className={[styles.phoneReadOnly, mark === ABSENT ? styles.absentText : null]
            .filter(Boolean)
            .join(' ')}
        >
          {mark === '' ? t('mark.present') : markText(mark)}
        </span>
      </>
    );
  }
  return (
    <>
      <label htmlFor={id} className={styles.phoneName}>
        {student.name}
      </label>
      <select
        id={id}
        className={[styles.phoneSelect, shown === ABSENT ? styles.absentText : null]
          .filter(Boolean)
          .join(' ')}
        value={shown}
        data-status={saving.status}
        onChange={(event) => saving.set(event.target.value, version)}
      >
        <MarkOptions scale={scale} />
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
