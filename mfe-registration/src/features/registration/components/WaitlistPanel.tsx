import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  Button,
  confirm,
  ErrorState,
  SectionHeader,
  errorMessage,
  useFormat,
  type WaitlistEntry,
  type WaitlistStatusResponse,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { loadFailure } from '../../../lib/loadError';
import type { Term } from '../../../lib/term';
import { useWaitlistStatus, useWaitlistWrites } from '../api/waitlist';
import { countdownParts } from '../countdown';
import styles from './Registration.module.css';

/** Where a student pays (the finance remote's payment code screen). */
export const PAYMENT_CODE_PATH = '/lms/paymentcode';

/**
 * What stands between the student and registering: holds (with what to do), the registration
 * appointment with a countdown, and their waiting lists (position, promotion, skip).
 */
export function WaitlistPanel({ term }: { term: Term }) {
  const { t } = useTranslation(NAMESPACE);
  const status = useWaitlistStatus(term);
  if (status.isError) {
    return (
      <ErrorState
        error={loadFailure(t, 'waitlist', status.error)}
        onRetry={() => void status.refetch()}
      />
    );
  }
  if (!status.data) return null;
  return (
    <>
      <Holds data={status.data} />
      <Appointment data={status.data} />
      <Lists entries={status.data.entries} />
    </>
  );
}

function Holds({ data }: { data: WaitlistStatusResponse }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  if (data.holds.length === 0) return null;
  return (
    <section className={styles.hold} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.holdTitle}>
        {t('holds.title')}
      </h2>
      {data.holds.map((hold) => (
        <p key={`${hold.kind}-${hold.text}`} className={styles.holdText}>
          {hold.text}
          {hold.kind === 'tuition' && (
            <>
              {' '}
              <Link to={PAYMENT_CODE_PATH}>{t('holds.pay')}</Link>
            </>
          )}
        </p>
      ))}
    </section>
  );
}

function Appointment({ data }: { data: WaitlistStatusResponse }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const appointment = data.appointment;
  // The countdown runs on the server's clock: its offset from this device's is kept.
  const [offset] = useState(() => Date.parse(data.now) - Date.now());
  const [now, setNow] = useState(() => Date.now() + offset);
  const opensAt = appointment ? Date.parse(appointment.opensAt) : 0;
  const waiting = appointment !== null && now < opensAt;
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [waiting, offset]);
  if (!appointment) return null;
  const when = format.dateTime(appointment.opensAt);
  if (!waiting) {
    return <p className={styles.note}>{t('slot.open', { course: appointment.course, when })}</p>;
  }
  const left = countdownParts(opensAt - now);
  return (
    <p className={styles.closed}>
      {t('slot.waiting', { course: appointment.course, when })}{' '}
      <span role="timer" aria-live="off">
        {t(left.days > 0 ? 'slot.countdownDays' : 'slot.countdown', {
          days: format.number(left.days),
          hours: String(left.hours).padStart(2, '0'),
          minutes: String(left.minutes).padStart(2, '0'),
          seconds: String(left.seconds).padStart(2, '0'),
        })}
      </span>
    </p>
  );
}

function Lists({ entries }: { entries: WaitlistEntry[] }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const headingId = useId();
  const { leave, decline } = useWaitlistWrites();
  if (entries.length === 0) return null;
  const failed = leave.error ?? decline.error;
  // A mistap must not lose the place: leaving asks first, naming the list and the place.
  const askLeave = async (entry: WaitlistEntry, name: string) => {
    const yes = await confirm(
      t('waitlist.confirmLeave', { name, position: format.number(entry.position ?? 0) }),
      {
        title: t('waitlist.confirmLeaveTitle'),
        danger: true,
        confirmLabel: t('waitlist.leave'),
        cancelLabel: t('waitlist.stay'),
      },
    );
    if (yes) leave.mutate(entry.id);
  };
  return (
    <section className={styles.block} aria-labelledby={headingId}>
      <SectionHeader id={headingId} level={2} title={t('waitlist.title')} />
      <ul className={styles.waitlist}>
        {entries.map((entry) => {
          const name = `${entry.discipline}, ${entry.vid_zaniatiy}, ${entry.stream}`;
          return (
            <li key={entry.id} className={styles.panel}>
              <strong>{name}</strong>
              {/* The status is live: a promotion arrives while the page is open. */}
              <span role="status">
                {entry.status === 'waiting'
                  ? t('waitlist.position', { position: format.number(entry.position ?? 0) })
                  : entry.status === 'promoted'
                    ? t('waitlist.promoted')
                    : t('waitlist.skipped', { reason: entry.reason ?? '' })}
              </span>
              {entry.status === 'waiting' && (
                <Button
                  variant="secondary"
                  aria-label={t('waitlist.leaveNamed', { name })}
                  disabled={leave.isPending}
                  onClick={() => void askLeave(entry, name)}
                >
                  {t('waitlist.leave')}
                </Button>
              )}
              {entry.status === 'promoted' && entry.declineUntil && (
                <Button
                  variant="secondary"
                  aria-label={t('waitlist.declineNamed', { name })}
                  disabled={decline.isPending}
                  onClick={() => decline.mutate(entry.id)}
                >
                  {t('waitlist.decline', { until: format.dateTime(entry.declineUntil) })}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {failed && (
        <p className={styles.refusal} role="alert">
          {errorMessage(failed)}
        </p>
      )}
    </section>
  );
}
