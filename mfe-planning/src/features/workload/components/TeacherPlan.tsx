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
import { Pace } from './Pace';
import { WeeksTable } from './WeeksTable';
import { yearIdOf, yearName, YearPicker } from './YearPicker';
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
 * One teacher's plan for the year: the totals, each row planned against taught and its pace (the
 * registrar adjusts a row), the history of adjustments and the weeks against the timetable.
 * `yearId` null: the current year; `onYearChange`: the plan has its own year picker (the teacher's
 * own plan; a plan opened from the department's view is of the view's year).
 */
export function TeacherPlan({
  teacherId,
  canAdjust,
  yearId = null,
  onYearChange,
}: {
  teacherId: number | null;
  canAdjust: boolean;
  yearId?: number | null;
  onYearChange?: (yearId: number) => void;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const format = useFormat();
  const plan = useTeacherPlan(teacherId, yearId, i18n.language);
  const [adjusting, setAdjusting] = useState<number | null>(null);
  if (plan.isError) return <ErrorState error={plan.error} onRetry={() => void plan.refetch()} />;
  if (!plan.data) return <Loading />;
  const { rows, totals, weeks, today } = plan.data;
  const row = rows.find((candidate) => candidate.id === adjusting);
  const groupOf = (r: WorkloadRow) => (r.subgroup ? `${r.group} (${r.subgroup})` : r.group);
  return (
    <section
      className={styles.screen}
      aria-labelledby="plan-title"
      aria-busy={plan.isPlaceholderData}
    >
      {onYearChange && (
        <div className={styles.toolbar}>
          <YearPicker
            years={plan.data.years}
            yearId={plan.data.yearId}
            currentYearId={yearIdOf(today)}
            onChange={onYearChange}
          />
        </div>
      )}
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
        <div>
          <dt>{t('workload.pace')}</dt>
          <dd data-testid="total-pace" className={styles.paceTotal}>
            <Pace pace={totals.pace} due={totals.plannedToDate} />
          </dd>
        </div>
      </dl>
      <p className={styles.note}>
        {t('workload.paceNote', { date: format.date(today) })}{' '}
        {totals.behindRows > 0
          ? t('workload.behindRows', { count: totals.behindRows })
          : t('workload.noneBehind')}
      </p>
      {teacherId === null && (
        <p className={styles.actions}>
          <a
            className={styles.link}
            href={exportUrl(null, yearId === null ? undefined : yearId)}
            download
          >
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
          {
            key: 'pace',
            header: t('workload.pace'),
            render: (r) => <Pace pace={r.pace} due={r.plannedToDate} />,
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
