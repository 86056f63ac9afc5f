import { useTranslation } from 'react-i18next';
import { PageFrame, ROLE, useSession } from '@lms/shared';
import '../i18n';
import { NAMESPACE } from '../i18n';
import { StudentTests } from '../features/take';
import { TeacherTesting } from '../features/teach';

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
      {teacher ? <TeacherTesting /> : <StudentTests />}
    </PageFrame>
  );
}
