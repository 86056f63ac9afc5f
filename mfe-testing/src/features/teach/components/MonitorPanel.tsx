import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  EmptyState,
  ErrorState,
  Loading,
  useFormat,
  type TestingMonitorRow,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useMonitor } from '../api/teach';
import styles from './Teach.module.css';

/** mm:ss (h:mm:ss past an hour) of a time left. */
function clock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(total % 60)}` : `${two(m)}:${two(total % 60)}`;
}

/** The device's clock now, ticking each second (time left counts down between the asks). */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The live monitor of a test for its teacher: each student of the groups it is open to, waiting
 * for admission (with the place), taking it (answered of drawn, time left from the server's
 * deadline), finished or not started, and when their device was last heard from. Asked again
 * every few seconds; times in the university's time zone.
 */
export function MonitorPanel({ testId }: { testId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const monitor = useMonitor(testId);
  const now = useNow();
  if (monitor.isPending) return <Loading />;
  if (monitor.isError) {
    return <ErrorState error={monitor.error} onRetry={() => void monitor.refetch()} />;
  }
  const data = monitor.data;
  if (data.rows.length === 0) return <EmptyState message={t('monitorEmpty')} />;
  // The server's clock now: its answer's, plus what the device counted since.
  const serverNow = data.serverNow + Math.max(0, now - monitor.dataUpdatedAt);
  const count = (state: TestingMonitorRow['state']) =>
    data.rows.filter((row) => row.state === state).length;
  const stateText = (row: TestingMonitorRow) =>
    row.state === 'waiting'
      ? t('state_waiting', { place: row.place ?? 0 })
      : t(`state_${row.state}`);
  const live = (row: TestingMonitorRow) =>
    row.state === 'waiting' || row.state === 'admitted' || row.state === 'taking';
  return (
    <section className={styles.review} aria-labelledby={`monitor-${testId}`}>
      <h4 id={`monitor-${testId}`}>{t('monitorTitle', { title: data.title })}</h4>
      <p role="status" data-testid="monitor-summary">
        {t('monitorSummary', {
          taking: count('taking'),
          waiting: count('waiting') + count('admitted'),
          finished: count('finished'),
          absent: count('absent'),
        })}
      </p>
      <p className={styles.hint}>
        {t('monitorUpdated', { time: format.time(data.serverNow) })} ·{' '}
        {t('monitorRate', { rate: format.number(data.startsPerSecond) })}
      </p>
      <DataTable
        caption={t('monitor')}
        rows={data.rows}
        rowKey={(row) => row.studentId}
        columns={[
          { key: 'student', header: t('student'), render: (row) => row.student, priority: 'key' },
          { key: 'group', header: t('group'), render: (row) => row.group, priority: 'low' },
          { key: 'state', header: t('state'), render: stateText, priority: 'key' },
          {
            key: 'progress',
            header: t('progress'),
            render: (row) =>
              row.attempt === null
                ? '—'
                : t('progressOf', { answered: row.answered, total: row.total }),
          },
          {
            key: 'left',
            header: t('timeLeft'),
            render: (row) =>
              row.state === 'taking' && row.deadline !== null
                ? clock(row.deadline - serverNow)
                : '—',
          },
          {
            key: 'connection',
            header: t('connection'),
            render: (row) =>
              live(row) ? (
                <span className={row.online ? styles.online : styles.offline}>
                  {row.online ? t('online') : t('offline')}
                  {row.lastContactAt !== null &&
                    ` · ${t('lastContact', { time: format.time(row.lastContactAt) })}`}
                </span>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </section>
  );
}
