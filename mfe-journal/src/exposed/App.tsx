import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { areaFromPath, PageFrame, ROLE, useSession } from '@lms/shared';
import '../i18n';
import { NAMESPACE } from '../i18n';
import { TeacherJournal } from '../features/journal';
import { ScanScreen, TeacherQr } from '../features/qr';
import { ScheduleScreen } from '../features/schedule';
import { StudentJournal } from '../features/student';

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

/**
 * The visit journal, /lms/journal (teachers keep it, students read their own), and the schedule.
 * Both journals are work screens (a grid, a table of marks): they take the page's width.
 */
export default function App() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const { pathname } = useLocation();
  const area = areaFromPath(pathname, AREAS);
  if (area === 'schedule') {
    return (
      <PageFrame
        remote={NAMESPACE}
        version={__APP_VERSION__}
        title={t('schedule.title')}
        description={t('schedule.description')}
      >
        <ScheduleArea pathname={pathname} />
      </PageFrame>
    );
  }
  const teacher = user?.role === ROLE.teacher;
  const student = user?.role === ROLE.student;
  return (
    <PageFrame
      remote={NAMESPACE}
      version={__APP_VERSION__}
      title={t('title')}
      description={t(student ? 'student.description' : 'description')}
      wide={teacher || student}
    >
      {teacher && <TeacherJournal />}
      {student && <StudentJournal />}
    </PageFrame>
  );
}
