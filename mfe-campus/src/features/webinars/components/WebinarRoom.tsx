import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState, Loading, useFormat, useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useJoin } from '../api/webinars';
import { AttendancePanel } from './AttendancePanel';
import { EmbeddedRoom } from './EmbeddedRoom';
import styles from '../../campus.module.css';

/**
 * /lms/webinars/<id>: entering a webinar (a student's join is recorded). On BigBlueButton, its
 * link; else the embedded room; the teacher sees who joined beside it.
 */
export function WebinarRoom({ id }: { id: number }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const name = useSession().user?.fullName ?? '';
  const join = useJoin(id);
  const back = <Link to="/lms/webinars">{t('webinars.back')}</Link>;
  if (join.isPending) return <Loading />;
  if (join.isError) {
    return (
      <div className={styles.screen}>
        <ErrorState error={join.error} onRetry={() => void join.refetch()} />
        {back}
      </div>
    );
  }
  const { webinar, engine, url, host, me } = join.data;
  return (
    <div className={styles.screen}>
      <p>
        <strong>{webinar.discipline}</strong> · {webinar.group} ·{' '}
        {`${format.date(webinar.date)} ${webinar.start}–${webinar.end}`}
      </p>
      {engine === 'bbb' && url ? (
        <p>
          <a className="lms-ui-button lms-ui-button--primary" href={url}>
            {t('webinars.openBbb')}
          </a>
        </p>
      ) : (
        <EmbeddedRoom id={id} me={name} myId={me} host={host} />
      )}
      {host && <AttendancePanel id={id} />}
      {back}
    </div>
  );
}
