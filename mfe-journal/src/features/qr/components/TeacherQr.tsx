import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  ErrorState,
  errorMessage,
  Loading,
  SectionHeader,
  useFormat,
  useVisuallyHidden,
  type QrPayload,
  type QrStudent,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useCheckIns, useLessonQr, useQrActions, useServerOffset } from '../api/qr';
import { secondsLeft } from '../scan';
import { QrImage } from './QrImage';
import styles from './Qr.module.css';

/** The teacher's QR of a lesson for the projector, with who has checked in, live. */
export function TeacherQr({ idShed }: { idShed: number }) {
  const { t } = useTranslation(NAMESPACE);
  const offset = useServerOffset();
  const qr = useLessonQr(idShed, offset);
  if (qr.isError && !qr.data) {
    return (
      <div className={styles.qrPage}>
        <ErrorState error={qr.error} onRetry={() => void qr.refetch()} />
        <Link to="/lms/schedule" className={styles.back}>
          {t('qr.back')}
        </Link>
      </div>
    );
  }
  if (!qr.data) return <Loading />;
  return <QrLesson qr={qr.data} idShed={idShed} offset={offset} />;
}

function QrLesson({ qr, idShed, offset }: { qr: QrPayload; idShed: number; offset: number }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const list = useCheckIns(qr.id_qr);
  const { toggle, mark } = useQrActions(qr.id_qr, idShed);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = secondsLeft(qr.rotatesAt, offset, now);
  const address = new URL(qr.url, window.location.origin).toString();
  const checkedIn = list.data?.checkedIn ?? qr.checkedIn;
  const expected = list.data?.expected ?? qr.expected;
  const open = list.data?.open ?? qr.open;

  return (
    <div className={styles.qrPage}>
      <Link to="/lms/schedule" className={styles.back}>
        {t('qr.back')}
      </Link>
      <div className={styles.projector}>
        <figure className={styles.code} data-testid="lesson-qr" data-token={qr.token}>
          {open ? (
            <QrImage text={address} label={t('qr.imageLabel')} size={320} />
          ) : (
            <p className={styles.closed}>{t('qr.closed')}</p>
          )}
          {open && (
            <figcaption>
              <p className={styles.shortCode}>
                {t('qr.code')} <strong data-testid="short-code">{qr.code}</strong>
              </p>
              <p aria-live="off" className={styles.countdown}>
                {t('qr.rotatesIn', { count: left })}
              </p>
            </figcaption>
          )}
        </figure>
        <div className={styles.side}>
          {/* Read out whole when it changes: what the number is, then the number. */}
          <div aria-live="polite" aria-atomic="true">
            <p className={styles.muted}>{t('qr.countLabel')}</p>
            <p className={styles.count} data-testid="checkin-count">
              {t('qr.count', { checkedIn, expected })}
            </p>
          </div>
          <p className={styles.muted} data-testid="checkin-window">
            {/* The university's time, as the server gives it (not this device's zone). */}
            {t('qr.window', { room: qr.auditoryName, from: qr.windowFrom, to: qr.windowTo })}
          </p>
          <button
            type="button"
            className={styles.button}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate(!open)}
          >
            {open ? t('qr.switchOff') : t('qr.switchOn')}
          </button>
          {toggle.isError && <p role="alert">{errorMessage(toggle.error)}</p>}
        </div>
      </div>
      <section aria-labelledby={headingId}>
        <SectionHeader id={headingId} level={2} title={t('qr.listTitle')} />
        {list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Loading />
        ) : (
          <ul className={styles.students} data-testid="checkin-list">
            {list.data.students.map((student) => (
              <StudentRow
                key={student.id_student}
                student={student}
                busy={mark.isPending}
                onMark={(present) => mark.mutate({ id_student: student.id_student, present })}
              />
            ))}
          </ul>
        )}
        {mark.isError && <p role="alert">{errorMessage(mark.error)}</p>}
      </section>
    </div>
  );
}

function StudentRow({
  student,
  busy,
  onMark,
}: {
  student: QrStudent;
  busy: boolean;
  onMark: (present: boolean) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const hidden = useVisuallyHidden();
  const how = student.source
    ? t(`qr.source.${student.source}`, { defaultValue: student.source })
    : '';
  const when = student.at ? format.time(student.at) : '';
  return (
    <li className={student.marked ? `${styles.student} ${styles.present}` : styles.student}>
      <span className={styles.name}>{student.s_fio}</span>
      <span className={styles.muted}>
        {student.marked ? t('qr.present') : student.otsenka ? t('qr.absent') : t('qr.notYet')}
        {how && ` · ${how}`}
        {when && ` · ${when}`}
      </span>
      <button
        type="button"
        className={styles.small}
        disabled={busy}
        onClick={() => onMark(!student.marked)}
      >
        {student.marked ? t('qr.absentShort') : t('qr.presentShort')}
        <span className={hidden}>
          {' — '}
          {student.s_fio}
        </span>
      </button>
    </li>
  );
}
