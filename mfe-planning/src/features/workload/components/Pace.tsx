import { useTranslation } from 'react-i18next';
import type { WorkloadPace } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import styles from './Workload.module.css';

const PACE_CLASS: Record<WorkloadPace, string | undefined> = {
  behind: styles.behind,
  onPace: styles.onPace,
  ahead: styles.ahead,
};

/**
 * Whether the hours taught keep pace with the plan due by today: in words, then the hours due
 * (left out where a column of its own says them).
 */
export function Pace({ pace, due }: { pace: WorkloadPace; due?: number }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`${styles.pace} ${PACE_CLASS[pace] ?? ''}`}>
      <span className={styles.badge}>{t(`workload.paceOf.${pace}`)}</span>
      {due !== undefined && (
        <>
          {' '}
          <span>{t('workload.dueHours', { hours: due })}</span>
        </>
      )}
    </span>
  );
}
