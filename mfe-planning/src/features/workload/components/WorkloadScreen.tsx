import { useTranslation } from 'react-i18next';
import { EmptyState, ROLE, useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { DepartmentWorkload } from './DepartmentWorkload';
import { TeacherPlan } from './TeacherPlan';

/**
 * /lms/workload: a teacher reads their own plan against what they taught; the registrar the
 * department's teachers side by side, and adjusts a row. Students have no workload.
 */
export function WorkloadScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  if (user?.registrarPerms) return <DepartmentWorkload />;
  if (user?.role === ROLE.teacher) return <TeacherPlan teacherId={null} canAdjust={false} />;
  return <EmptyState message={t('workload.teachersOnly')} />;
}
