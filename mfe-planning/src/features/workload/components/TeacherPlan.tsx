import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  DataTable,
  ErrorState,
  Loading,
  useFormat,
  type WorkloadRow,
  type WorkloadStatus,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { exportUrl, useTeacherPlan } from '../api/workload';
import { AdjustForm } from './AdjustForm';
import { AdjustmentHistory } from './AdjustmentHistory';
import { WeeksTable } from './WeeksTable';
import styles from './Workload.module.css';

const STATUS_CLASS: Record<WorkloadStatus, string | undefined> = {
  over: styles.over,
  under: styles.under,
  met: styles.met,
};

/** Taught hours with how they compare with the plan, in words and colour. */
export function Hours({ taught, status }: { taught: number; status: WorkloadStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={STATUS_CLASS[status]}>
      {taught} <span className={styles.badge}>{t(`workload.status.${status}`)}</span>
    </span>
  );
}

/**
 * One teacher's plan for the year: the totals, each row planned against taught (the registrar
 * adjusts a row), the history of adjustments and the weeks against the timetable.
 */
export function TeacherPlan({
  teacherId,
  canAdjust,
}: {
  teacherId: number | null;
  canAdjust: boolean;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const format = useFormat();
  const plan = useTeacherPlan(teacherId, i18n.language);
  const [adjusting, setAdjusting] = useState<number | null>(null);
  if (plan.isError) return <ErrorState error={plan.error} onRetry={() => void plan.refetch()} />;
  if (!plan.data) return <Loading />;
  const { rows, totals, weeks } = plan.data;
  const row = rows.find((candidate) => candidate.id === adjusting);
  const groupOf = (r: WorkloadRow) => (r.subgroup ? `${r.group} (${r.subgroup})` : r.group);
  return (
    <section className={styles.screen} aria-labelledby="plan-title">
      <h2 id="plan-title" className={styles.heading}>
        {t('workload.planOf', { teacher: plan.data.teacher, year: yearName(plan.data.yearId) })}
      </h2>
      <dl className={styles.totals} aria-label={t('workload.totals')}>
        <div>
          <dt>{t('workload.planned')}</dt>
          <dd data-testid="total-planned">{format.number(totals.plannedHours)}</dd>
        </div>
        <div>
          <dt>{t('workload.taught')}</dt>
          <dd data-testid="total-taught">
            <Hours taught={totals.taughtHours} status={totals.status} />
          </dd>
        </div>
        <div>
          <dt>{t('workload.left')}</dt>
          <dd>{format.number(Math.max(totals.plannedHours - totals.taughtHours, 0))}</dd>
        </div>
      </dl>
      {teacherId === null && (
        <p className={styles.actions}>
          <a className={styles.link} href={exportUrl()} download>
            {t('workload.export')}
          </a>
        </p>
      )}
      <DataTable
        caption={t('workload.rowsCaption')}
        rows={rows}
        rowKey={(r) => r.id}
        emptyMessage={t('workload.noRows')}
        columns={[
          {
            key: 'discipline',
            header: t('workload.discipline'),
            render: (r) => r.discipline,
            rowHeader: true,
          },
          { key: 'type', header: t('workload.lessonType'), render: (r) => r.lessonType },
          { key: 'group', header: t('workload.group'), render: groupOf },
          { key: 'ws', header: t('workload.semester'), render: (r) => t(`ws.${r.ws}`) },
          {
            key: 'planned',
            header: t('workload.planned'),
            align: 'end',
            render: (r) => (r.adjustments.length > 0 ? `${r.plannedHours}*` : r.plannedHours),
          },
          {
            key: 'taught',
            header: t('workload.taught'),
            align: 'end',
            priority: 'key',
            render: (r) => <Hours taught={r.taughtHours} status={r.status} />,
          },
          ...(canAdjust
            ? [
                {
                  key: 'adjust',
                  header: t('workload.action'),
                  render: (r: WorkloadRow) => (
                    <Button
                      aria-label={t('workload.adjustFor', {
                        discipline: r.discipline,
                        lessonType: r.lessonType,
                        group: groupOf(r),
                      })}
                      onClick={() => setAdjusting(r.id)}
                    >
                      {t('workload.adjust')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {rows.some((r) => r.adjustments.length > 0) && (
        <p className={styles.note}>{t('workload.adjustedMark')}</p>
      )}
      {row && canAdjust && (
        <AdjustForm
          key={row.id}
          row={row}
          label={`${row.discipline}, ${row.lessonType}, ${groupOf(row)}`}
          onClose={() => setAdjusting(null)}
        />
      )}
      <AdjustmentHistory rows={rows} groupOf={groupOf} />
      <WeeksTable weeks={weeks} />
    </section>
  );
}

/** '2026-27' of the year id 26. */
export function yearName(yearId: number): string {
  return `20${String(yearId).padStart(2, '0')}-${String((yearId + 1) % 100).padStart(2, '0')}`;
}
