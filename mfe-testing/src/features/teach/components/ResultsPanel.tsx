import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  DataTable,
  EmptyState,
  ErrorState,
  Field,
  Loading,
  notify,
  notifyFailure,
  useFormat,
  useVisuallyHidden,
  type TestingAnswerValue,
  type TestingRefusedAnswer,
  type TestingResultRow,
  type TestingReviewItem,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { gradeEssay, useResults, useReview, useTeacherWrite } from '../api/teach';
import styles from './Teach.module.css';

/** A response as the teacher reads it (ids are not shown: the review names the key in words). */
function responseText(response: TestingAnswerValue | null): string {
  if (!response) return '';
  if (response.text !== undefined) return response.text;
  if (response.value !== undefined) return String(response.value);
  if (response.truth !== undefined) return String(response.truth);
  return JSON.stringify(response.choice ?? response.order ?? response.pairs ?? '');
}

function EssayGrade({ attemptId, item }: { attemptId: number; item: TestingReviewItem }) {
  const { t } = useTranslation(NAMESPACE);
  const grade = useTeacherWrite(gradeEssay);
  const [points, setPoints] = useState(String(item.awarded ?? ''));
  return (
    <form
      className={styles.row}
      onSubmit={(event) => {
        event.preventDefault();
        grade.mutate(
          { attemptId, questionId: item.questionId, points: Number(points) },
          {
            onSuccess: () => notify(t('graded'), 'success'),
            onError: (error) => notifyFailure(error),
          },
        );
      }}
    >
      <Field
        label={`${t('awarded')} (0–${item.points})`}
        type="number"
        min={0}
        max={item.points}
        step="0.5"
        required
        value={points}
        onChange={(event) => setPoints(event.target.value)}
      />
      <Button type="submit" variant="primary" disabled={grade.isPending}>
        {t('grade')}
      </Button>
    </form>
  );
}

/** Minutes, rounded up, of a delay (a second late is a minute late). */
const lateMinutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * The answers the server refused (out of the offline bounds): never scored, listed for the
 * teacher with what was answered, when it came, how late and why.
 */
function RefusedAnswers({
  attemptId,
  refused,
  items,
}: {
  attemptId: number;
  refused: TestingRefusedAnswer[];
  items: TestingReviewItem[];
}) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  if (refused.length === 0) return null;
  const headingId = `refused-${attemptId}`;
  return (
    <section aria-labelledby={headingId} data-testid="refused-answers">
      <h5 id={headingId}>{t('refusedAnswers', { count: refused.length })}</h5>
      <p className={styles.hint}>{t('refusedHint')}</p>
      <ul className={styles.refused}>
        {refused.map((entry, index) => (
          <li key={`${entry.questionId}-${entry.receivedAt}-${index}`} className={styles.item}>
            <strong>{items.find((item) => item.questionId === entry.questionId)?.text}</strong>
            <span>
              {t('refusedResponse')}: {responseText(entry.response)}
            </span>
            <span>
              {t('receivedAt')}: {format.dateTime(entry.receivedAt)}
              {entry.lateMs !== null && ` (${t('lateBy', { minutes: lateMinutes(entry.lateMs) })})`}
            </span>
            <span>
              {t('refusedReason')}: {entry.reason}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Review({ attemptId, onClose }: { attemptId: number; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const review = useReview(attemptId);
  if (review.isPending) return <Loading />;
  if (review.isError) return <ErrorState error={review.error} />;
  return (
    <section className={styles.review} aria-labelledby={`review-${attemptId}`}>
      <h4 id={`review-${attemptId}`}>
        {t('review')}: {review.data.student}
      </h4>
      {review.data.passkeySigned && (
        <p className={styles.hint} data-testid="passkey-signed">
          {t('passkeySigned')}
        </p>
      )}
      {review.data.items.map((item) => (
        <div key={item.questionId} className={styles.item}>
          <strong>{item.text}</strong>
          <span>
            {t('yourAnswer')}: {item.response ? responseText(item.response) : t('noResponse')}
          </span>
          {item.lateMs !== undefined && (
            <span className={styles.late} data-testid="late">
              {t('lateAnswer')}: {t('lateBy', { minutes: lateMinutes(item.lateMs) })}
            </span>
          )}
          {item.kind !== 'essay' && (
            <span>
              {t('key')}: {item.key}
            </span>
          )}
          <span>
            {t('awarded')}: {item.awarded ?? '—'} / {item.points}
          </span>
          {item.kind === 'essay' && item.response && (
            <EssayGrade attemptId={attemptId} item={item} />
          )}
        </div>
      ))}
      <RefusedAnswers
        attemptId={attemptId}
        refused={review.data.refused ?? []}
        items={review.data.items}
      />
      <Button onClick={onClose}>{t('close')}</Button>
    </section>
  );
}

/** The attempts at a test: who, which attempt, the score or its state; a review to grade. */
export function ResultsPanel({ testId }: { testId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const hidden = useVisuallyHidden();
  const results = useResults(testId);
  const [reviewing, setReviewing] = useState<number | null>(null);
  if (results.isPending) return <Loading />;
  if (results.isError) return <ErrorState error={results.error} />;
  if (results.data.length === 0) return <EmptyState message={t('noResults')} />;
  const status = (row: TestingResultRow) => {
    if (!row.result) return t('inProgress');
    const score = `${format.number(row.result.score)} / ${format.number(row.result.maxScore)}`;
    return row.result.pending > 0 ? `${score} · ${t('toGrade')}` : score;
  };
  return (
    <div className={styles.review}>
      <DataTable
        caption={t('results')}
        rows={results.data}
        rowKey={(row) => row.attemptId}
        columns={[
          { key: 'student', header: t('student'), render: (row) => row.student },
          { key: 'number', header: t('attempt'), render: (row) => row.number, priority: 'low' },
          { key: 'score', header: t('score'), render: status, priority: 'key' },
          {
            key: 'review',
            header: t('review'),
            render: (row) => (
              <Button onClick={() => setReviewing(row.attemptId)}>
                {t('review')}
                <span className={hidden}>: {row.student}</span>
              </Button>
            ),
          },
        ]}
      />
      {reviewing !== null && <Review attemptId={reviewing} onClose={() => setReviewing(null)} />}
    </div>
  );
}
