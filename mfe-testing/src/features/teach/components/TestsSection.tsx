import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  EmptyState,
  ErrorState,
  Field,
  FormError,
  Loading,
  notify,
  SelectField,
  errorMessage,
  useFormat,
  useVisuallyHidden,
  type BankTopic,
  type TeacherTest,
  type TestingReviewLevel,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { openWindow, saveTest, useBank, useTeacherWrite, useTests } from '../api/teach';
import { instantOf } from '../questionForm';
import { MonitorPanel } from './MonitorPanel';
import { ResultsPanel } from './ResultsPanel';
import styles from './Teach.module.css';

/** What a student may see of a closed attempt, least first (the contract's levels). */
const TESTING_REVIEW_LEVELS = [
  'score',
  'answers',
  'feedback',
] as const satisfies readonly TestingReviewLevel[];
/** The longest grace the API takes (minutes). */
const TESTING_GRACE_MAX = 60;

const levelOf = (value: string): TestingReviewLevel =>
  TESTING_REVIEW_LEVELS.find((level) => level === value) ?? 'score';

interface Group {
  groupId: number;
  group: string;
}

/** Opens a test to one of the teacher's groups for a window. */
function WindowForm({ test, groups }: { test: TeacherTest; groups: Group[] }) {
  const { t } = useTranslation(NAMESPACE);
  const write = useTeacherWrite(openWindow);
  const [groupId, setGroupId] = useState(groups[0]?.groupId ?? 0);
  const [opens, setOpens] = useState('');
  const [closes, setCloses] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const opensAt = instantOf(opens);
    const closesAt = instantOf(closes);
    if (opensAt === null || closesAt === null) return;
    write.mutate(
      { testId: test.id, groupId, opensAt, closesAt },
      { onSuccess: () => notify(t('windowSaved'), 'success') },
    );
  };
  return (
    <form className={styles.row} onSubmit={submit}>
      <SelectField
        label={t('group')}
        value={groupId}
        onChange={(event) => setGroupId(Number(event.target.value))}
      >
        {groups.map((group) => (
          <option key={group.groupId} value={group.groupId}>
            {group.group}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('opensAt')}
        type="datetime-local"
        required
        value={opens}
        onChange={(event) => setOpens(event.target.value)}
      />
      <Field
        label={t('closesAt')}
        type="datetime-local"
        required
        value={closes}
        onChange={(event) => setCloses(event.target.value)}
      />
      {write.isError && <FormError>{errorMessage(write.error)}</FormError>}
      <Button type="submit" variant="secondary" disabled={write.isPending}>
        {t('openForGroup')}
      </Button>
    </form>
  );
}

/** A new test: its settings and how many questions each topic gives. */
function TestForm({ disciplineId, topics }: { disciplineId: number; topics: BankTopic[] }) {
  const { t } = useTranslation(NAMESPACE);
  const write = useTeacherWrite(saveTest);
  const [title, setTitle] = useState('');
  const [minutes, setMinutes] = useState(20);
  const [attempts, setAttempts] = useState(1);
  const [grading, setGrading] = useState<'best' | 'last'>('best');
  const [passMark, setPassMark] = useState(60);
  const [counts, setCounts] = useState<Record<number, number>>({});
  const [afterAttempt, setAfterAttempt] = useState<TestingReviewLevel>('score');
  const [afterClose, setAfterClose] = useState<TestingReviewLevel>('score');
  const [grace, setGrace] = useState(10);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draws = topics
      .map((topic) => ({ topicId: topic.id, count: counts[topic.id] ?? 0 }))
      .filter((draw) => draw.count > 0);
    write.mutate(
      {
        disciplineId,
        title,
        timeLimitMinutes: minutes,
        attemptsAllowed: attempts,
        grading,
        passMark,
        draws,
        offlineGraceMinutes: grace,
        reviewAfterAttempt: afterAttempt,
        reviewAfterClose: afterClose,
      },
      {
        onSuccess: () => {
          notify(t('testCreated'), 'success');
          setTitle('');
          setCounts({});
        },
      },
    );
  };
  const number = (value: string, fallback: number) => {
    const n = Number(value);
    return Number.isInteger(n) ? n : fallback;
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <h3>{t('newTest')}</h3>
      <Field
        label={t('testTitle')}
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <Field
        label={t('minutes')}
        type="number"
        min={1}
        value={minutes}
        onChange={(event) => setMinutes(number(event.target.value, 20))}
      />
      <Field
        label={t('attempts')}
        type="number"
        min={1}
        value={attempts}
        onChange={(event) => setAttempts(number(event.target.value, 1))}
      />
      <SelectField
        label={t('grading')}
        value={grading}
        onChange={(event) => setGrading(event.target.value === 'last' ? 'last' : 'best')}
      >
        <option value="best">{t('grading_best')}</option>
        <option value="last">{t('grading_last')}</option>
      </SelectField>
      <Field
        label={t('passMark')}
        type="number"
        min={0}
        max={100}
        value={passMark}
        onChange={(event) => setPassMark(number(event.target.value, 60))}
      />
      <Field
        label={t('offlineGrace')}
        type="number"
        min={0}
        max={TESTING_GRACE_MAX}
        value={grace}
        onChange={(event) => setGrace(number(event.target.value, 10))}
      />
      <SelectField
        label={t('reviewAfterAttempt')}
        value={afterAttempt}
        onChange={(event) => setAfterAttempt(levelOf(event.target.value))}
      >
        {TESTING_REVIEW_LEVELS.map((level) => (
          <option key={level} value={level}>
            {t(`review_${level}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('reviewAfterClose')}
        value={afterClose}
        onChange={(event) => setAfterClose(levelOf(event.target.value))}
      >
        {TESTING_REVIEW_LEVELS.map((level) => (
          <option key={level} value={level}>
            {t(`review_${level}`)}
          </option>
        ))}
      </SelectField>
      {topics.map((topic) => (
        <Field
          key={topic.id}
          label={t('drawFrom', { topic: topic.title, available: topic.questions.length })}
          type="number"
          min={0}
          max={topic.questions.length}
          value={counts[topic.id] ?? 0}
          onChange={(event) =>
            setCounts((old) => ({ ...old, [topic.id]: number(event.target.value, 0) }))
          }
        />
      ))}
      {write.isError && <FormError>{errorMessage(write.error)}</FormError>}
      <Button type="submit" variant="primary" disabled={write.isPending}>
        {t('createTest')}
      </Button>
    </form>
  );
}

/** The teacher's tests of a discipline: each with its windows, results; a new test. */
export function TestsSection({ disciplineId, groups }: { disciplineId: number; groups: Group[] }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const tests = useTests(disciplineId);
  const bank = useBank(disciplineId);
  const [resultsOf, setResultsOf] = useState<number | null>(null);
  const [monitorOf, setMonitorOf] = useState<number | null>(null);
  const hidden = useVisuallyHidden();
  if (tests.isPending) return <Loading />;
  if (tests.isError) return <ErrorState error={tests.error} onRetry={() => void tests.refetch()} />;
  return (
    <section className={styles.section} aria-labelledby="testing-tests">
      <h2 id="testing-tests">{t('tests')}</h2>
      {tests.data.length === 0 && <EmptyState message={t('noTestsYet')} />}
      {tests.data.map((test) => (
        <article key={test.id} className={styles.test} aria-labelledby={`test-${test.id}`}>
          <h3 id={`test-${test.id}`}>{test.title}</h3>
          <p>
            {t('testSummary', {
              minutes: test.timeLimitMinutes,
              attempts: test.attemptsAllowed,
              pass: test.passMark,
            })}
          </p>
          {test.windows.length === 0 ? (
            <p>{t('notOpenYet')}</p>
          ) : (
            <ul>
              {test.windows.map((window) => (
                <li key={window.groupId}>
                  {window.group}:{' '}
                  {t('window', {
                    from: format.dateTime(window.opensAt),
                    to: format.dateTime(window.closesAt),
                  })}
                </li>
              ))}
            </ul>
          )}
          <WindowForm test={test} groups={groups} />
          <Button
            aria-expanded={resultsOf === test.id}
            onClick={() => setResultsOf(resultsOf === test.id ? null : test.id)}
          >
            {t('results')}
            <span className={hidden}>: {test.title}</span>
          </Button>
          {test.windows.length > 0 && (
            <Button
              aria-expanded={monitorOf === test.id}
              onClick={() => setMonitorOf(monitorOf === test.id ? null : test.id)}
            >
              {t('monitor')}
              <span className={hidden}>: {test.title}</span>
            </Button>
          )}
          {monitorOf === test.id && <MonitorPanel testId={test.id} />}
          {resultsOf === test.id && <ResultsPanel testId={test.id} />}
        </article>
      ))}
      {bank.data && bank.data.topics.length > 0 && (
        <TestForm disciplineId={disciplineId} topics={bank.data.topics} />
      )}
    </section>
  );
}
