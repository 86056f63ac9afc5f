import { useTranslation } from 'react-i18next';
import { ErrorState, Loading, ROLE, useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useWebinars } from '../api/webinars';
import { Recordings } from './Recordings';
import { ScheduleForm } from './ScheduleForm';
import { WebinarList } from './WebinarList';
import styles from '../../campus.module.css';

/** /lms/webinars: the teacher schedules and lists; a student sees the group's and joins. */
export function WebinarsScreen() {
  const { t } = useTranslation(NAMESPACE);
  const teacher = useSession().user?.role === ROLE.teacher;
  const list = useWebinars();
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <div className={styles.screen}>
      <p>{list.data.engine === 'bbb' ? t('webinars.onBbb') : t('webinars.embedded')}</p>
      {teacher && <ScheduleForm now={list.data.now} />}
      <WebinarList webinars={list.data.webinars} teacher={teacher} />
      <Recordings engine={list.data.engine} webinars={list.data.webinars} />
    </div>
  );
}
