import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EmptyState,
  ErrorState,
  Loading,
  useFormat,
  type AuditCellValue,
  type AuditEntry,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { auditCellValue } from '../../../lib/auditValue';
import { fromServer } from '../../../lib/marks';
import { useCellWords, type CellSource } from '../../journal';
import { useStudentMarkHistory } from '../api/studentHistory';
import styles from './MarkHistory.module.css';

/** What a change did to the mark: set it, changed it from one value to another, removed it. */
function useChangeText() {
  const { t } = useTranslation(NAMESPACE);
  const words = useCellWords();
  const say = (value: AuditCellValue) =>
    words.spoken(fromServer(value.otsenka), value.source as CellSource);
  return (entry: AuditEntry): string => {
    const before = auditCellValue(entry.before);
    const after = auditCellValue(entry.after);
    if (before && after) return t('markHistory.changed', { from: say(before), to: say(after) });
    if (after) return t('markHistory.set', { to: say(after) });
    if (before) return t('markHistory.removed', { from: say(before) });
    return t('history.noCell');
  };
}

/** One change: the lesson (discipline, type, date), from what to what, who and when. */
function Entry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const change = useChangeText();
  const { lesson } = entry;
  return (
    <li className={styles.entry}>
      <p className={styles.discipline}>
        {lesson ? lesson.discipline : t('markHistory.deletedLesson')}
      </p>
      {lesson && (
        <p className={styles.lesson}>
          {t('markHistory.lesson', {
            type: lesson.lessonType,
            date: format.date(lesson.date),
            order: t(`order.${lesson.id_time}`),
          })}
        </p>
      )}
      <p className={styles.change}>{change(entry)}</p>
      <p className={styles.who}>
        {t('markHistory.by', {
          by: entry.by ?? t('history.portal'),
          date: format.date(entry.date),
          time: entry.time,
        })}
      </p>
    </li>
  );
}

/**
 * A student's mark history, newest first: each change of a mark with its lesson, its value before
 * and after, who made it and when (the university's date and time, as the server wrote them).
 * The student's own (the server answers a student only theirs) or, for the registrar, anyone's.
 */
export function MarkHistory({ idStudent }: { idStudent: number }) {
  const { t } = useTranslation(NAMESPACE);
  const listId = useId();
  const history = useStudentMarkHistory(idStudent);
  if (history.isPending) return <Loading />;
  if (history.isError) {
    return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  }
  if (history.data.length === 0) return <EmptyState message={t('markHistory.empty')} />;
  return (
    <>
      <h2 id={listId} className={styles.heading}>
        {t('markHistory.listLabel', { count: history.data.length })}
      </h2>
      <ol className={styles.list} aria-labelledby={listId}>
        {history.data.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
    </>
  );
}
