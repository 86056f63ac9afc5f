import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, ErrorState, Loading, useFormat } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useWaiting } from '../api/questionnaires';
import { EvaluationForm } from './EvaluationForm';
import styles from './Questionnaire.module.css';

/** The student's evaluations: what waits (one per discipline × teacher), and the form of one. */
export function StudentEvaluations() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const format = useFormat();
  const waiting = useWaiting(i18n.language);
  const [open, setOpen] = useState<number | null>(null);
  if (open !== null) return <EvaluationForm target={open} onClose={() => setOpen(null)} />;
  if (waiting.isError)
    return <ErrorState error={waiting.error} onRetry={() => void waiting.refetch()} />;
  if (!waiting.data) return <Loading />;
  if (waiting.data.length === 0) return <EmptyState message={t('student.nothingWaiting')} />;
  const left = waiting.data.filter((w) => !w.answered).length;
  return (
    <div className={styles.screen}>
      <p className={styles.lead}>
        {left > 0 ? t('student.left', { count: left }) : t('student.allDone')}
      </p>
      <p className={styles.note}>{t('student.anonymous')}</p>
      <ul className={styles.cards} aria-label={t('student.listLabel')}>
        {waiting.data.map((item) => (
          <li key={item.id_target} className={styles.card}>
            <h2 className={styles.cardTitle}>{item.discipline}</h2>
            <p className={styles.meta}>{item.teacher}</p>
            <p className={styles.meta}>
              {t('student.closes', { date: format.date(item.closesOn) })}
            </p>
            {item.answered ? (
              <p className={styles.done}>{t('student.answered')}</p>
            ) : (
              <Button
                variant="primary"
                onClick={() => setOpen(item.id_target)}
                aria-label={t('student.answerFor', {
                  discipline: item.discipline,
                  teacher: item.teacher,
                })}
              >
                {t('student.answer')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
