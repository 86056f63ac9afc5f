import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading, PageFrame, ROLE, useSession } from '@lms/shared';
import '../i18n';
import { NAMESPACE } from '../i18n';

// Each role's screens are a chunk of their own: a student never downloads the bank and the
// monitor, a teacher never the attempt screen.
const StudentTests = lazy(() =>
  import('../features/take').then((m) => ({ default: m.StudentTests })),
);
const TeacherTesting = lazy(() =>
  import('../features/teach').then((m) => ({ default: m.TeacherTesting })),
);

/** Testing, /lms/testing: a teacher's banks and tests, or a student's open tests. */
export default function App() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const teacher = user?.role === ROLE.teacher;
  return (
    <PageFrame
      remote={NAMESPACE}
      version={__APP_VERSION__}
      title={t('title')}
      description={t(teacher ? 'teacherDescription' : 'studentDescription')}
    >
      <Suspense fallback={<Loading />}>{teacher ? <TeacherTesting /> : <StudentTests />}</Suspense>
    </PageFrame>
  );
}
