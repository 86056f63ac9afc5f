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
import { useCheckIns, useQrActions } from '../api/qr';
import { useShownQr } from '../lesson';
import { secondsLeft } from '../scan';
import { LessonTitle } from './LessonTitle';
import { QrImage } from './QrImage';
import styles from './Qr.module.css';

/**
 * The teacher's QR of a lesson on their own device: the lesson, the code (inside its window
 * only), who has checked in, live, with a mark by hand; and the way to the projector's view,
 * which shows the room the code without the list.
 */
export function TeacherQr({ idShed }: { idShed: number }) {
  const { t } = useTranslation(NAMESPACE);
  const { known, lesson, phase, qr, offset } = useShownQr(idShed);
  const back = (
    <Link to="/lms/schedule" className={styles.back}>
      {t('qr.back')}
    </Link>
  );
  const title = lesson && (
    <LessonTitle lesson={lesson} className={styles.lessonName} detailClassName={styles.muted} />
  );
  if (!known) return <Loading />;
  if (lesson && (phase === 'before' || (phase === 'over' && !qr.data))) {
    return (
      <div className={styles.qrPage}>
        {back}
        {title}
        <p className={styles.when} role="status" data-testid="qr-when">
          {phase === 'before'
            ? t('schedule.qrOpensAt', { from: lesson.windowFrom })
            : t('schedule.qrOver', { to: lesson.windowTo })}
        </p>
      </div>
    );
  }
  if (qr.isError && !qr.data) {
    return (
      <div className={styles.qrPage}>
        {title}
        <ErrorState error={qr.error} onRetry={() => void qr.refetch()} />
        {back}
      </div>
    );
  }
  if (!qr.data) return <Loading />;
  return (
    <div className={styles.qrPage}>
      {back}
      {title}
      <QrLesson qr={qr.data} idShed={idShed} offset={offset} over={phase === 'over'} />
    </div>
  );
}

function QrLesson({
  qr,
  idShed,
  offset,
  over,
}: {
  qr: QrPayload;
  idShed: number;
  offset: number;
  /** The window has closed while the screen was open: the code goes, the list stays. */
  over: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const hintId = useId();
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
    <>
      <div className={styles.board}>
        <figure className={styles.code} data-testid="lesson-qr" data-token={qr.token}>
          {over ? (
            <p className={styles.closed} data-testid="qr-when">
              {t('schedule.qrOver', { to: qr.windowTo })}
            </p>
          ) : open ? (
            <QrImage text={address} label={t('qr.imageLabel')} size={320} />
          ) : (
            <p className={styles.closed}>{t('qr.closed')}</p>
          )}
          {open && !over && (
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
          {!over && (
            <>
              <Link
                className={styles.button}
                to={`/lms/schedule/qr/${idShed}/projector`}
                target="_blank"
                rel="noopener"
                aria-describedby={hintId}
              >
                {t('qr.projector')}
              </Link>
              <p className={styles.muted} id={hintId}>
                {t('qr.projectorHint')}
              </p>
              <button
                type="button"
                className={styles.button}
                disabled={toggle.isPending}
                onClick={() => toggle.mutate(!open)}
              >
                {open ? t('qr.switchOff') : t('qr.switchOn')}
              </button>
            </>
          )}
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
    </>
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
