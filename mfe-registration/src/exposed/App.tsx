import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading, PageFrame, ROLE, useSession } from '@lms/shared';
import '../i18n';
import { NAMESPACE } from '../i18n';
import { StudentRegistration } from '../features/registration';

// Teachers' and the registrar's screens load when opened: a student's first chunks, on a phone,
// do without them.
const StaffRegistration = lazy(() =>
  import('../features/staff').then((m) => ({ default: m.StaffRegistration })),
);

/**
 * Discipline registration, /lms/registration: students register, teachers see their streams (the
 * registrar's office sees every stream, and sets and lifts holds).
 * A work screen of wide tables for both roles, so the shell gives it the width.
 */
export default function App() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const teacher = user?.role === ROLE.teacher;
  return (
    <PageFrame
      remote={NAMESPACE}
      version={__APP_VERSION__}
      title={t('title')}
      description={
        user?.registrarPerms
          ? t('teacher.registrarDescription')
          : teacher
            ? t('teacher.description')
            : t('description')
      }
      wide
    >
      {user?.role === ROLE.student && <StudentRegistration />}
      {teacher && (
        <Suspense fallback={<Loading />}>
          <StaffRegistration />
        </Suspense>
      )}
    </PageFrame>
  );
}
