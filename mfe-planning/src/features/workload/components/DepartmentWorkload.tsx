import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, ErrorState, Loading, SelectField } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { exportUrl, useDepartment } from '../api/workload';
import { Hours, TeacherPlan } from './TeacherPlan';
import styles from './Workload.module.css';

/**
 * The registrar: a department's teachers side by side with their planned and taught hours and the
 * totals; a teacher's plan opens below (where a row is adjusted); the department's workbook.
 */
export function DepartmentWorkload() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [teacherId, setTeacherId] = useState<number | null>(null);
  const view = useDepartment(departmentId, i18n.language);
  if (view.isError) return <ErrorState error={view.error} onRetry={() => void view.refetch()} />;
  if (!view.data) return <Loading />;
  const { teachers, totals, departments } = view.data;
  const chosen = view.data.departmentId;
  return (
    <div className={styles.screen}>
      <SelectField
        label={t('workload.department')}
        value={chosen === null ? '' : String(chosen)}
        onChange={(event) => {
          setDepartmentId(Number(event.target.value));
          setTeacherId(null);
        }}
      >
        {chosen === null && <option value="">—</option>}
        {departments.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </SelectField>
      {chosen !== null && (
        <p className={styles.actions}>
          <a className={styles.link} href={exportUrl(chosen)} download>
            {t('workload.exportDepartment')}
          </a>
        </p>
      )}
      <DataTable
        caption={t('workload.teachersCaption')}
        rows={teachers}
        rowKey={(row) => row.teacherId}
        emptyMessage={t('workload.noTeachers')}
        columns={[
          {
            key: 'teacher',
            header: t('workload.teacher'),
            render: (row) => row.teacher,
            rowHeader: true,
          },
          {
            key: 'planned',
            header: t('workload.planned'),
            align: 'end',
            render: (row) => row.plannedHours,
          },
          {
            key: 'taught',
            header: t('workload.taught'),
            align: 'end',
            priority: 'key',
            render: (row) => <Hours taught={row.taughtHours} status={row.status} />,
          },
          {
            key: 'open',
            header: t('workload.action'),
            render: (row) => (
              <Button
                aria-label={t('workload.openFor', { teacher: row.teacher })}
                aria-pressed={teacherId === row.teacherId}
                onClick={() => setTeacherId(row.teacherId)}
              >
                {t('workload.open')}
              </Button>
            ),
          },
        ]}
      />
      {teachers.length > 0 && (
        <p className={styles.lead} data-testid="department-totals">
          {t('workload.departmentTotals', {
            planned: totals.plannedHours,
            taught: totals.taughtHours,
          })}
        </p>
      )}
      {teacherId !== null && <TeacherPlan key={teacherId} teacherId={teacherId} canAdjust />}
    </div>
  );
}
