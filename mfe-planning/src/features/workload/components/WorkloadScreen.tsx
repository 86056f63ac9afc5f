import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ROLE, useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { DepartmentWorkload } from './DepartmentWorkload';
import { TeacherPlan } from './TeacherPlan';

/**
 * /lms/workload: a teacher reads their own plan against what they taught; a department head (the
 * right the registrar's office grants) their department's teachers side by side; the registrar
 * any department's, and adjusts a row. Students have no workload.
 */
export function WorkloadScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const [yearId, setYearId] = useState<number | null>(null);
  if (user?.registrarPerms) return <DepartmentWorkload mode="registrar" />;
  if (user?.role === ROLE.teacher && user.headPerms) return <DepartmentWorkload mode="head" />;
  if (user?.role === ROLE.teacher) {
    return (
      <TeacherPlan teacherId={null} yearId={yearId} onYearChange={setYearId} canAdjust={false} />
    );
  }
  return <EmptyState message={t('workload.teachersOnly')} />;
}
