import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  Button,
  notifyFailure,
  type AttemptView,
  type TestingAdmissionWait,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { startAttempt } from '../api/take';
import styles from './Take.module.css';

/** After a failed ask (no network, a server error): again after 2, 4, 8… s, at most 30 s. */
const retryDelay = (failures: number) => Math.min(30_000, 2000 * 2 ** (failures - 1));

/**
 * Waiting to be admitted to a test: the place in the queue, asked again when the server says
 * (its `retryAfterMs`), until the attempt comes. The timer has not started: it starts when the
 * server admits the student. A refusal (the window closed meanwhile) ends the wait.
 */
export function AdmissionWait({
  title,
  wait,
  onAdmitted,
  onBack,
}: {
  title: string;
  wait: TestingAdmissionWait;
  onAdmitted: (attempt: AttemptView) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [current, setCurrent] = useState(wait);
  const [failures, setFailures] = useState(0);
  const done = useRef(false);

  useEffect(() => {
    done.current = false;
    return () => {
      done.current = true;
    };
  }, []);

  useEffect(() => {
    const delay = failures > 0 ? retryDelay(failures) : current.retryAfterMs;
    const timer = setTimeout(() => {
      startAttempt({ testId: current.testId }).then(
        (answer) => {
          if (done.current) return;
          setFailures(0);
          if ('waiting' in answer) setCurrent(answer);
          else onAdmitted(answer);
        },
        (error: unknown) => {
          if (done.current) return;
          if (error instanceof ApiError && error.status !== undefined && error.status < 500) {
            notifyFailure(error);
            onBack();
            return;
          }
          setFailures((n) => n + 1);
        },
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [current, failures]); // eslint-disable-line react-hooks/exhaustive-deps

  const seconds = Math.max(1, Math.ceil((current.admitAt - current.serverNow) / 1000));
  return (
    <section className={styles.card} aria-labelledby="admission-wait">
      <h2 id="admission-wait">{title}</h2>
      <p className={styles.waitTitle}>{t('waitTitle')}</p>
      <p role="status" aria-live="polite" className={styles.place} data-testid="queue-place">
        {t('waitPlace', { place: current.place })}
      </p>
      <p className={styles.meta}>
        {seconds < 90
          ? t('waitAbout', { seconds })
          : t('waitAboutMinutes', { minutes: Math.round(seconds / 60) })}
      </p>
      {failures > 0 && (
        <p className={styles.waiting} role="alert">
          {t('waitOffline')}
        </p>
      )}
      <p className={styles.meta}>{t('waitNote')}</p>
      <Button onClick={onBack}>{t('backToList')}</Button>
    </section>
  );
}
