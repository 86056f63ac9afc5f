import { useTranslation } from 'react-i18next';
import { useFormat, type WorkloadRow } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import styles from './Workload.module.css';

/** Every change of the plan's rows, newest first: old and new hours, the note, who and when. */
export function AdjustmentHistory({
  rows,
  groupOf,
}: {
  rows: WorkloadRow[];
  groupOf: (row: WorkloadRow) => string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const changes = rows
    .flatMap((row) => row.adjustments.map((adjustment) => ({ row, adjustment })))
    .sort((a, b) => b.adjustment.at - a.adjustment.at || b.adjustment.id - a.adjustment.id);
  return (
    <section aria-labelledby="history-title" className={styles.history}>
      <h3 id="history-title" className={styles.subheading}>
        {t('workload.history')}
      </h3>
      {changes.length === 0 ? (
        <p className={styles.note}>{t('workload.noHistory')}</p>
      ) : (
        <ul className={styles.changes}>
          {changes.map(({ row, adjustment }) => (
            <li key={adjustment.id} className={styles.change}>
              <strong>
                {row.discipline}, {row.lessonType}, {groupOf(row)}
              </strong>
              <span>
                {t('workload.changed', { from: adjustment.previousHours, to: adjustment.hours })}
              </span>
              <span>«{adjustment.note}»</span>
              <span className={styles.note}>
                {adjustment.by}, {format.dateTime(adjustment.at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
