import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { areaFromPath, Loading, PageFrame, ROLE, useSession } from '@lms/shared';
import { AREAS } from '../areas';
import '../i18n';
import { NAMESPACE } from '../i18n';
import { TeacherJournal } from '../features/journal';
import { ScheduleScreen } from '../features/schedule';
import { StudentJournal } from '../features/student';
import { historyRoute } from '../lib/historyPaths';

// The QR screens carry the QR reader and writer and the passkey client: loaded when opened, so
// the journal's and the schedule's first chunks do without them.
const ScanScreen = lazy(() => import('../features/qr').then((m) => ({ default: m.ScanScreen })));
const TeacherQr = lazy(() => import('../features/qr').then((m) => ({ default: m.TeacherQr })));
const ProjectorQr = lazy(() => import('../features/qr').then((m) => ({ default: m.ProjectorQr })));
// A student's mark history is read now and then: loaded when opened.
const OwnMarkHistory = lazy(() =>
  import('../features/history').then((m) => ({ default: m.OwnMarkHistory })),
);
const RegistrarMarkHistory = lazy(() =>
  import('../features/history').then((m) => ({ default: m.RegistrarMarkHistory })),
);
const ChooseStudent = lazy(() =>
  import('../features/history').then((m) => ({ default: m.ChooseStudent })),
);

/**
 * The schedule's screens, each with its own heading: the week, a lesson's QR on the teacher's
 * device (with the list), its projector view, the student's scan. The projector view covers the
 * portal's frame, so the teacher's own panes (profile, sign-out, messages) are not shown to the
 * room.
 */
function ScheduleArea({ pathname }: { pathname: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const qr = /\/schedule\/qr\/([1-9][0-9]{0,9})(\/projector)?$/.exec(pathname);
  const frame = { remote: NAMESPACE, version: __APP_VERSION__ };
  if (qr?.[2] && user?.role === ROLE.teacher) {
    return (
      <PageFrame {...frame} title={t('qr.projectorTitle')} wide>
        <Suspense fallback={<Loading />}>
          <ProjectorQr idShed={Number(qr[1])} />
        </Suspense>
      </PageFrame>
    );
  }
  if (qr && user?.role === ROLE.teacher) {
    return (
      <PageFrame {...frame} title={t('qr.title')} description={t('qr.description')} wide>
        <Suspense fallback={<Loading />}>
          <TeacherQr idShed={Number(qr[1])} />
        </Suspense>
      </PageFrame>
    );
  }
  if (pathname.endsWith('/schedule/scan') && user?.role === ROLE.student) {
    return (
      <PageFrame {...frame} title={t('scan.title')} description={t('scan.intro')}>
        <Suspense fallback={<Loading />}>
          <ScanScreen />
        </Suspense>
      </PageFrame>
    );
  }
  return (
    <PageFrame {...frame} title={t('schedule.title')} description={t('schedule.description')}>
      <ScheduleScreen />
    </PageFrame>
  );
}

/**
 * A student's mark history: /lms/journal/history for the student (their own), and
 * /lms/markhistory/<id> for the registrar's office (the student's name comes with the link that
 * opened it; /lms/markhistory alone says where a student is chosen). Anyone else is shown the
 * journal instead (App); the server answers each only what they may read.
 */
function HistoryArea({ registrar, idStudent }: { registrar: boolean; idStudent: number | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { state } = useLocation() as { state: { name?: unknown } | null };
  const frame = { remote: NAMESPACE, version: __APP_VERSION__ };
  if (!registrar) {
    return (
      <PageFrame
        {...frame}
        title={t('markHistory.ownTitle')}
        description={t('markHistory.ownDescription')}
      >
        <Suspense fallback={<Loading />}>
          <OwnMarkHistory />
        </Suspense>
      </PageFrame>
    );
  }
  if (idStudent === null) {
    return (
      <PageFrame {...frame} title={t('markHistory.title')}>
        <Suspense fallback={<Loading />}>
          <ChooseStudent />
        </Suspense>
      </PageFrame>
    );
  }
  const name = typeof state?.name === 'string' ? state.name : null;
  return (
    <PageFrame
      {...frame}
      title={t('markHistory.title')}
      description={name ? t('markHistory.of', { name }) : t('markHistory.description')}
    >
      <Suspense fallback={<Loading />}>
        <RegistrarMarkHistory idStudent={idStudent} />
      </Suspense>
    </PageFrame>
  );
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
  if (area === 'schedule') return <ScheduleArea pathname={pathname} />;
  const history = historyRoute(pathname);
  if (history && !history.registrar && user?.role === ROLE.student) {
    return <HistoryArea registrar={false} idStudent={null} />;
  }
  if (history?.registrar && user?.registrarPerms) {
    return <HistoryArea registrar idStudent={history.idStudent} />;
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
