import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  ChoiceSelect,
  DataTable,
  EmptyState,
  ErrorState,
  Loading,
  SectionHeader,
  useFormat,
  type StudentJournalLesson,
  type StudentJournalPart,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { OWN_HISTORY_PATH } from '../../../lib/historyPaths';
import { ABSENT, formatAverage, formatPercent, isAttendanceLow } from '../../../lib/marks';
import { useMarkText } from '../../../lib/useMarkText';
import { useStudentJournal } from '../api/studentJournal';
import styles from './StudentJournal.module.css';

/** A student's own journal of one discipline: per lesson type, the marks by date; read only. */
export function StudentJournal() {
  const { t } = useTranslation(NAMESPACE);
  const view = useStudentJournal();
  const failed = view.term.ws.error ?? view.term.year.error ?? view.disciplines.error;

  return (
    <div className={styles.student}>
      <ChoiceSelect
        label={t('student.discipline')}
        items={view.disciplines.data}
        getId={(d) => d.id_discipline}
        getLabel={(d) => d.name}
        value={view.discipline?.id_discipline ?? null}
        loading={view.term.ws.isPending || view.term.year.isPending || view.disciplines.isPending}
        onChange={(id) => view.choose(id)}
      />
      <Link to={OWN_HISTORY_PATH} className={styles.historyLink}>
        {t('markHistory.open')}
      </Link>
      {failed ? (
        <ErrorState
          error={failed}
          onRetry={() =>
            void Promise.all([
              view.term.ws.refetch(),
              view.term.year.refetch(),
              view.disciplines.refetch(),
            ])
          }
        />
      ) : view.disciplines.data?.length === 0 ? (
        <EmptyState message={t('student.noDisciplines')} />
      ) : view.journal.isError ? (
        <ErrorState error={view.journal.error} onRetry={() => void view.journal.refetch()} />
      ) : view.journal.data ? (
        view.journal.data.length === 0 ? (
          <EmptyState message={t('student.empty')} />
        ) : (
          view.journal.data.map((part) => <LessonTypePart key={part.id_vid_zaniatiy} part={part} />)
        )
      ) : (
        view.discipline && <Loading />
      )}
    </div>
  );
}

function LessonTypePart({ part }: { part: StudentJournalPart }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const markText = useMarkText();
  const headingId = useId();
  const low = isAttendanceLow(part.attendancePercent);
  return (
    <section className={styles.part} aria-labelledby={headingId}>
      <SectionHeader id={headingId} level={2} title={part.lessonType} subtitle={part.teacher} />
      <p className={low ? `${styles.summary} ${styles.low}` : styles.summary}>
        {t('student.summary', {
          absences: format.number(part.timesCount),
          hours: format.number(part.hours),
          average: formatAverage(part.average, format),
          attendance: formatPercent(part.attendancePercent, format),
        })}
      </p>
      <DataTable<StudentJournalLesson>
        caption={t('phone.list', { lesson: part.lessonType })}
        captionHidden
        rows={part.lessons}
        rowKey={(lesson) => lesson.id_lesson}
        emptyMessage={t('student.empty')}
        columns={[
          {
            key: 'date',
            header: t('student.date'),
            render: (lesson) => (
              <span className={styles.when}>
                {format.date(lesson.date)}, {t(`order.${lesson.id_time}`)}
              </span>
            ),
          },
          {
            key: 'mark',
            header: t('student.mark'),
            align: 'center',
            priority: 'key',
            render: (lesson) =>
              lesson.otsenka === null ? (
                <span className={styles.present}>{t('mark.present')}</span>
              ) : (
                <span className={lesson.otsenka === ABSENT ? styles.absent : styles.grade}>
                  {markText(lesson.otsenka)}
                </span>
              ),
          },
          {
            key: 'tema',
            header: t('topic.text'),
            priority: 'low',
            render: (lesson) => lesson.tema || '—',
          },
        ]}
      />
    </section>
  );
}
