import { useTranslation } from 'react-i18next';
import { DataTable, useFormat, type WorkloadWeek } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { Hours } from './TeacherPlan';

/** The weeks with lessons: hours taught against the timetable's hours that week. */
export function WeeksTable({ weeks }: { weeks: WorkloadWeek[] }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  return (
    <DataTable
      caption={t('workload.weeksCaption')}
      rows={weeks}
      rowKey={(w) => w.weekStart}
      emptyMessage={t('workload.noWeeks')}
      columns={[
        {
          key: 'week',
          header: t('workload.week'),
          render: (w) => t('workload.weekOf', { date: format.date(w.weekStart) }),
          rowHeader: true,
        },
        {
          key: 'scheduled',
          header: t('workload.scheduled'),
          align: 'end',
          render: (w) => w.scheduledHours,
        },
        {
          key: 'taught',
          header: t('workload.taught'),
          align: 'end',
          priority: 'key',
          render: (w) => <Hours taught={w.taughtHours} status={w.status} />,
        },
      ]}
    />
  );
}
