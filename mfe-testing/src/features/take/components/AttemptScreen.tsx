import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  confirm,
  ErrorState,
  Loading,
  notify,
  notifyFailure,
  useSession,
  type AttemptView,
  type TestingAnswerValue,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { submissionSignature, useHasPasskey } from '../api/sign';
import { chainDeviceOf } from '../outbox/chain';
import { submitAttempt, takeKeys, useAttempt } from '../api/take';
import { clock, remainingMs } from '../countdown';
import { answersOutbox, noteContact } from '../outbox/answers';
import { useAnswerOutbox, type SaveState } from '../outbox/useAnswerOutbox';
import { useHeartbeat } from '../useHeartbeat';
import { ReviewNote } from './ReviewNote';
import { QuestionInput } from './QuestionInput';
import { ResultBox } from './ResultBox';
import styles from './Take.module.css';

const TYPING_PAUSE_MS = 600;

const STATE_TEXT = {
  none: 'unanswered',
  saved: 'saved',
  saving: 'saving',
  queued: 'notSent',
  error: 'notSaved',
} as const;

/** The monotonic clock's reading at a wall-clock instant of this page (a query's answer). */
const monotonicAt = (wallClock: number) => performance.now() - (Date.now() - wallClock);

/** The time left, counted from the server's deadline and clock, refreshed every second. */
function useTimeLeft(attempt: AttemptView | undefined, receivedAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!attempt) return 0;
  return remainingMs(attempt.deadline, attempt.serverNow, receivedAt, now);
}

/** Taking a test: the questions, each answer saved as it is given, the server's timer, submit. */
export function AttemptScreen({ attemptId, onBack }: { attemptId: number; onBack: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const uid = useSession().user?.uid ?? 0;
  const queryClient = useQueryClient();
  const query = useAttempt(attemptId);
  const attempt = query.data;
  const answers = useAnswerOutbox(uid, attemptId);
  const hasPasskey = useHasPasskey();
  const { local, waiting } = answers;
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const left = useTimeLeft(attempt, query.dataUpdatedAt);
  const expired = attempt !== undefined && !attempt.submitted && left <= 0;
  useHeartbeat(attemptId, attempt !== undefined && !attempt.submitted && !expired);

  useEffect(() => {
    // The server's clock of this view is the device's latest contact (answers given offline
    // name it), counted from when it came.
    if (attempt) noteContact(attemptId, attempt.serverNow, monotonicAt(query.dataUpdatedAt));
  }, [attempt, attemptId, query.dataUpdatedAt]);

  useEffect(() => {
    // The server closes the attempt at its deadline: ask it once the time has run out, and
    // again when the network returns (answers waiting go first).
    if (!expired) return;
    const ask = () => void answers.flush().then(() => query.refetch());
    ask();
    window.addEventListener('online', ask);
    return () => window.removeEventListener('online', ask);
  }, [expired]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  if (query.isPending) return <Loading />;
  // A failed refetch (offline at the deadline) keeps the attempt on screen.
  if (query.isError && !query.data) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const view = query.data;

  const stored = (questionId: number) => view.answers.find((a) => a.questionId === questionId);
  // The newest answer waiting to a question (the outbox keeps every link, oldest first).
  const queued = (questionId: number) => waiting.findLast((item) => item.questionId === questionId);
  const versionOf = (questionId: number) =>
    Math.max(
      local[questionId]?.version ?? 0,
      queued(questionId)?.version ?? 0,
      stored(questionId)?.version ?? 0,
    );

  const change = (
    questionId: number,
    value: TestingAnswerValue,
    settle: 'now' | 'typing' = 'now',
  ) => {
    const version = versionOf(questionId) + 1;
    const waitingTimer = timers.current.get(questionId);
    if (waitingTimer) clearTimeout(waitingTimer);
    if (settle === 'now') return void answers.give(questionId, value, version);
    answers.show(questionId, value, version);
    timers.current.set(
      questionId,
      setTimeout(() => void answers.give(questionId, value, version), TYPING_PAUSE_MS),
    );
  };

  /** Submits; `sign`: with the passkey's signature of this device's chain head (or not at all). */
  const submit = async (sign = false) => {
    if (!(await confirm(t('submitConfirm'), { confirmLabel: t('submit') }))) return;
    await answers.flush();
    if (answersOutbox.items().some((item) => item.uid === uid && item.attemptId === attemptId)) {
      // Answers not sent yet would be lost to the result: the submit waits for the network.
      notify(t('submitWaits'), 'error');
      return;
    }
    try {
      // The student's passkey signs the head of this device's chain of answers.
      const passkey = sign ? await submissionSignature(uid, attemptId) : undefined;
      if (sign && !passkey) {
        notify(t('notSigned'), 'error');
        return;
      }
      const done = await submitAttempt(passkey ? { attemptId, passkey } : { attemptId });
      queryClient.setQueryData(takeKeys.attempt(uid, attemptId), done);
      await queryClient.invalidateQueries({ queryKey: takeKeys.open(uid) });
    } catch (error) {
      notifyFailure(error);
    }
  };

  const closed = view.submitted || expired;
  const reviewOf = (questionId: number) =>
    view.review?.find((item) => item.questionId === questionId);
  return (
    <div>
      <div className={styles.bar}>
        <Button onClick={onBack}>{t('backToList')}</Button>
        {!view.submitted && (
          <p className={styles.timer}>
            {t('timeLeft')}: <time data-testid="time-left">{clock(left)}</time>
          </p>
        )}
      </div>
      <h2>{view.title}</h2>
      {waiting.length > 0 && (
        <p className={styles.waiting} role="status" data-testid="outbox">
          {t('waitingToSend', { count: waiting.length })}
        </p>
      )}
      {view.submitted && view.result && <ResultBox result={view.result} />}
      {view.submitted && !view.result && <p role="status">{t('timeIsUp')}</p>}
      {view.questions.map((question, index) => {
        const mine = local[question.questionId];
        const inOutbox = queued(question.questionId);
        const value = mine?.value ?? inOutbox?.response ?? stored(question.questionId)?.response;
        const state: SaveState | 'none' =
          mine?.state ?? (inOutbox ? 'queued' : value ? 'saved' : 'none');
        const headingId = `q-${question.questionId}`;
        return (
          <section
            key={question.questionId}
            className={styles.question}
            aria-labelledby={headingId}
          >
            <h3 id={headingId} className={styles.meta}>
              {t('questionOf', { n: index + 1, all: view.questions.length })} ·{' '}
              {t('points', { count: question.points })}
            </h3>
            <p className={styles.meta}>{question.text}</p>
            <QuestionInput
              question={question}
              value={value}
              disabled={closed}
              onChange={(next, settle) => change(question.questionId, next, settle)}
            />
            {!view.submitted && (
              <p className={styles.state} aria-live="polite" data-testid="save-state">
                {t(STATE_TEXT[state])}
              </p>
            )}
            <ReviewNote item={reviewOf(question.questionId)} points={question.points} />
          </section>
        );
      })}
      {!closed && (
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => void submit()}>
            {t('submit')}
          </Button>
          {hasPasskey && chainDeviceOf(uid, attemptId) !== null && (
            <Button onClick={() => void submit(true)}>{t('signAndSubmit')}</Button>
          )}
        </div>
      )}
    </div>
  );
}
