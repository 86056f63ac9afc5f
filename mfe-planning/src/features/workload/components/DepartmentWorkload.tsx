import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, ErrorState, Loading, SelectField, useFormat } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { exportUrl, useDepartment } from '../api/workload';
import { Pace } from './Pace';
import { Hours, TeacherPlan } from './TeacherPlan';
import { yearIdOf, YearPicker } from './YearPicker';
import styles from './Workload.module.css';

/**
 * A department's teachers side by side: planned, due by today and taught hours, each one's pace
 * and the totals; a teacher's plan opens below; the department's workbook. The registrar picks any
 * department and adjusts a plan's row; a department head reads their own department.
 */
export function DepartmentWorkload({ mode }: { mode: 'registrar' | 'head' }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const format = useFormat();
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [yearId, setYearId] = useState<number | null>(null);
  const [teacherId, setTeacherId] = useState<number | null>(null);
  const view = useDepartment(departmentId, yearId, i18n.language);
  if (view.isError) return <ErrorState error={view.error} onRetry={() => void view.refetch()} />;
  if (!view.data) return <Loading />;
  const { teachers, totals, departments, today } = view.data;
  const chosen = view.data.departmentId;
  const name = departments.find((d) => d.id === chosen)?.name ?? '';
  return (
    <div className={styles.screen} aria-busy={view.isPlaceholderData}>
      {mode === 'head' && (
        <>
          <h2 className={styles.heading}>{t('workload.headOf', { department: name })}</h2>
          <p className={styles.note}>{t('workload.headNote')}</p>
        </>
      )}
      <div className={styles.toolbar}>
        {mode === 'registrar' && (
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
        )}
        <YearPicker
          years={view.data.years}
          yearId={view.data.yearId}
          currentYearId={yearIdOf(today)}
          onChange={(year) => {
            setYearId(year);
            setTeacherId(null);
          }}
        />
      </div>
      {chosen !== null && (
        <p className={styles.actions}>
          <a className={styles.link} href={exportUrl(chosen, view.data.yearId)} download>
            {t('workload.exportDepartment')}
          </a>
        </p>
      )}
      <DataTable
        caption={t('workload.teachersCaption')}
        rows={teachers}
        rowKey={(row) => row.teacherId}
        emptyMessage={t('workload.noTeachers')}
        // Teachers are compared down the columns: a grid that scrolls sideways, not cards.
        phone="scroll"
        columns={[
          {
            key: 'teacher',
            header: t('workload.teacher'),
            render: (row) => row.teacher,
            rowHeader: true,
            sticky: true,
          },
          {
            key: 'pace',
            header: t('workload.pace'),
            // Next to the name: what a head comes for is in view before any scrolling.
            priority: 'key',
            render: (row) => <Pace pace={row.pace} />,
          },
          {
            key: 'planned',
            header: t('workload.planned'),
            align: 'end',
            render: (row) => row.plannedHours,
          },
          {
            key: 'due',
            header: t('workload.due'),
            align: 'end',
            render: (row) => row.plannedToDate,
          },
          {
            key: 'taught',
            header: t('workload.taught'),
            align: 'end',
            priority: 'key',
            render: (row) => <Hours taught={row.taughtHours} status={row.status} />,
          },
          {
            key: 'behind',
            header: t('workload.behindColumn'),
            align: 'end',
            render: (row) => row.behindRows,
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
        <div className={styles.history}>
          <p className={styles.lead} data-testid="department-totals">
            {t('workload.departmentTotals', {
              planned: totals.plannedHours,
              taught: totals.taughtHours,
            })}
          </p>
          <p data-testid="department-pace">
            {t('workload.departmentPace', {
              pace: t(`workload.paceOf.${totals.pace}`),
              due: totals.plannedToDate,
              taught: totals.taughtHours,
            })}
          </p>
          <p className={styles.note}>{t('workload.paceNote', { date: format.date(today) })}</p>
        </div>
      )}
      {teacherId !== null && (
        <TeacherPlan
          key={`${teacherId}:${view.data.yearId}`}
          teacherId={teacherId}
          yearId={view.data.yearId}
          canAdjust={mode === 'registrar'}
        />
      )}
    </div>
  );
}
