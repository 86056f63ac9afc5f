import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  EmptyState,
  ErrorState,
  Loading,
  notifyFailure,
  useFormat,
  useSession,
  useVisuallyHidden,
  type AttemptView,
  type OpenTest,
  type TestingAdmissionWait,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { startAttempt, takeKeys, useOpenTests } from '../api/take';
import { AdmissionWait } from './AdmissionWait';
import { AttemptScreen } from './AttemptScreen';
import { ResultBox } from './ResultBox';
import styles from './Take.module.css';

const ATTEMPT_PARAM = 'attempt';

/** The student's tests: those open to them with window and attempts left, then the attempt. */
export function StudentTests() {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const uid = useSession().user?.uid ?? 0;
  const queryClient = useQueryClient();
  const tests = useOpenTests();
  const hidden = useVisuallyHidden();
  // The attempt open on screen is in the address (?attempt=…): a reload, even offline, reopens it.
  const [params, setParams] = useSearchParams();
  const raw = params.get(ATTEMPT_PARAM);
  const attemptId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const setAttemptId = (id: number | null) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (id === null) next.delete(ATTEMPT_PARAM);
        else next.set(ATTEMPT_PARAM, String(id));
        return next;
      },
      { replace: id === null },
    );
  const [starting, setStarting] = useState<number | null>(null);
  const [waiting, setWaiting] = useState<{ title: string; wait: TestingAdmissionWait } | null>(
    null,
  );
  const admitted = (attempt: AttemptView) => {
    setWaiting(null);
    queryClient.setQueryData(takeKeys.attempt(uid, attempt.attemptId), attempt);
    setAttemptId(attempt.attemptId);
  };

  if (attemptId !== null) {
    return (
      <AttemptScreen
        attemptId={attemptId}
        onBack={() => {
          setAttemptId(null);
          void queryClient.invalidateQueries({ queryKey: takeKeys.open(uid) });
        }}
      />
    );
  }
  if (waiting !== null) {
    return (
      <AdmissionWait
        title={waiting.title}
        wait={waiting.wait}
        onAdmitted={admitted}
        onBack={() => {
          setWaiting(null);
          void queryClient.invalidateQueries({ queryKey: takeKeys.open(uid) });
        }}
      />
    );
  }
  if (tests.isPending) return <Loading />;
  if (tests.isError) return <ErrorState error={tests.error} onRetry={() => void tests.refetch()} />;
  if (tests.data.length === 0) return <EmptyState message={t('noTests')} />;

  const open = async (test: OpenTest) => {
    setStarting(test.testId);
    try {
      const answer = await startAttempt({ testId: test.testId });
      // Many start at once: the server admits at its rate and answers the place meanwhile.
      if ('waiting' in answer) setWaiting({ title: test.title, wait: answer });
      else admitted(answer);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setStarting(null);
    }
  };

  return (
    <ul className={styles.list}>
      {tests.data.map((test) => {
        const left = test.attemptsAllowed - test.attemptsUsed;
        const canStart = test.openAttemptId !== null || (left > 0 && Date.now() < test.closesAt);
        return (
          <li key={test.testId} className={styles.card}>
            <h2>{test.title}</h2>
            <p className={styles.meta}>{test.discipline}</p>
            <p className={styles.meta}>
              {t('window', {
                from: format.dateTime(test.opensAt),
                to: format.dateTime(test.closesAt),
              })}
            </p>
            <p className={styles.meta}>
              {t('timeLimit', { minutes: test.timeLimitMinutes })} ·{' '}
              {t('attemptsLeft', { left, all: test.attemptsAllowed })}
            </p>
            {test.result && <ResultBox result={test.result} />}
            {canStart && (
              <Button
                variant="primary"
                disabled={starting !== null}
                onClick={() => void open(test)}
              >
                {test.openAttemptId !== null ? t('continue') : t('start')}
                <span className={hidden}>: {test.title}</span>
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
