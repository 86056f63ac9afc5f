import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE, SectionHeader, useSession } from '@lms/shared';
import '../i18n';
import { NAMESPACE } from '../i18n';
import { StudentRegistration } from '../features/registration';
import { TeacherStreams } from '../features/streams';
import styles from './App.module.css';

/** Discipline registration, /lms/registration: students register, teachers see their streams. */
export default function App() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const headingId = useId();
  return (
    <section
      className={styles.page}
      aria-labelledby={headingId}
      data-remote={NAMESPACE}
      data-remote-version={__APP_VERSION__}
    >
      <SectionHeader
        id={headingId}
        title={t('title')}
        subtitle={user?.role === ROLE.teacher ? t('teacher.description') : t('description')}
      />
      {user?.role === ROLE.student && <StudentRegistration />}
      {user?.role === ROLE.teacher && <TeacherStreams />}
    </section>
  );
}
