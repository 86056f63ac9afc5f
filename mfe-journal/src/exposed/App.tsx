import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { areaFromPath, ROLE, SectionHeader, useSession } from '@lms/shared';
import '../i18n';
import { NAMESPACE } from '../i18n';
import { TeacherJournal } from '../features/journal';
import { ScanScreen, TeacherQr } from '../features/qr';
import { ScheduleScreen } from '../features/schedule';
import { StudentJournal } from '../features/student';
import styles from './App.module.css';

/** The areas this remote serves: the visit journal (/lms/journal) and the schedule (/lms/schedule). */
const AREAS = ['journal', 'schedule'] as const;

/** The schedule's screens: the week, the teacher's QR of a lesson, the student's scan. */
function ScheduleArea({ pathname }: { pathname: string }) {
  const { user } = useSession();
  const qr = /\/schedule\/qr\/([1-9][0-9]{0,9})$/.exec(pathname);
  if (qr && user?.role === ROLE.teacher) return <TeacherQr idShed={Number(qr[1])} />;
  if (pathname.endsWith('/schedule/scan') && user?.role === ROLE.student) return <ScanScreen />;
  return <ScheduleScreen />;
}

/** The visit journal, /lms/journal (teachers keep it, students read their own), and the schedule. */
export default function App() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const { pathname } = useLocation();
  const area = areaFromPath(pathname, AREAS);
  const headingId = useId();
  return (
    <section
      className={styles.page}
      aria-labelledby={headingId}
      data-remote={NAMESPACE}
      data-remote-version={__APP_VERSION__}
    >
      {area === 'schedule' ? (
        <>
          <SectionHeader
            id={headingId}
            title={t('schedule.title')}
            subtitle={t('schedule.description')}
          />
          <ScheduleArea pathname={pathname} />
        </>
      ) : (
        <>
          <SectionHeader id={headingId} title={t('title')} subtitle={t('description')} />
          {user?.role === ROLE.teacher && <TeacherJournal />}
          {user?.role === ROLE.student && <StudentJournal />}
        </>
      )}
    </section>
  );
}
