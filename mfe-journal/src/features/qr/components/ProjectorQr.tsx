import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState, Loading, type QrPayload } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useCheckIns } from '../api/qr';
import { useShownQr } from '../lesson';
import { secondsLeft } from '../scan';
import { useGroupName } from './LessonTitle';
import { QrImage } from './QrImage';
import styles from './Projector.module.css';

/**
 * The lesson's QR for the classroom's projector: the code as large as the screen allows, the
 * discipline, the group and how many have checked in. No names and no statuses: the list stays on
 * the teacher's own device (TeacherQr). It covers the portal's frame, so nothing of the teacher's
 * own (messages, profile) reaches the room.
 */
export function ProjectorQr({ idShed }: { idShed: number }) {
  const { t } = useTranslation(NAMESPACE);
  const groupName = useGroupName();
  const { known, lesson, phase, qr, offset } = useShownQr(idShed);
  let code;
  if (!known) code = <Loading />;
  else if (lesson && phase === 'before') {
    code = <p className={styles.when}>{t('schedule.qrOpensAt', { from: lesson.windowFrom })}</p>;
  } else if (lesson && phase === 'over') {
    code = <p className={styles.when}>{t('schedule.qrOver', { to: lesson.windowTo })}</p>;
  } else if (qr.isError && !qr.data) {
    code = <ErrorState error={qr.error} onRetry={() => void qr.refetch()} />;
  } else if (!qr.data) code = <Loading />;
  else code = <ProjectedCode qr={qr.data} />;
  const live = qr.data && phase !== 'before' && phase !== 'over' ? qr.data : null;

  return (
    <div className={styles.projector} data-testid="projector">
      <div className={styles.head}>
        {lesson && (
          <>
            <h2 className={styles.discipline}>{lesson.discipline}</h2>
            <p className={styles.group} data-testid="qr-group">
              {groupName(lesson)}
            </p>
            <p className={styles.detail}>
              {lesson.lessonType} · {t('schedule.room')} {lesson.auditoryName}
            </p>
          </>
        )}
      </div>
      <div className={styles.codeArea}>{code}</div>
      <div className={styles.foot}>
        {live && <Count qr={live} />}
        {live?.open && <TypedCode qr={live} offset={offset} />}
        <Link className={styles.leave} to={`/lms/schedule/qr/${idShed}`}>
          {t('qr.leaveProjector')}
        </Link>
      </div>
    </div>
  );
}

/** How many of the lesson's students have checked in, moved live by their check-ins. */
function Count({ qr }: { qr: QrPayload }) {
  const { t } = useTranslation(NAMESPACE);
  const list = useCheckIns(qr.id_qr);
  const checkedIn = list.data?.checkedIn ?? qr.checkedIn;
  const expected = list.data?.expected ?? qr.expected;
  return (
    <div aria-live="polite" aria-atomic="true">
      <p className={styles.countLabel}>{t('qr.countLabel')}</p>
      <p className={styles.count} data-testid="checkin-count">
        {t('qr.count', { checkedIn, expected })}
      </p>
    </div>
  );
}

function ProjectedCode({ qr }: { qr: QrPayload }) {
  const { t } = useTranslation(NAMESPACE);
  if (!qr.open) return <p className={styles.when}>{t('qr.closed')}</p>;
  const address = new URL(qr.url, window.location.origin).toString();
  return (
    <figure className={styles.code} data-testid="lesson-qr" data-token={qr.token}>
      <QrImage text={address} label={t('qr.imageLabel')} size={360} />
    </figure>
  );
}

/** The code to type when the camera cannot read the QR, and when it changes. */
function TypedCode({ qr, offset }: { qr: QrPayload; offset: number }) {
  const { t } = useTranslation(NAMESPACE);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return (
    <div>
      <p className={styles.shortCode}>
        {t('qr.code')} <strong data-testid="short-code">{qr.code}</strong>
      </p>
      <p aria-live="off" className={styles.countdown}>
        {t('qr.rotatesIn', { count: secondsLeft(qr.rotatesAt, offset, now) })}
      </p>
    </div>
  );
}
