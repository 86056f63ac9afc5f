import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ABSENCE_MARK,
  Button,
  EmptyState,
  ErrorState,
  Loading,
  useButtonClass,
  useFormat,
  useIsPhone,
  useVisuallyHidden,
  type JournalKey,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { fromServer, toServer } from '../../../lib/marks';
import { useAssessments, useJournal, useSaveVisit } from '../api/useJournal';
import { exportUrl } from '../api/visitlog';
import { gridLesson } from '../lessons';
import type { CellSource, GridLesson, GridStudent, SaveMark } from '../types';
import { AddLessonForm } from './AddLessonForm';
import { JournalGrid } from './JournalGrid';
import { LessonPanel } from './LessonPanel';
import { PhoneLessonList } from './PhoneLessonList';
import { SourceLegend } from './SourceLegend';
import { TopicReport } from './TopicReport';
import styles from './TeacherJournal.module.css';

export interface JournalViewProps {
  journal: JournalKey;
  /** The journal's name: discipline, group and lesson type. */
  caption: string;
}

/** One journal: the grid (a lesson list on a phone), adding lessons, topics and exports. */
export function JournalView({ journal, caption }: JournalViewProps) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const hidden = useVisuallyHidden();
  const isPhone = useIsPhone();
  const data = useJournal(journal);
  const assessments = useAssessments();
  const saveVisit = useSaveVisit(journal);
  const [adding, setAdding] = useState(false);
  const [openLesson, setOpenLesson] = useState<string | null>(null);
  const [report, setReport] = useState(false);
  const exportLink = useButtonClass('secondary');

  if (data.isPending || assessments.isPending) return <Loading />;
  if (data.isError || assessments.isError) {
    return (
      <ErrorState
        error={data.error ?? assessments.error}
        onRetry={() => void Promise.all([data.refetch(), assessments.refetch()])}
      />
    );
  }

  const { lessons: serverLessons, rows, threshold } = data.data;
  const lessons = serverLessons.map((lesson) => gridLesson(lesson, t, format));
  const students: GridStudent[] = rows.map((row) => ({ id: row.id_student, name: row.s_fio }));
  const rowOf = new Map(rows.map((row) => [row.id_student, row]));
  const scale = assessments.data.map((a) => a.value).filter((value) => value !== ABSENCE_MARK);
  const markOf = (student: GridStudent, lesson: GridLesson) =>
    fromServer(rowOf.get(student.id)?.marks[lesson.key]);
  const versionOf = (student: GridStudent, lesson: GridLesson) =>
    rowOf.get(student.id)?.versions[lesson.key] ?? 0;
  const sourceOf = (student: GridStudent, lesson: GridLesson): CellSource =>
    rowOf.get(student.id)?.sources[lesson.key] ?? 'none';
  /** The students on a lesson's list (its panel takes them off it). */
  const listedOn = (lesson: GridLesson) =>
    students.filter((student) => lesson.key in (rowOf.get(student.id)?.marks ?? {}));
  const save: SaveMark = (cell, mark, basedOn) => saveVisit(cell, toServer(mark), basedOn);
  const lessonOpen = lessons.find((lesson) => lesson.key === openLesson) ?? null;

  // The topic report and the exports: beside "add a lesson" at a desk, under the list on a phone,
  // where the lesson's students come first.
  const others = (
    <>
      <Button variant="secondary" aria-expanded={report} onClick={() => setReport((open) => !open)}>
        {t('topic.report')}
      </Button>
      <a className={exportLink} href={exportUrl(journal, 'csv')} download>
        {t('export.csv')}
      </a>
      <a className={exportLink} href={exportUrl(journal, 'xlsx')} download>
        {t('export.xlsx')}
      </a>
    </>
  );
  const reportPanel = report && <TopicReport journal={journal} />;

  return (
    <div className={styles.view}>
      <div className={styles.toolbar}>
        <Button variant="primary" aria-expanded={adding} onClick={() => setAdding((open) => !open)}>
          {t('lesson.add')}
        </Button>
        {!isPhone && others}
      </div>
      {adding && <AddLessonForm journal={journal} onDone={() => setAdding(false)} />}
      {!isPhone && reportPanel}
      {lessonOpen && (
        <LessonPanel
          journal={journal}
          lesson={lessonOpen}
          students={listedOn(lessonOpen)}
          onClose={() => setOpenLesson(null)}
        />
      )}
      {students.length === 0 ? (
        <EmptyState message={t('grid.noStudents')} />
      ) : lessons.length === 0 ? (
        <EmptyState message={t('grid.noLessons')} />
      ) : isPhone ? (
        <PhoneLessonList
          lessons={lessons}
          students={students}
          markOf={markOf}
          versionOf={versionOf}
          sourceOf={sourceOf}
          scale={scale}
          save={save}
        />
      ) : (
        <>
          <p className={styles.hint}>{t('grid.keyboardHint')}</p>
          <SourceLegend />
          <JournalGrid
            caption={caption}
            students={students}
            lessons={lessons}
            markOf={markOf}
            versionOf={versionOf}
            sourceOf={sourceOf}
            summaryOf={(student) => {
              const row = rowOf.get(student.id);
              return {
                absences: row?.timesCount ?? 0,
                hours: row?.hours ?? 0,
                total: row?.total ?? 0,
                average: row?.average ?? null,
                attendance: row?.attendancePercent ?? null,
              };
            }}
            scale={scale}
            save={save}
            attendanceThreshold={threshold}
            lessonHeader={(lesson) => (
              // The date and order as shown, then (for screen readers) what the button opens:
              // the accessible name starts with the visible text.
              <button
                type="button"
                className={styles.lessonButton}
                aria-expanded={openLesson === lesson.key}
                title={t(lesson.owner === null ? 'lesson.open' : 'lesson.openColleague', {
                  lesson: lesson.title,
                  teacher: lesson.owner,
                })}
                onClick={() => setOpenLesson(lesson.key)}
              >
                <span className={styles.lessonDate}>{lesson.label}</span>{' '}
                <span className={styles.lessonOrder}>{lesson.order}</span>
                <span className={hidden}>
                  {' — '}
                  {t(lesson.owner === null ? 'lesson.open' : 'lesson.openColleague', {
                    lesson: lesson.title,
                    teacher: lesson.owner,
                  })}
                </span>
              </button>
            )}
          />
        </>
      )}
      {isPhone && <div className={styles.toolbar}>{others}</div>}
      {isPhone && reportPanel}
    </div>
  );
}
