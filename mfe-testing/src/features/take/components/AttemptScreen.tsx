import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  confirm,
  ErrorState,
  Loading,
  notifyFailure,
  useSession,
  type AttemptView,
  type TestingAnswerValue,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { saveAnswer, submitAttempt, takeKeys, useAttempt } from '../api/take';
import { clock, remainingMs } from '../countdown';
import { QuestionInput } from './QuestionInput';
import { ResultBox } from './ResultBox';
import styles from './Take.module.css';

type SaveState = 'saving' | 'saved' | 'error';
interface Local {
  value: TestingAnswerValue;
  version: number;
  state: SaveState;
}

const TYPING_PAUSE_MS = 600;

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
  const [local, setLocal] = useState<Record<number, Local>>({});
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const left = useTimeLeft(attempt, query.dataUpdatedAt);
  const expired = attempt !== undefined && !attempt.submitted && left <= 0;

  useEffect(() => {
    // The server closes the attempt at its deadline: ask it once the time has run out.
    if (expired) void query.refetch();
  }, [expired]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const view = query.data;

  const stored = (questionId: number) => view.answers.find((a) => a.questionId === questionId);
  const versionOf = (questionId: number) =>
    local[questionId]?.version ?? stored(questionId)?.version ?? 0;

  const send = async (questionId: number, value: TestingAnswerValue, version: number) => {
    try {
      const saved = await saveAnswer({ attemptId, questionId, version, response: value });
      setLocal((all) => {
        const mine = all[questionId];
        if (!mine || mine.version > saved.version) return all;
        return { ...all, [questionId]: { ...mine, state: 'saved' } };
      });
    } catch (error) {
      setLocal((all) => {
        const mine = all[questionId];
        return mine ? { ...all, [questionId]: { ...mine, state: 'error' } } : all;
      });
      notifyFailure(error);
    }
  };

  const change = (
    questionId: number,
    value: TestingAnswerValue,
    settle: 'now' | 'typing' = 'now',
  ) => {
    const version = versionOf(questionId) + 1;
    setLocal((all) => ({ ...all, [questionId]: { value, version, state: 'saving' } }));
    const waiting = timers.current.get(questionId);
    if (waiting) clearTimeout(waiting);
    if (settle === 'now') return void send(questionId, value, version);
    timers.current.set(
      questionId,
      setTimeout(() => void send(questionId, value, version), TYPING_PAUSE_MS),
    );
  };

  const submit = async () => {
    if (!(await confirm(t('submitConfirm'), { confirmLabel: t('submit') }))) return;
    try {
      const done = await submitAttempt({ attemptId });
      queryClient.setQueryData(takeKeys.attempt(uid, attemptId), done);
      await queryClient.invalidateQueries({ queryKey: takeKeys.open(uid) });
    } catch (error) {
      notifyFailure(error);
    }
  };

  const closed = view.submitted || expired;
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
      {view.submitted && view.result && <ResultBox result={view.result} />}
      {view.submitted && !view.result && <p role="status">{t('timeIsUp')}</p>}
      {view.questions.map((question, index) => {
        const mine = local[question.questionId];
        const value = mine?.value ?? stored(question.questionId)?.response;
        const state: SaveState | 'none' = mine?.state ?? (value ? 'saved' : 'none');
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
            <p className={styles.state} aria-live="polite" data-testid="save-state">
              {state === 'none'
                ? t('unanswered')
                : t(state === 'saved' ? 'saved' : state === 'saving' ? 'saving' : 'notSaved')}
            </p>
          </section>
        );
      })}
      {!closed && (
        <Button variant="primary" onClick={() => void submit()}>
          {t('submit')}
        </Button>
      )}
    </div>
  );
}
