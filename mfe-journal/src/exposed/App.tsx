import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE, SectionHeader, useSession } from '@lms/shared';
import '../i18n';
import { NAMESPACE } from '../i18n';
import { TeacherJournal } from '../features/journal';
import { StudentJournal } from '../features/student';
import styles from './App.module.css';

/** The visit journal, /lms/journal: teachers keep it, students read their own. */
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
      <SectionHeader id={headingId} title={t('title')} subtitle={t('description')} />
      {user?.role === ROLE.teacher && <TeacherJournal />}
      {user?.role === ROLE.student && <StudentJournal />}
    </section>
  );
}
